// The console's "Search by id": which object of one application an id names, and where the console
// shows it. Every lookup is scoped to the application, so another merchant's id is simply unknown;
// an object of the other mode is reported as such, so the page can offer the switch.
import type { Db } from "@/lib/db/client";
import { CONSOLE_PAGE_SIZE } from "./keyset-page";
import { requireApplication } from "./require-application";

export type ObjectLocation =
  | { kind: "wallet"; walletId: string }
  | { kind: "card"; cardId: string }
  /** A row of the wallet page: `anchor` is the row's id, the cursors open the page of the list it is on. */
  | { kind: "wallet_row"; walletId: string; anchor: string; cardsAfter?: string; transactionsAfter?: string }
  | { kind: "event"; eventId: string }
  | { kind: "delivery"; deliveryId: string }
  | { kind: "request"; requestId: string };

export type IdSearchResult =
  { found: "here"; location: ObjectLocation } | { found: "other_mode"; livemode: boolean } | { found: "nowhere" };

type Found = { livemode: boolean; location: ObjectLocation } | null;

export async function findObject(
  db: Db,
  merchantId: string,
  applicationId: string,
  id: string,
): Promise<IdSearchResult> {
  const application = await requireApplication(db, merchantId, applicationId);
  const found = await locate(db, applicationId, id.trim());
  if (!found) return { found: "nowhere" };
  if (found.livemode !== application.consoleLivemode) return { found: "other_mode", livemode: found.livemode };
  return { found: "here", location: found.location };
}

async function locate(db: Db, applicationId: string, id: string): Promise<Found> {
  const scope = { id, applicationId };
  const prefix = id.slice(0, id.indexOf("_") + 1);
  switch (prefix) {
    case "wal_": {
      const wallet = await db.wallet.findFirst({ where: scope, select: { livemode: true } });
      return wallet && { livemode: wallet.livemode, location: { kind: "wallet", walletId: id } };
    }
    case "card_": {
      const card = await db.card.findFirst({ where: scope, select: { livemode: true } });
      return card && { livemode: card.livemode, location: { kind: "card", cardId: id } };
    }
    case "auth_": {
      const authorization = await db.authorization.findFirst({
        where: scope,
        select: { livemode: true, walletId: true, cardId: true },
      });
      if (!authorization) return null;
      const location =
        (await transactionRow(db, authorization.walletId, id)) ??
        (await cardRowOf(db, authorization.walletId, authorization.cardId));
      return { livemode: authorization.livemode, location };
    }
    case "evt_": {
      const event = await db.event.findFirst({ where: scope, select: { livemode: true } });
      return event && { livemode: event.livemode, location: { kind: "event", eventId: id } };
    }
    case "whd_": {
      const delivery = await db.webhookDelivery.findFirst({ where: scope, select: { livemode: true } });
      return delivery && { livemode: delivery.livemode, location: { kind: "delivery", deliveryId: id } };
    }
    case "req_": {
      const request = await db.requestLog.findFirst({ where: scope, select: { livemode: true } });
      return request && { livemode: request.livemode, location: { kind: "request", requestId: id } };
    }
    default:
      return null;
  }
}

/** The card's row, on the page of the wallet's cards (newest first by createdAt, id) that holds it. */
async function cardRow(db: Db, card: { id: string; walletId: string; createdAt: Date }): Promise<ObjectLocation> {
  const newer = {
    walletId: card.walletId,
    OR: [{ createdAt: { gt: card.createdAt } }, { createdAt: card.createdAt, id: { gt: card.id } }],
  };
  const location = { kind: "wallet_row" as const, walletId: card.walletId, anchor: card.id };
  // On the first page there is no cursor; further down, the page starts right after its nearest newer card.
  // Counting stops at a page: whether the card is on the first page needs no more.
  if ((await db.card.count({ where: newer, take: CONSOLE_PAGE_SIZE })) < CONSOLE_PAGE_SIZE) return location;
  const previous = await db.card.findFirst({
    where: newer,
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    select: { id: true },
  });
  return { ...location, cardsAfter: previous?.id };
}

async function cardRowOf(db: Db, walletId: string, cardId: string): Promise<ObjectLocation> {
  const card = await db.card.findUniqueOrThrow({ where: { id: cardId }, select: { createdAt: true } });
  return cardRow(db, { id: cardId, walletId, createdAt: card.createdAt });
}

/**
 * The latest transaction (capture or refund) of an authorization, on the page of the wallet's
 * transactions that holds it; null when it moved no money (declined, or a hold still open).
 */
async function transactionRow(db: Db, walletId: string, authorizationId: string): Promise<ObjectLocation | null> {
  const account = await db.ledgerAccount.findFirst({ where: { walletId }, select: { id: true } });
  if (!account) return null;
  const entry = await db.ledgerEntry.findFirst({
    where: { accountId: account.id, transfer: { authorizationId } },
    orderBy: { id: "desc" },
    select: { id: true, transferId: true },
  });
  if (!entry) return null;
  const location = { kind: "wallet_row" as const, walletId, anchor: entry.transferId };
  // A wallet's transactions page by ledger entry id (see listWalletTransactions).
  const newer = { accountId: account.id, id: { gt: entry.id } };
  // Counting stops at a page, however long the wallet's history (docs/decisions/console-read-costs.md).
  if ((await db.ledgerEntry.count({ where: newer, take: CONSOLE_PAGE_SIZE })) < CONSOLE_PAGE_SIZE) return location;
  const previous = await db.ledgerEntry.findFirst({
    where: newer,
    orderBy: { id: "asc" },
    select: { transferId: true },
  });
  return { ...location, transactionsAfter: previous?.transferId };
}
