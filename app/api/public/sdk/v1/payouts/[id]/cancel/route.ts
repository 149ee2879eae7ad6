// POST /api/public/sdk/v1/payouts/{id}/cancel: releases a pending payout's hold.
import { routeMethods } from "@/lib/http/route-methods";
import { sdkRoute } from "@/lib/http/sdk-route";
import { cancelPayoutOperation } from "@/lib/operations";
import { movePayout } from "@/lib/payouts/move-payout";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeMethods(
  sdkRoute(cancelPayoutOperation, async ({ tenant, params, db }) => ({
    body: await movePayout(db, tenant, params.id, "canceled"),
  })),
);
