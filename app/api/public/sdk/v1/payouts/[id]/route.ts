// GET /api/public/sdk/v1/payouts/{id}: one payout.
import { routeMethods } from "@/lib/http/route-methods";
import { sdkRoute } from "@/lib/http/sdk-route";
import { getPayoutOperation } from "@/lib/operations";
import { getPayout } from "@/lib/payouts/get-payout";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeMethods(
  sdkRoute(getPayoutOperation, async ({ tenant, params, db }) => ({ body: await getPayout(db, tenant, params.id) })),
);
