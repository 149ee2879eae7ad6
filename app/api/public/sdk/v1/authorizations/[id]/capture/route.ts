// POST /api/public/sdk/v1/authorizations/{id}/capture: capture a pending authorization, fully or partly.
import { captureAuthorization } from "@/lib/authorizations/capture-authorization";
import { routeMethods } from "@/lib/http/route-methods";
import { sdkRoute } from "@/lib/http/sdk-route";
import { captureAuthorizationOperation } from "@/lib/operations";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeMethods(
  sdkRoute(captureAuthorizationOperation, async ({ tenant, params, body, db }) => ({
    body: await captureAuthorization(db, tenant, params.id, body),
  })),
);
