// A payout's moves after it was created (docs/decisions/money-movement.md), each under the payout's
// row lock and then its account's, with its event in the same transaction: in transit (the rail sent
// it), paid (the hold released and the amount posted out to the platform's reserve), failed (the
// hold released), returned (paid, then credited back from the reserve), canceled (before it left).
import type { Db } from "@/lib/db/client";
import { lockAccounts } from "@/lib/balance/balance-account";
import { payoutRailNamed } from "@/lib/connectors/payout-rails";
import { DomainError } from "@/lib/errors";
import { recordEvent, type EventType } from "@/lib/events/record-event";
import type { PayoutStatus } from "@/lib/generated/prisma/client";
import { ensureReserveAccount } from "@/lib/ledger/accounts";
import { postTransfer } from "@/lib/ledger/post-transfer";
import type { PayoutRecord } from "@/lib/schemas/money-movement";
import type { Tenant } from "@/lib/tenant";
import { PAYOUT_WALLET, payoutRecord } from "./payout-record";

export type PayoutMove = "in_transit" | "paid" | "failed" | "returned" | "canceled";

/** Where each move may start from. */
const FROM: Record<PayoutMove, readonly PayoutStatus[]> = {
  in_transit: ["pending"],
  paid: ["pending", "in_transit"],
  failed: ["pending", "in_transit"],
  returned: ["paid"],
  canceled: ["pending"],
};

/** Whether a payout in `status` may take `move` (else payout_status_conflict). */
export function canMove(status: PayoutStatus, move: PayoutMove): boolean {
  return FROM[move].includes(status);
}

const EVENT: Record<PayoutMove, EventType> = {
  in_transit: "payout.in_transit",
  paid: "payout.paid",
  failed: "payout.failed",
  returned: "payout.returned",
  canceled: "payout.canceled",
};

const DEFAULT_REASON: Partial<Record<PayoutMove, string>> = { failed: "rail_failed", returned: "returned_by_bank" };

export async function movePayout(
  tx: Db,
  tenant: Tenant,
  payoutId: string,
  move: PayoutMove,
  reason?: string,
): Promise<PayoutRecord> {
  const [locked] = await tx.$queryRaw<{ id: string }[]>`
    SELECT id FROM "Payout"
    WHERE id = ${payoutId} AND "applicationId" = ${tenant.applicationId} AND livemode = ${tenant.livemode}
    FOR UPDATE`;
  if (!locked) throw new DomainError("payout_not_found", `No payout ${payoutId}.`, { param: "id" });
  const payout = await tx.payout.findUniqueOrThrow({ where: { id: payoutId } });
  if (!FROM[move].includes(payout.status)) {
    throw new DomainError(
      "payout_status_conflict",
      `The payout is ${payout.status}; it can be ${move.replace("_", " ")} only from ${FROM[move].join(" or ")}.`,
    );
  }
  if (move === "canceled" && payout.railReference !== null && !payoutRailNamed(payout.rail)?.cancelableOnceSubmitted) {
    throw new DomainError(
      "payout_status_conflict",
      `The payout was handed to its rail (${payout.rail}), which cannot call it back; it will be paid, or fail.`,
    );
  }
  const account = (await lockAccounts(tx, [payout.holdAccountId])).get(payout.holdAccountId);
  if (!account) throw new Error(`account ${payout.holdAccountId} was not locked`);
  const source = { id: account.id, kind: account.kind, currency: account.currency };
  const releaseHold = () =>
    tx.ledgerAccount.update({ where: { id: account.id }, data: { heldMinor: { decrement: payout.amount } } });
  const transfer = async (kind: "payout" | "payout_return") => {
    const reserve = await ensureReserveAccount(tx, tenant.livemode, payout.currency);
    const out = kind === "payout" ? -payout.amount : payout.amount;
    const { transfer: posted } = await postTransfer(tx, {
      applicationId: tenant.applicationId,
      livemode: tenant.livemode,
      kind,
      description: payout.description ?? (kind === "payout" ? "Payout" : "Payout returned"),
      legs: [
        { account: source, amount: out },
        { account: reserve, amount: -out },
      ],
    });
    return posted.id;
  };

  let paidTransferId = payout.paidTransferId;
  let returnTransferId = payout.returnTransferId;
  if (move === "paid") {
    // The hold goes first: the posted balance may not drop below what is held (LedgerAccount_held_within_posted).
    await releaseHold();
    paidTransferId = await transfer("payout");
  } else if (move === "failed" || move === "canceled") {
    await releaseHold();
  } else if (move === "returned") {
    returnTransferId = await transfer("payout_return");
  }
  const updated = await tx.payout.update({
    where: { id: payoutId },
    data: {
      status: move,
      paidTransferId,
      returnTransferId,
      failureReason: move === "failed" || move === "returned" ? (reason ?? DEFAULT_REASON[move] ?? null) : null,
    },
    include: PAYOUT_WALLET,
  });
  const record = payoutRecord(updated);
  await recordEvent(tx, tenant, EVENT[move], record);
  return record;
}
