// The wallets of an application's current mode for the console, optionally narrowed by externalUserId,
// a page at a time.
import type { Db } from "@/lib/db/client";
import { walletRecord } from "@/lib/wallets/wallet-record";
import { NEWEST_FIRST } from "@/lib/schemas/pagination";
import { readConsolePage } from "./keyset-page";
import { consoleTenant, requireApplication } from "./require-application";

/** Prisma's `contains` is a LIKE: escaped, `%` and `_` in what the merchant typed match only themselves. */
export function literalPattern(text: string): string {
  return text.replace(/[\\%_]/g, "\\$&");
}

export async function searchWallets(
  db: Db,
  merchantId: string,
  applicationId: string,
  query: { externalUserId?: string; after?: string },
) {
  const tenant = consoleTenant(await requireApplication(db, merchantId, applicationId));
  const search = query.externalUserId?.trim();
  return readConsolePage(
    query.after,
    (id) => db.wallet.findFirst({ where: { id, ...tenant }, select: { id: true, createdAt: true } }),
    async (keyset) => {
      const wallets = await db.wallet.findMany({
        where: {
          ...tenant,
          ...(search ? { externalUserId: { contains: literalPattern(search), mode: "insensitive" } } : {}),
          ...keyset.where,
        },
        orderBy: NEWEST_FIRST,
        take: keyset.take,
        include: { ledgerAccount: true },
      });
      return wallets.map((wallet) => walletRecord(wallet, wallet.ledgerAccount));
    },
  );
}
