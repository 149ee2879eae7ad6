// POST /api/public/sdk/v1/authorizations/{id}/capture: capture a pending authorization, fully or partly.
import { captureAuthorization } from "@/lib/authorizations/capture-authorization";
import { sdkRoute } from "@/lib/http/sdk-route";
import { authorizationPathSchema, captureBodySchema } from "@/lib/schemas/authorization";

export const POST = sdkRoute(
  { scope: "transactions:write", params: authorizationPathSchema, body: captureBodySchema },
  async ({ tenant, params, body, db }) => ({ body: await captureAuthorization(db, tenant, params.id, body) }),
);
