// The test helpers (funding, simulated taps) move money out of thin air: live keys may not use them.
import { DomainError } from "@/lib/errors";
import type { Tenant } from "@/lib/tenant";

export function requireTestMode(tenant: Tenant): void {
  if (tenant.livemode) {
    throw new DomainError(
      "test_mode_only",
      "This helper works only with sk_test_ keys; live wallets are funded by the operator.",
    );
  }
}
