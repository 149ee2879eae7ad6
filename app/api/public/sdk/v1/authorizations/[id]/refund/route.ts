// POST /api/public/sdk/v1/authorizations/{id}/refund: refund part or all of what was captured.
import { refundAuthorization } from "@/lib/authorizations/refund-authorization";
import { routeMethods } from "@/lib/http/route-methods";
import { sdkRoute } from "@/lib/http/sdk-route";
import { refundAuthorizationOperation } from "@/lib/operations";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeMethods(
  sdkRoute(refundAuthorizationOperation, async ({ tenant, params, body, db }) => ({
    body: await refundAuthorization(db, tenant, params.id, body),
  })),
);
