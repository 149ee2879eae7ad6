// POST /api/public/sdk/v1/cards: issue a virtual card on a provisioned wallet.
// The card is placed at its processor first, outside the transaction (prepare).
import { issueCard, prepareCardIssue, type PreparedCard } from "@/lib/cards/issue-card";
import { routeMethods } from "@/lib/http/route-methods";
import { sdkRoute } from "@/lib/http/sdk-route";
import { issueCardOperation } from "@/lib/operations";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeMethods(
  sdkRoute<typeof issueCardOperation, PreparedCard>(
    issueCardOperation,
    async ({ tenant, body, db, prepared }) => ({ body: await issueCard(db, tenant, body, prepared) }),
    ({ request, tenant, body, db }) =>
      prepareCardIssue(db, tenant, body, { clientIdempotencyKey: request.headers.get("idempotency-key") }),
  ),
);
