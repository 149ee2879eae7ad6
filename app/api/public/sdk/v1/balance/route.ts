// GET /api/public/sdk/v1/balance: the application's own balance in this mode, per currency.
import { getBalance } from "@/lib/balance/get-balance";
import { routeMethods } from "@/lib/http/route-methods";
import { sdkRoute } from "@/lib/http/sdk-route";
import { getBalanceOperation } from "@/lib/operations";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeMethods(
  sdkRoute(getBalanceOperation, async ({ tenant, db }) => ({ body: await getBalance(db, tenant) })),
);
