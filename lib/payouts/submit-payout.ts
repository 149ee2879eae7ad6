// Hands a pending payout to its rail: queued as a graphile-worker job in the payout's own
// transaction, run by the worker outside any transaction (the rail is a network call), retried with
// back-off while the rail is down or did not answer, and idempotent on the payout id at the rail, so
// a retry after a lost answer is the same submission, never a second payment.
import { transaction, type Db } from "@/lib/db/client";
import { payoutRailNamed } from "@/lib/connectors/payout-rails";
import { DomainError } from "@/lib/errors";
import { bankIdentifiers } from "./bank-accounts";
import { movePayout } from "./move-payout";
import { PayoutRailError } from "./payout-rail";

/** graphile-worker's task identifier: queued jobs carry it, so never rename it. */
export const PAYOUT_SUBMIT_TASK = "payout_submit";

export async function queuePayoutSubmission(tx: Db, payoutId: string): Promise<void> {
  await tx.$queryRaw`SELECT 1 FROM graphile_worker.add_job(
      identifier => ${PAYOUT_SUBMIT_TASK},
      payload => ${JSON.stringify({ payoutId })}::json,
      max_attempts => 25,
      job_key => ${`${PAYOUT_SUBMIT_TASK}:${payoutId}`})`;
}

/**
 * Submits the payout once it is still pending and unsent; a no-op otherwise. Throws to be retried
 * while the rail may not have seen it; a rail that refused it for good fails the payout (its hold
 * released, `payout.failed` with the rail's reason), since no retry could change the answer.
 */
export async function submitPayout(db: Db, payoutId: string): Promise<"submitted" | "skipped" | "failed"> {
  const payout = await db.payout.findUnique({ where: { id: payoutId }, include: { bankAccount: true } });
  if (!payout || payout.status !== "pending" || payout.railReference !== null) return "skipped";
  const rail = payoutRailNamed(payout.rail);
  if (!rail)
    throw new PayoutRailError(`payout ${payoutId} names the rail ${payout.rail}, which this deployment lacks`, true);
  const { bankAccount } = payout;
  let reference: string;
  try {
    ({ reference } = await rail.submit(
      {
        id: payout.id,
        livemode: payout.livemode,
        amount: payout.amount,
        currency: payout.currency,
        description: payout.description,
        holderName: bankAccount.holderName,
        owner: payout.walletId === null ? "application" : "holder",
        bankAccount: {
          id: bankAccount.id,
          country: bankAccount.country,
          currency: bankAccount.currency,
          railAccountToken: bankAccount.railAccountToken,
        },
        identifiers: bankIdentifiers(bankAccount),
      },
      {
        async railAccountCreated(token) {
          await db.bankAccount.updateMany({
            where: { id: bankAccount.id, railAccountToken: null },
            data: { railAccountToken: token },
          });
        },
      },
    ));
  } catch (error) {
    if (!(error instanceof PayoutRailError) || error.retry) throw error;
    const tenant = { applicationId: payout.applicationId, livemode: payout.livemode };
    try {
      await transaction((tx) =>
        movePayout(tx, tenant, payoutId, "failed", `rail_refused: ${error.message}`.slice(0, 500)),
      );
      return "failed";
    } catch (moveError) {
      // A move that raced the call (canceled meanwhile) keeps its own state.
      if (moveError instanceof DomainError && moveError.code === "payout_status_conflict") return "skipped";
      throw moveError;
    }
  }
  // Recorded only on a payout still unsent: a move that raced the call keeps its own state.
  await db.payout.updateMany({ where: { id: payoutId, railReference: null }, data: { railReference: reference } });
  return "submitted";
}
