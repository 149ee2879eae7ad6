// POST /api/public/sdk/v1/test/cards/{id}/tap: test mode only; a simulated card tap, carried by the
// built-in card network simulator as an authorization, the application's decision endpoint included.
import { askForDecision } from "@/lib/authorization-decisions/ask-decision";
import type { PriorDecision } from "@/lib/authorizations/spend-card";
import { simulateTap } from "@/lib/connectors/simulator/simulate-tap";
import { routeMethods } from "@/lib/http/route-methods";
import { sdkRoute } from "@/lib/http/sdk-route";
import { spendResult } from "@/lib/http/spend-outcome";
import { simulateCardTapOperation } from "@/lib/operations";
import { requireTestMode } from "@/lib/test-helpers/require-test-mode";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeMethods(
  sdkRoute<typeof simulateCardTapOperation, PriorDecision | undefined>(
    simulateCardTapOperation,
    async ({ tenant, params, body, db, prepared }) =>
      spendResult(await simulateTap(db, tenant, params.id, body, prepared)),
    ({ tenant, params, body }) => {
      // Before anything is sent: a live key never reaches the endpoint through a test tap.
      requireTestMode(tenant);
      return askForDecision(tenant, params.id, body, "tap");
    },
  ),
);
