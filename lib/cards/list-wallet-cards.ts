// Lists a wallet's cards, newest first, with cursor pagination.
import type { Db } from "@/lib/db/client";
import { ApiError } from "@/lib/http/errors";
import type { CardRecord } from "@/lib/schemas/card";
import { toPage, type ListPage, type ListQuery } from "@/lib/schemas/pagination";
import type { Tenant } from "@/lib/tenant";
import { findWallet } from "@/lib/wallets/get-wallet";
import { cardRecord } from "./card-record";

export async function listWalletCards(
  db: Db,
  tenant: Tenant,
  externalUserId: string,
  query: ListQuery,
): Promise<ListPage<CardRecord>> {
  const wallet = await findWallet(db, tenant, externalUserId);
  let after: { createdAt: Date; id: string } | undefined;
  if (query.starting_after) {
    const cursor = await db.card.findFirst({
      where: { id: query.starting_after, walletId: wallet.id },
      select: { id: true, createdAt: true },
    });
    if (!cursor) {
      throw new ApiError("validation_failed", "starting_after must be the id of a card of this wallet.", {
        param: "starting_after",
      });
    }
    after = cursor;
  }
  const cards = await db.card.findMany({
    where: {
      walletId: wallet.id,
      ...(after
        ? { OR: [{ createdAt: { lt: after.createdAt } }, { createdAt: after.createdAt, id: { lt: after.id } }] }
        : {}),
    },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: query.limit + 1,
  });
  return toPage(
    cards.map((card) => cardRecord(card, wallet.externalUserId)),
    query.limit,
  );
}
