// POST /api/public/sdk/v1/cards/{id}/authorizations: an SDK spend; a hold and card.authorized, or a recorded 402 decline.
import { authorizeSpend } from "@/lib/authorizations/authorize-spend";
import { sdkRoute } from "@/lib/http/sdk-route";
import { authorizeBodySchema } from "@/lib/schemas/authorization";
import { cardPathSchema } from "@/lib/schemas/card-controls";

export const POST = sdkRoute(
  { scope: "transactions:write", params: cardPathSchema, body: authorizeBodySchema },
  async ({ tenant, params, body, db }) => {
    const outcome = await authorizeSpend(db, tenant, params.id, body, "sdk");
    return outcome.approved ? { status: 201, body: outcome.authorization } : { refusal: outcome.decline };
  },
);
