// POST /api/public/sdk/v1/cards/{id}/authorizations: an SDK spend; a hold and card.authorized, or a recorded 402 decline.
import { spendCard } from "@/lib/authorizations/spend-card";
import { routeMethods } from "@/lib/http/route-methods";
import { sdkRoute } from "@/lib/http/sdk-route";
import { spendResult } from "@/lib/http/spend-outcome";
import { createAuthorizationOperation } from "@/lib/operations";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeMethods(
  sdkRoute(createAuthorizationOperation, async ({ tenant, params, body, db }) =>
    spendResult(await spendCard(db, tenant, params.id, body, "sdk")),
  ),
);
