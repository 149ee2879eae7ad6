// POST /api/public/sdk/v1/cards/{id}/freeze: freeze a card (it declines spends until unfrozen).
// A card a processor manages (Lithic) changes there first, outside the transaction (prepare).
import { prepareCardStatus, setCardStatus, type PreparedCardStatus } from "@/lib/cards/set-card-status";
import { routeMethods } from "@/lib/http/route-methods";
import { sdkRoute } from "@/lib/http/sdk-route";
import { freezeCardOperation } from "@/lib/operations";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeMethods(
  sdkRoute<typeof freezeCardOperation, PreparedCardStatus>(
    freezeCardOperation,
    async ({ tenant, params, db, prepared }) => ({
      body: await setCardStatus(db, tenant, params.id, "frozen", prepared),
    }),
    ({ tenant, params, db }) => prepareCardStatus(db, tenant, params.id, "frozen"),
  ),
);
