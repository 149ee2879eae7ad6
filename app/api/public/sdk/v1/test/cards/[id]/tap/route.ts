// POST /api/public/sdk/v1/test/cards/{id}/tap: test mode only; simulates a card tap through the spend path.
import { spendCard } from "@/lib/authorizations/spend-card";
import { routeMethods } from "@/lib/http/route-methods";
import { sdkRoute } from "@/lib/http/sdk-route";
import { spendResult } from "@/lib/http/spend-outcome";
import { simulateCardTapOperation } from "@/lib/operations";
import { requireTestMode } from "@/lib/test-helpers/require-test-mode";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeMethods(
  sdkRoute(simulateCardTapOperation, async ({ tenant, params, body, db }) => {
    requireTestMode(tenant);
    return spendResult(await spendCard(db, tenant, params.id, body, "tap"));
  }),
);
