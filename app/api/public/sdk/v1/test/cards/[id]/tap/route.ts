// POST /api/public/sdk/v1/test/cards/{id}/tap: test mode only; simulates a card tap through the spend path,
// the application's decision endpoint included.
import { askForDecision } from "@/lib/authorization-decisions/ask-decision";
import { spendCard, type PriorDecision } from "@/lib/authorizations/spend-card";
import { routeMethods } from "@/lib/http/route-methods";
import { sdkRoute } from "@/lib/http/sdk-route";
import { spendResult } from "@/lib/http/spend-outcome";
import { simulateCardTapOperation } from "@/lib/operations";
import { requireTestMode } from "@/lib/test-helpers/require-test-mode";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeMethods(
  sdkRoute<typeof simulateCardTapOperation, PriorDecision | undefined>(
    simulateCardTapOperation,
    async ({ tenant, params, body, db, prepared }) => {
      requireTestMode(tenant);
      return spendResult(await spendCard(db, tenant, params.id, body, "tap", prepared));
    },
    ({ tenant, params, body }) => {
      // Before anything is sent: a live key never reaches the endpoint through a test tap.
      requireTestMode(tenant);
      return askForDecision(tenant, params.id, body, "tap");
    },
  ),
);
