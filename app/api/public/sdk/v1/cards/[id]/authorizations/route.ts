// POST /api/public/sdk/v1/cards/{id}/authorizations: an SDK spend; a hold and card.authorized, or a recorded 402 decline.
// The application's decision endpoint, if it has one, is asked before the transaction (prepare).
import { askForDecision } from "@/lib/authorization-decisions/ask-decision";
import { spendCard, type PriorDecision } from "@/lib/authorizations/spend-card";
import { routeMethods } from "@/lib/http/route-methods";
import { sdkRoute } from "@/lib/http/sdk-route";
import { spendResult } from "@/lib/http/spend-outcome";
import { createAuthorizationOperation } from "@/lib/operations";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeMethods(
  sdkRoute<typeof createAuthorizationOperation, PriorDecision | undefined>(
    createAuthorizationOperation,
    async ({ tenant, params, body, db, prepared }) =>
      spendResult(await spendCard(db, tenant, params.id, body, "sdk", prepared)),
    ({ tenant, params, body }) => askForDecision(tenant, params.id, body, "sdk"),
  ),
);
