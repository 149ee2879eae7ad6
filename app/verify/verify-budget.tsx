// The verify pages' share of the per-address limit: each check a page makes counts against the same
// budget as the verification API (lib/http/rate-limit.ts), and once it is spent the page says so
// instead of checking, as the API answers 429.
import { headers } from "next/headers";
import { CLIENT_ADDRESS_HEADER, clientAddressOf } from "@/lib/client-address";
import { addressLimitPerMinute, spendAddressBudget, type AddressBudget } from "@/lib/http/rate-limit";

/** Counts one check for the caller's address. */
export async function spendVerifyBudget(): Promise<AddressBudget> {
  const requestHeaders = await headers();
  const address = clientAddressOf(
    requestHeaders.get(CLIENT_ADDRESS_HEADER) ?? "unknown",
    requestHeaders.get("x-forwarded-for"),
  );
  return spendAddressBudget(address);
}

export function VerifyBudgetNotice({ budget }: { budget: AddressBudget }) {
  if (budget.state === "ok") return null;
  return (
    <div
      data-testid="verify-limited"
      role="alert"
      className="rounded-lg border border-amber-300 bg-amber-50 p-4 text-amber-900 sm:p-6"
    >
      {budget.state === "limited" ? (
        <>
          <h2 className="text-lg font-semibold">Too many checks from your address</h2>
          <p className="mt-1">
            Checks on these pages and through the verification API share one limit of {addressLimitPerMinute()} a minute
            per address. Try again in {budget.retryAfterSeconds} second{budget.retryAfterSeconds === 1 ? "" : "s"}.
          </p>
        </>
      ) : (
        <>
          <h2 className="text-lg font-semibold">Checking is unavailable right now</h2>
          <p className="mt-1">Nothing was checked. Try again in a few seconds.</p>
        </>
      )}
    </div>
  );
}
