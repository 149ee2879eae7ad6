// One payout by id, and a page of the application's payouts (optionally of one wallet), newest first.
import type { Db } from "@/lib/db/client";
import { DomainError } from "@/lib/errors";
import type { PayoutRecord, TransferListQuery } from "@/lib/schemas/money-movement";
import { afterCursor, findCursor, NEWEST_FIRST, toPage, type ListPage } from "@/lib/schemas/pagination";
import type { Tenant } from "@/lib/tenant";
import { findWallet } from "@/lib/wallets/get-wallet";
import { PAYOUT_WALLET, payoutRecord } from "./payout-record";

export async function getPayout(db: Db, tenant: Tenant, id: string): Promise<PayoutRecord> {
  const payout = await db.payout.findFirst({
    where: { id, applicationId: tenant.applicationId, livemode: tenant.livemode },
    include: PAYOUT_WALLET,
  });
  if (!payout) throw new DomainError("payout_not_found", `No payout ${id}.`, { param: "id" });
  return payoutRecord(payout);
}

export async function listPayouts(db: Db, tenant: Tenant, query: TransferListQuery): Promise<ListPage<PayoutRecord>> {
  const owner = { applicationId: tenant.applicationId, livemode: tenant.livemode };
  const wallet = query.wallet === undefined ? undefined : await findWallet(db, tenant, query.wallet);
  const ofWallet = wallet ? { walletId: wallet.id } : {};
  const cursor = await findCursor(query.starting_after, "a payout in this list", (id) =>
    db.payout.findFirst({ where: { id, ...owner, ...ofWallet }, select: { id: true, createdAt: true } }),
  );
  const rows = await db.payout.findMany({
    where: { ...owner, ...ofWallet, ...afterCursor(cursor) },
    orderBy: NEWEST_FIRST,
    take: query.limit + 1,
    include: PAYOUT_WALLET,
  });
  return toPage(rows.map(payoutRecord), query.limit);
}

/** The newest payouts from the application's own balance (none of a wallet's), for the console's Balance page. */
export async function listBalancePayouts(db: Db, tenant: Tenant, limit: number): Promise<PayoutRecord[]> {
  const rows = await db.payout.findMany({
    where: { applicationId: tenant.applicationId, livemode: tenant.livemode, walletId: null },
    orderBy: NEWEST_FIRST,
    take: limit,
    include: PAYOUT_WALLET,
  });
  return rows.map(payoutRecord);
}
