// POST /api/public/sdk/v1/cards/{id}/cancel: cancel a card for good.
// A card a processor manages (Lithic) changes there first, outside the transaction (prepare).
import { prepareCardStatus, setCardStatus, type PreparedCardStatus } from "@/lib/cards/set-card-status";
import { routeMethods } from "@/lib/http/route-methods";
import { sdkRoute } from "@/lib/http/sdk-route";
import { cancelCardOperation } from "@/lib/operations";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeMethods(
  sdkRoute<typeof cancelCardOperation, PreparedCardStatus>(
    cancelCardOperation,
    async ({ tenant, params, db, prepared }) => ({
      body: await setCardStatus(db, tenant, params.id, "canceled", prepared),
    }),
    ({ tenant, params, db }) => prepareCardStatus(db, tenant, params.id, "canceled"),
  ),
);
