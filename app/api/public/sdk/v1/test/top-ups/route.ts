// POST /api/public/sdk/v1/test/top-ups: test mode only; adds money to the application's test balance.
import { topUpBalance } from "@/lib/balance/top-up";
import { routeMethods } from "@/lib/http/route-methods";
import { sdkRoute } from "@/lib/http/sdk-route";
import { createTestTopUpOperation } from "@/lib/operations";
import { requireTestMode } from "@/lib/test-helpers/require-test-mode";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeMethods(
  sdkRoute(createTestTopUpOperation, async ({ tenant, body, db }) => {
    requireTestMode(tenant);
    return { body: await topUpBalance(db, tenant, body) };
  }),
);
