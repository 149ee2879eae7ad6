// Lists a wallet's cards, newest first, with cursor pagination.
import type { Db } from "@/lib/db/client";
import type { CardRecord } from "@/lib/schemas/card";
import { afterCursor, findCursor, NEWEST_FIRST, toPage, type ListPage, type ListQuery } from "@/lib/schemas/pagination";
import type { Tenant } from "@/lib/tenant";
import { readTotals } from "@/lib/spending-controls/totals";
import { NOTHING_SPENT } from "@/lib/spending-controls/usage";
import { findWallet } from "@/lib/wallets/get-wallet";
import { cardRecord } from "./card-record";

export async function listWalletCards(
  db: Db,
  tenant: Tenant,
  externalUserId: string,
  query: ListQuery,
): Promise<ListPage<CardRecord>> {
  const wallet = await findWallet(db, tenant, externalUserId);
  const cursor = await findCursor(query.starting_after, "a card of this wallet", (id) =>
    db.card.findFirst({ where: { id, walletId: wallet.id }, select: { id: true, createdAt: true } }),
  );
  const cards = await db.card.findMany({
    where: { walletId: wallet.id, ...afterCursor(cursor) },
    orderBy: NEWEST_FIRST,
    take: query.limit + 1,
  });
  // One read for the page's running totals, whatever its length.
  const now = new Date();
  const totals = await readTotals(
    db,
    cards.map((card) => card.id),
    now,
  );
  return toPage(
    cards.map((card) => cardRecord(card, wallet.externalUserId, totals.get(card.id) ?? NOTHING_SPENT, now)),
    query.limit,
  );
}
