// GET /api/public/sdk/v1/authorizations/{id}: read an authorization.
import { getAuthorization } from "@/lib/authorizations/get-authorization";
import { sdkRoute } from "@/lib/http/sdk-route";
import { authorizationPathSchema } from "@/lib/schemas/authorization";

export const GET = sdkRoute(
  { scope: "wallets:read", params: authorizationPathSchema },
  async ({ tenant, params, db }) => ({
    body: await getAuthorization(db, tenant, params.id),
  }),
);
