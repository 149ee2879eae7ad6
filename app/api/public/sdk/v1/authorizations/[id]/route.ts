// GET /api/public/sdk/v1/authorizations/{id}: read an authorization.
import { getAuthorization } from "@/lib/authorizations/get-authorization";
import { routeMethods } from "@/lib/http/route-methods";
import { sdkRoute } from "@/lib/http/sdk-route";
import { getAuthorizationOperation } from "@/lib/operations";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeMethods(
  sdkRoute(getAuthorizationOperation, async ({ tenant, params, db }) => ({
    body: await getAuthorization(db, tenant, params.id),
  })),
);
