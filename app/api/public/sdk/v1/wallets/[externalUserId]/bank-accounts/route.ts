// GET /api/public/sdk/v1/wallets/{externalUserId}/bank-accounts: the holder's bank accounts, masked. POST: add one.
import { routeMethods } from "@/lib/http/route-methods";
import { sdkRoute } from "@/lib/http/sdk-route";
import { createWalletBankAccountOperation, listWalletBankAccountsOperation } from "@/lib/operations";
import { createBankAccount, listBankAccounts } from "@/lib/payouts/bank-accounts";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeMethods(
  sdkRoute(listWalletBankAccountsOperation, async ({ tenant, params, db }) => ({
    body: await listBankAccounts(db, tenant, params.externalUserId),
  })),
  sdkRoute(createWalletBankAccountOperation, async ({ tenant, params, body, db }) => ({
    body: await createBankAccount(db, tenant, params.externalUserId, body),
  })),
);
