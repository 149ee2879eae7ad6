// POST /api/public/sdk/v1/cards/{id}/cancel: cancel a card for good.
import { setCardStatus } from "@/lib/cards/set-card-status";
import { routeMethods } from "@/lib/http/route-methods";
import { sdkRoute } from "@/lib/http/sdk-route";
import { cancelCardOperation } from "@/lib/operations";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeMethods(
  sdkRoute(cancelCardOperation, async ({ tenant, params, db }) => ({
    body: await setCardStatus(db, tenant, params.id, "canceled"),
  })),
);
