// Finds one card of the caller's application and mode, optionally locking its row, or answers 404.
import { Prisma, type Card, type LedgerAccount, type Wallet } from "@/lib/generated/prisma/client";
import type { Db } from "@/lib/db/client";
import { DomainError } from "@/lib/errors";
import { parsePreReadTotals, preReadTotalsColumn, type PreReadTotals } from "@/lib/spending-controls/pre-read-totals";
import type { Tenant } from "@/lib/tenant";

export type CardLock = "update" | "share";

/** The wallet's spending controls come along for a spend, which checks them with the card's. */
export type FoundCard = Card & { wallet: Pick<Wallet, "externalUserId" | "status" | "spendingControls"> };

export type SpendAccount = Pick<LedgerAccount, "id" | "postedMinor" | "heldMinor">;

type CardRow = Card & {
  walletExternalUserId: string;
  walletStatus: Wallet["status"];
  walletSpendingControls: Wallet["spendingControls"];
};

// A spend holds the share lock while it decides, so a concurrent freeze (which takes the update
// lock) waits for it and the reverse. Only the card's row is locked, not its wallet's.
const LOCK_CLAUSE: Record<CardLock, Prisma.Sql> = {
  update: Prisma.sql`FOR UPDATE OF c`,
  share: Prisma.sql`FOR SHARE OF c`,
};

/** The card with its wallet's fields; `more` adds columns and the FROM clause (with its joins). */
function cardQuery(tenant: Tenant, cardId: string, more: Prisma.Sql, lock: Prisma.Sql): Prisma.Sql {
  return Prisma.sql`
    SELECT c.*, w."externalUserId" AS "walletExternalUserId", w."status" AS "walletStatus",
      w."spendingControls" AS "walletSpendingControls" ${more}
    WHERE c."id" = ${cardId} AND c."applicationId" = ${tenant.applicationId} AND c."livemode" = ${tenant.livemode}
    ${lock}`;
}

function cardNotFound(cardId: string): DomainError {
  return new DomainError("card_not_found", `No card ${cardId} exists.`, { param: "id" });
}

function foundCard(row: CardRow): FoundCard {
  const { walletExternalUserId, walletStatus, walletSpendingControls, ...card } = row;
  return {
    ...card,
    wallet: { externalUserId: walletExternalUserId, status: walletStatus, spendingControls: walletSpendingControls },
  };
}

export async function findCard(db: Db, tenant: Tenant, cardId: string, lock?: CardLock): Promise<FoundCard> {
  // One statement locks and reads: a locking read returns the newest committed row it waited for.
  const [row] = await db.$queryRaw<CardRow[]>(
    cardQuery(
      tenant,
      cardId,
      Prisma.sql`FROM "Card" c JOIN "Wallet" w ON w."id" = c."walletId"`,
      lock ? LOCK_CLAUSE[lock] : Prisma.empty,
    ),
  );
  if (!row) throw cardNotFound(cardId);
  return foundCard(row);
}

/**
 * For a spend, one statement: the card share-locked as above, and its wallet's ledger account
 * locked for update and fresh (lib/ledger/accounts.ts lockWalletAccount's lock, in the same order:
 * card first, then account), so two racing spends see each other's hold. `lock: false` reads the
 * same without locking (the check a spend makes before asking the application's decision endpoint).
 */
export async function findCardToSpend(
  // Reads only: the pre-check runs it over its own reader (lib/authorization-decisions/pre-check-reader.ts).
  db: Pick<Db, "$queryRaw">,
  tenant: Tenant,
  cardId: string,
  { lock = true }: { lock?: boolean } = {},
): Promise<FoundCard & { account: SpendAccount; spendingTotals: PreReadTotals | null }> {
  // The spending-control totals come in the same statement when that is exact (pre-read-totals.ts).
  const at = new Date();
  const [row] = await db.$queryRaw<
    (CardRow & { accountId: string; postedMinor: bigint; heldMinor: bigint; spendingTotals: unknown })[]
  >(
    cardQuery(
      tenant,
      cardId,
      Prisma.sql`, a."id" AS "accountId", a."postedMinor", a."heldMinor", ${preReadTotalsColumn(at)}
        FROM "Card" c JOIN "Wallet" w ON w."id" = c."walletId" JOIN "LedgerAccount" a ON a."walletId" = c."walletId"`,
      lock ? Prisma.sql`FOR SHARE OF c FOR UPDATE OF a` : Prisma.empty,
    ),
  );
  if (!row) throw cardNotFound(cardId);
  const { accountId, postedMinor, heldMinor, spendingTotals, ...card } = row;
  return {
    ...foundCard(card),
    account: { id: accountId, postedMinor, heldMinor },
    spendingTotals: parsePreReadTotals(spendingTotals, [card.id, card.walletId], at),
  };
}
