// POST /api/public/sdk/v1/authorizations/{id}/reverse: release the whole hold of a pending authorization.
import { reverseAuthorization } from "@/lib/authorizations/reverse-authorization";
import { routeMethods } from "@/lib/http/route-methods";
import { sdkRoute } from "@/lib/http/sdk-route";
import { reverseAuthorizationOperation } from "@/lib/operations";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeMethods(
  sdkRoute(reverseAuthorizationOperation, async ({ tenant, params, db }) => ({
    body: await reverseAuthorization(db, tenant, params.id),
  })),
);
