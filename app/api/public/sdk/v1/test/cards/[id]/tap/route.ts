// POST /api/public/sdk/v1/test/cards/{id}/tap: test mode only; simulates a card tap through the spend path.
import { authorizeSpend } from "@/lib/authorizations/authorize-spend";
import { sdkRoute } from "@/lib/http/sdk-route";
import { authorizeBodySchema } from "@/lib/schemas/authorization";
import { cardPathSchema } from "@/lib/schemas/card-controls";
import { requireTestMode } from "@/lib/test-helpers/require-test-mode";

export const POST = sdkRoute(
  { scope: "transactions:write", params: cardPathSchema, body: authorizeBodySchema },
  async ({ tenant, params, body, db }) => {
    requireTestMode(tenant);
    const outcome = await authorizeSpend(db, tenant, params.id, body, "tap");
    return outcome.approved ? { status: 201, body: outcome.authorization } : { refusal: outcome.decline };
  },
);
