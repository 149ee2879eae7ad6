// Freezes, unfreezes or closes a wallet (docs/decisions/wallet-status.md). A frozen wallet's cards
// decline and it cannot send transfers or pay out (each of those already refuses a wallet that is
// not active) but it can still receive. Closing is final and only for an empty wallet: nothing
// posted, nothing held, no payout on its way; it cancels the wallet's active and frozen cards first,
// each with its card.canceled. Setting the status a wallet already has is a no-op with no event.
import { prepareCardStatus, setCardStatus } from "@/lib/cards/set-card-status";
import type { Db } from "@/lib/db/client";
import { DomainError } from "@/lib/errors";
import { recordEvent, type EventType } from "@/lib/events/record-event";
import type { Wallet } from "@/lib/generated/prisma/client";
import { lockWalletAccount } from "@/lib/ledger/accounts";
import type { WalletRecord } from "@/lib/schemas/wallet";
import { readTotals } from "@/lib/spending-controls/totals";
import { NOTHING_SPENT } from "@/lib/spending-controls/usage";
import type { Tenant } from "@/lib/tenant";
import { findWallet } from "./get-wallet";
import { walletRecord } from "./wallet-record";

export type WalletStatus = Wallet["status"];

/** How each target status reads in the refusal for a closed wallet. */
const VERB: Record<WalletStatus, string> = { frozen: "frozen", active: "unfrozen", closed: "closed" };

/** The event a change to each status records (none when the wallet already had it). */
const EVENT: Record<WalletStatus, EventType> = {
  frozen: "wallet.frozen",
  active: "wallet.unfrozen",
  closed: "wallet.closed",
};

/** Cards a close cancels: every one not canceled already. */
const OPEN_CARD_STATUSES = ["active", "frozen"] as const;

/** Payouts whose amount has not settled: they would post against a closed wallet. */
const OPEN_PAYOUT_STATUSES = ["pending", "in_transit"] as const;

function refuseIfClosed(current: WalletStatus, status: WalletStatus, externalUserId: string): void {
  if (current === "closed" && status !== "closed")
    throw new DomainError("wallet_not_active", `The wallet ${externalUserId} is closed and cannot be ${VERB[status]}.`);
}

/** The processor-managed cards a close canceled at their processor first, for setWalletStatus. */
export type PreparedWalletStatus = { canceledAtProcessor: string[] };

/**
 * Before a close's transaction: cancels the wallet's cards a processor (Lithic) manages there, as
 * the card cancel route does, outside any transaction. A simulator card needs nothing. A close that
 * is then refused (not empty) leaves those cards canceled at the processor only; so the emptiness
 * checks run here first, unlocked, and again under the locks in setWalletStatus.
 */
export async function prepareWalletStatus(
  db: Db,
  tenant: Tenant,
  externalUserId: string,
  status: WalletStatus,
): Promise<PreparedWalletStatus> {
  const wallet = await findWallet(db, tenant, externalUserId);
  refuseIfClosed(wallet.status, status, externalUserId);
  if (status !== "closed" || wallet.status === "closed") return { canceledAtProcessor: [] };
  await refuseIfNotEmpty(db, wallet.id, externalUserId, wallet.ledgerAccount);
  const cards = await db.card.findMany({
    where: { walletId: wallet.id, status: { in: [...OPEN_CARD_STATUSES] }, processor: { not: "simulator" } },
    select: { id: true },
  });
  for (const card of cards) await prepareCardStatus(db, tenant, card.id, "canceled");
  return { canceledAtProcessor: cards.map((card) => card.id) };
}

async function refuseIfNotEmpty(
  db: Db,
  walletId: string,
  externalUserId: string,
  account: { postedMinor: bigint; heldMinor: bigint } | null,
): Promise<void> {
  if (account && (account.postedMinor !== 0n || account.heldMinor !== 0n)) {
    throw new DomainError(
      "wallet_not_empty",
      `The wallet ${externalUserId} still has money (posted or held); move it out before closing it.`,
    );
  }
  const openPayouts = await db.payout.count({ where: { walletId, status: { in: [...OPEN_PAYOUT_STATUSES] } } });
  if (openPayouts > 0) {
    throw new DomainError(
      "wallet_not_empty",
      `The wallet ${externalUserId} has ${openPayouts} payout(s) on their way; wait for them to settle before closing it.`,
    );
  }
}

export async function setWalletStatus(
  tx: Db,
  tenant: Tenant,
  externalUserId: string,
  status: WalletStatus,
  prepared: PreparedWalletStatus = { canceledAtProcessor: [] },
): Promise<WalletRecord> {
  const found = await findWallet(tx, tenant, externalUserId);
  // A close locks the cards it may cancel before the account, in the order a spend takes them (card,
  // then account), so a close and a spend racing on one card cannot deadlock.
  if (status === "closed") {
    await tx.$queryRaw`SELECT "id" FROM "Card" WHERE "walletId" = ${found.id}
      AND "status"::text IN ('active', 'frozen') ORDER BY "id" FOR UPDATE`;
  }
  // Then the account's lock, as every spend, transfer and payout of the wallet takes it: none is
  // half way through while the status changes, and the balance a close checks stays as read.
  const account = found.ledgerAccount ? await lockWalletAccount(tx, found.id) : null;
  const [locked] = await tx.$queryRaw<Pick<Wallet, "status">[]>`
    SELECT "status" FROM "Wallet" WHERE "id" = ${found.id} FOR UPDATE`;
  const current = locked?.status ?? found.status;
  refuseIfClosed(current, status, externalUserId);
  let wallet: Wallet = { ...found, status: current };
  if (current !== status) {
    if (status === "closed") {
      await refuseIfNotEmpty(tx, found.id, externalUserId, account);
      const cards = await tx.card.findMany({
        where: { walletId: found.id, status: { in: [...OPEN_CARD_STATUSES] } },
        orderBy: { id: "asc" },
        select: { id: true },
      });
      for (const card of cards) {
        const atProcessor = prepared.canceledAtProcessor.includes(card.id);
        await setCardStatus(tx, tenant, card.id, "canceled", atProcessor ? { processorState: "canceled" } : undefined);
      }
    }
    wallet = await tx.wallet.update({ where: { id: found.id }, data: { status } });
  }
  const now = new Date();
  const totals = await readTotals(tx, [found.id], now);
  const record = walletRecord(wallet, account ?? found.ledgerAccount, totals.get(found.id) ?? NOTHING_SPENT, now);
  if (current !== status) await recordEvent(tx, tenant, EVENT[status], record);
  return record;
}
