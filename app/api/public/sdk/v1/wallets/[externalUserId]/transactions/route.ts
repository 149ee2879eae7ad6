// GET /api/public/sdk/v1/wallets/{externalUserId}/transactions: the wallet's ledger movements, newest first.
import { sdkRoute } from "@/lib/http/sdk-route";
import { listWalletTransactions } from "@/lib/ledger/list-wallet-transactions";
import { listQuerySchema } from "@/lib/schemas/pagination";
import { walletPathSchema } from "@/lib/schemas/wallet";

export const GET = sdkRoute(
  { scope: "wallets:read", params: walletPathSchema, query: listQuerySchema },
  async ({ tenant, params, query, db }) => ({
    body: await listWalletTransactions(db, tenant, params.externalUserId, query),
  }),
);
