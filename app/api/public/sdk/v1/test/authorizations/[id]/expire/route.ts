// POST /api/public/sdk/v1/test/authorizations/{id}/expire: test mode only; expires a pending hold now.
import { expireAuthorizationNow } from "@/lib/authorizations/expire-hold";
import { routeMethods } from "@/lib/http/route-methods";
import { sdkRoute } from "@/lib/http/sdk-route";
import { expireTestAuthorizationOperation } from "@/lib/operations";
import { requireTestMode } from "@/lib/test-helpers/require-test-mode";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeMethods(
  sdkRoute(expireTestAuthorizationOperation, async ({ tenant, params, db }) => {
    requireTestMode(tenant);
    return { body: await expireAuthorizationNow(db, tenant, params.id) };
  }),
);
