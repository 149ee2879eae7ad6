// One transfer by id, and a page of the application's transfers (optionally of one wallet), newest first.
import type { Db } from "@/lib/db/client";
import { DomainError } from "@/lib/errors";
import { afterCursor, findCursor, NEWEST_FIRST, toPage, type ListPage } from "@/lib/schemas/pagination";
import type { TransferListQuery, TransferRecord } from "@/lib/schemas/money-movement";
import type { Tenant } from "@/lib/tenant";
import { findWallet } from "@/lib/wallets/get-wallet";
import { TRANSFER_WALLETS, transferRecord } from "./transfer-record";

export async function getTransfer(db: Db, tenant: Tenant, id: string): Promise<TransferRecord> {
  const transfer = await db.transfer.findFirst({
    where: { id, applicationId: tenant.applicationId, livemode: tenant.livemode },
    include: TRANSFER_WALLETS,
  });
  if (!transfer) throw new DomainError("transfer_not_found", `No transfer ${id}.`, { param: "id" });
  return transferRecord(transfer);
}

export async function listTransfers(
  db: Db,
  tenant: Tenant,
  query: TransferListQuery,
): Promise<ListPage<TransferRecord>> {
  const owner = { applicationId: tenant.applicationId, livemode: tenant.livemode };
  const wallet = query.wallet === undefined ? undefined : await findWallet(db, tenant, query.wallet);
  const ofWallet = wallet ? { OR: [{ fromWalletId: wallet.id }, { toWalletId: wallet.id }] } : {};
  const cursor = await findCursor(query.starting_after, "a transfer in this list", (id) =>
    db.transfer.findFirst({ where: { id, ...owner, ...ofWallet }, select: { id: true, createdAt: true } }),
  );
  const rows = await db.transfer.findMany({
    where: { ...owner, AND: [ofWallet, afterCursor(cursor)] },
    orderBy: NEWEST_FIRST,
    take: query.limit + 1,
    include: TRANSFER_WALLETS,
  });
  return toPage(rows.map(transferRecord), query.limit);
}
