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
  /** A wallet holder's account (a person) or the application's own (a business). */
  owner: "holder" | "application";
  bankAccount: { id: string; country: string; currency: string; railAccountToken: string | null };
  identifiers: BankIdentifiers;
};

/** What a rail may refuse before any hold: the account's country, currency and scheme. */
export type RailAccount = { country: string; currency: string; scheme: string };

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

export type SubmitHooks = {
  /**
   * The rail made its own record of the bank account: kept on our row at once, before the payment
   * itself is asked for, so a payment that then fails does not make a second record on the retry.
   */
  railAccountCreated(token: string): Promise<void>;
};

export type PayoutRail = {
  name: string;
  /**
   * Whether a payout it has accepted may still be canceled here. The simulator holds every payout
   * until told; Lithic's API has no way to call a payment back once it has it.
   */
  cancelableOnceSubmitted: boolean;
  /** Why this rail cannot pay such an account, or null when it can (asked before anything is held). */
  refusal(account: RailAccount): string | null;
  /** Hands the payout to the rail; the same payout id answers the same reference however often it is sent. */
  submit(payout: RailPayout, hooks: SubmitHooks): Promise<{ reference: string }>;
};
