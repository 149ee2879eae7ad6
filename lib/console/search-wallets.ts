// The wallets of an application's current mode for the console, optionally narrowed by externalUserId.
import type { Db } from "@/lib/db/client";
import { walletRecord } from "@/lib/wallets/wallet-record";
import { consoleTenant, requireApplication } from "./require-application";

const PAGE_SIZE = 50;

/** Prisma's `contains` is a LIKE: escaped, `%` and `_` in what the merchant typed match only themselves. */
function literalPattern(text: string): string {
  return text.replace(/[\\%_]/g, "\\$&");
}

export async function searchWallets(
  db: Db,
  merchantId: string,
  applicationId: string,
  query: { externalUserId?: string },
) {
  const tenant = consoleTenant(await requireApplication(db, merchantId, applicationId));
  const search = query.externalUserId?.trim();
  const wallets = await db.wallet.findMany({
    where: {
      ...tenant,
      ...(search ? { externalUserId: { contains: literalPattern(search), mode: "insensitive" } } : {}),
    },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: PAGE_SIZE,
    include: { ledgerAccount: true },
  });
  return wallets.map((wallet) => walletRecord(wallet, wallet.ledgerAccount));
}
