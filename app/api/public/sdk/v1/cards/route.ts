// POST /api/public/sdk/v1/cards: issue a virtual card on a provisioned wallet.
import { issueCard } from "@/lib/cards/issue-card";
import { routeMethods } from "@/lib/http/route-methods";
import { sdkRoute } from "@/lib/http/sdk-route";
import { issueCardOperation } from "@/lib/operations";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeMethods(
  sdkRoute(issueCardOperation, async ({ tenant, body, db }) => ({ body: await issueCard(db, tenant, body) })),
);
