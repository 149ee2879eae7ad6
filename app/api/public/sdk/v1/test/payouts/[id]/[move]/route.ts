// POST /api/public/sdk/v1/test/payouts/{id}/{in-transit|paid|failed|returned}: test mode only; what
// the simulated rail reports next.
import { routeMethods } from "@/lib/http/route-methods";
import { sdkRoute } from "@/lib/http/sdk-route";
import { moveTestPayoutOperation } from "@/lib/operations";
import { movePayout } from "@/lib/payouts/move-payout";
import { requireTestMode } from "@/lib/test-helpers/require-test-mode";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeMethods(
  sdkRoute(moveTestPayoutOperation, async ({ tenant, params, body, db }) => {
    requireTestMode(tenant);
    const move = params.move === "in-transit" ? "in_transit" : params.move;
    return { body: await movePayout(db, tenant, params.id, move, body.reason) };
  }),
);
