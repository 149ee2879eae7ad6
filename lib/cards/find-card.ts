// Finds one card of the caller's application and mode, optionally locking its row, or answers 404.
import { Prisma, type Card, type Wallet } from "@/lib/generated/prisma/client";
import type { Db } from "@/lib/db/client";
import { DomainError } from "@/lib/errors";
import type { Tenant } from "@/lib/tenant";

export type CardLock = "update" | "share";

export type FoundCard = Card & { wallet: Pick<Wallet, "externalUserId" | "status"> };

// A spend holds the share lock while it decides, so a concurrent freeze (which takes the update
// lock) waits for it and the reverse. Only the card's row is locked, not its wallet's.
const LOCK_CLAUSE: Record<CardLock, Prisma.Sql> = {
  update: Prisma.sql`FOR UPDATE OF c`,
  share: Prisma.sql`FOR SHARE OF c`,
};

export async function findCard(db: Db, tenant: Tenant, cardId: string, lock?: CardLock): Promise<FoundCard> {
  // One statement locks and reads: a locking read returns the newest committed row it waited for.
  const [row] = await db.$queryRaw<(Card & { walletExternalUserId: string; walletStatus: string })[]>`
    SELECT c.*, w."externalUserId" AS "walletExternalUserId", w."status" AS "walletStatus"
    FROM "Card" c JOIN "Wallet" w ON w."id" = c."walletId"
    WHERE c."id" = ${cardId} AND c."applicationId" = ${tenant.applicationId} AND c."livemode" = ${tenant.livemode}
    ${lock ? LOCK_CLAUSE[lock] : Prisma.empty}`;
  if (!row) throw new DomainError("card_not_found", `No card ${cardId} exists.`, { param: "id" });
  const { walletExternalUserId, walletStatus, ...card } = row;
  return { ...card, wallet: { externalUserId: walletExternalUserId, status: walletStatus } };
}
