// GET /api/public/sdk/v1/wallets/{externalUserId}/transactions: the wallet's ledger movements, newest first.
import { routeMethods } from "@/lib/http/route-methods";
import { sdkRoute } from "@/lib/http/sdk-route";
import { listWalletTransactions } from "@/lib/ledger/list-wallet-transactions";
import { listWalletTransactionsOperation } from "@/lib/operations";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeMethods(
  sdkRoute(listWalletTransactionsOperation, async ({ tenant, params, query, db }) => ({
    body: await listWalletTransactions(db, tenant, params.externalUserId, query),
  })),
);
