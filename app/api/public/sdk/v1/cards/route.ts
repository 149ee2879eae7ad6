// POST /api/public/sdk/v1/cards: issue a virtual card on a provisioned wallet.
import { issueCard } from "@/lib/cards/issue-card";
import { sdkRoute } from "@/lib/http/sdk-route";
import { issueCardBodySchema } from "@/lib/schemas/card";

export const POST = sdkRoute({ scope: "cards:write", body: issueCardBodySchema }, async ({ tenant, body, db }) => ({
  status: 201,
  body: await issueCard(db, tenant, body),
}));
