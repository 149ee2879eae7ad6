// POST /api/public/sdk/v1/authorizations/{id}/refund: refund part or all of what was captured.
import { refundAuthorization } from "@/lib/authorizations/refund-authorization";
import { sdkRoute } from "@/lib/http/sdk-route";
import { authorizationPathSchema, refundBodySchema } from "@/lib/schemas/authorization";

export const POST = sdkRoute(
  { scope: "transactions:write", params: authorizationPathSchema, body: refundBodySchema },
  async ({ tenant, params, body, db }) => ({ body: await refundAuthorization(db, tenant, params.id, body) }),
);
