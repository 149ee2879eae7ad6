// The wallets of one application and mode, newest first, optionally narrowed to those whose
// externalUserId contains some text (case-insensitive). The caller pages it (a Keyset).
import type { Db } from "@/lib/db/client";
import { literalPattern } from "@/lib/db/literal-pattern";
import { NEWEST_FIRST, type Keyset } from "@/lib/schemas/pagination";
import type { Tenant } from "@/lib/tenant";
import { readTotals } from "@/lib/spending-controls/totals";
import { NOTHING_SPENT } from "@/lib/spending-controls/usage";
import { walletRecord } from "./wallet-record";

/** The wallet an `after` cursor names, within this application and mode, or null. */
export function findWalletCursor(db: Db, tenant: Tenant, id: string) {
  return db.wallet.findFirst({
    where: { id, applicationId: tenant.applicationId, livemode: tenant.livemode },
    select: { id: true, createdAt: true },
  });
}

export async function searchWallets(db: Db, tenant: Tenant, query: { externalUserId?: string }, keyset: Keyset) {
  const search = query.externalUserId?.trim();
  const wallets = await db.wallet.findMany({
    where: {
      applicationId: tenant.applicationId,
      livemode: tenant.livemode,
      ...(search ? { externalUserId: { contains: literalPattern(search), mode: "insensitive" } } : {}),
      ...keyset.where,
    },
    orderBy: NEWEST_FIRST,
    take: keyset.take,
    include: { ledgerAccount: true },
  });
  const now = new Date();
  const totals = await readTotals(
    db,
    wallets.map((wallet) => wallet.id),
    now,
  );
  return wallets.map((wallet) =>
    walletRecord(wallet, wallet.ledgerAccount, totals.get(wallet.id) ?? NOTHING_SPENT, now),
  );
}
