// GET /api/public/sdk/v1/balance/bank-accounts: the application's own bank accounts, masked. POST: add one.
import { routeMethods } from "@/lib/http/route-methods";
import { sdkRoute } from "@/lib/http/sdk-route";
import { createBalanceBankAccountOperation, listBalanceBankAccountsOperation } from "@/lib/operations";
import { createBankAccount, listBankAccounts } from "@/lib/payouts/bank-accounts";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeMethods(
  sdkRoute(listBalanceBankAccountsOperation, async ({ tenant, db }) => ({
    body: await listBankAccounts(db, tenant, null),
  })),
  sdkRoute(createBalanceBankAccountOperation, async ({ tenant, body, db }) => ({
    body: await createBankAccount(db, tenant, null, body),
  })),
);
