// POST /api/public/sdk/v1/cards/{id}/unfreeze: let a frozen card spend again.
import { setCardStatus } from "@/lib/cards/set-card-status";
import { routeMethods } from "@/lib/http/route-methods";
import { sdkRoute } from "@/lib/http/sdk-route";
import { unfreezeCardOperation } from "@/lib/operations";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeMethods(
  sdkRoute(unfreezeCardOperation, async ({ tenant, params, db }) => ({
    body: await setCardStatus(db, tenant, params.id, "active"),
  })),
);
