// The wallets of an application's current mode for the console, optionally narrowed by externalUserId,
// a page at a time: ownership checked here, the rows read by the wallets domain.
import type { Db } from "@/lib/db/client";
import { findWalletCursor, searchWallets as readWallets } from "@/lib/wallets/search-wallets";
import { readConsolePage } from "./keyset-page";
import { consoleTenant, requireApplication } from "./require-application";

export async function searchWallets(
  db: Db,
  merchantId: string,
  applicationId: string,
  query: { externalUserId?: string; after?: string },
) {
  const tenant = consoleTenant(await requireApplication(db, merchantId, applicationId));
  return readConsolePage(
    query.after,
    (id) => findWalletCursor(db, tenant, id),
    (keyset) => readWallets(db, tenant, query, keyset),
  );
}
