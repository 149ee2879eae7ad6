// POST /api/public/sdk/v1/cards/{id}/freeze: freeze a card (it declines spends until unfrozen).
import { setCardStatus } from "@/lib/cards/set-card-status";
import { routeMethods } from "@/lib/http/route-methods";
import { sdkRoute } from "@/lib/http/sdk-route";
import { freezeCardOperation } from "@/lib/operations";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeMethods(
  sdkRoute(freezeCardOperation, async ({ tenant, params, db }) => ({
    body: await setCardStatus(db, tenant, params.id, "frozen"),
  })),
);
