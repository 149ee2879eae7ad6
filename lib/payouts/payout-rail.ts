// The port every payout rail implements (docs/decisions/money-movement.md): the lifecycle in
// lib/payouts submits a held payout through it, outside any transaction, with the payout's id as the
// idempotency key, so a retried submission never pays twice. The rail reports what happens next
// (in transit, paid, failed, returned) back through lib/payouts/move-payout.ts.
import type { BankIdentifiers } from "./bank-account-details";

export type RailPayout = {
  id: string;
  livemode: boolean;
  amount: bigint;
  currency: string;
  description: string | null;
  holderName: string;
  identifiers: BankIdentifiers;
};

/** A failed submission: `retry` when the rail may not have seen it (down, timed out), so the worker tries again. */
export class PayoutRailError extends Error {
  constructor(
    message: string,
    readonly retry: boolean,
  ) {
    super(message);
    this.name = "PayoutRailError";
  }
}

export type PayoutRail = {
  name: string;
  /** Hands the payout to the rail; the same payout id answers the same reference however often it is sent. */
  submit(payout: RailPayout): Promise<{ reference: string }>;
};
