// Names the account a console page is in, and with several accounts, switches: the one line that
// says whose applications, keys and team you are looking at.
import { switchAccountAction } from "@/app/merchant/sdk/(console)/actions";
import { buttonVariants } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";
import { inputClass } from "@/components/ui/input";
import type { Membership } from "@/lib/console/current-account";

export function AccountBar({
  current,
  memberships,
  returnTo,
  className = "mb-6",
}: {
  current: Membership;
  memberships: readonly Membership[];
  /** Where switching lands: the same kind of page, in the chosen account. */
  returnTo: string;
  className?: string;
}) {
  return (
    <div
      data-testid="current-account"
      className={cn(
        className,
        "flex flex-wrap items-center gap-x-4 gap-y-2 rounded-lg border border-slate-200 bg-white px-4 py-2.5 text-sm",
      )}
    >
      <p className="min-w-0 text-slate-700">
        Account: <bdi className="font-semibold text-slate-900">{current.name}</bdi>{" "}
        <span className="text-slate-500">(your role: {current.role})</span>
      </p>
      {memberships.length > 1 ? (
        <form action={switchAccountAction} className="flex items-center gap-2">
          <input type="hidden" name="returnTo" value={returnTo} />
          <label htmlFor="account-switch" className="sr-only">
            Switch account
          </label>
          <select
            id="account-switch"
            name="accountId"
            defaultValue={current.id}
            className={cn(inputClass, "w-auto py-1")}
          >
            {memberships.map((membership) => (
              <option key={membership.id} value={membership.id}>
                {membership.name} ({membership.role})
              </option>
            ))}
          </select>
          <button type="submit" className={buttonVariants({ variant: "secondary" })}>
            Switch
          </button>
        </form>
      ) : null}
    </div>
  );
}
