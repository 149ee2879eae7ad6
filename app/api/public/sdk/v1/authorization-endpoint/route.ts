// /api/public/sdk/v1/authorization-endpoint: POST sets the mode's decision endpoint (its URL vetted
// before the transaction: that resolves DNS), GET reads it with its health, DELETE removes it.
import {
  deleteDecisionEndpoint,
  getDecisionEndpoint,
  setDecisionEndpoint,
  vetDecisionUrl,
} from "@/lib/authorization-decisions/decision-endpoint";
import { routeMethods } from "@/lib/http/route-methods";
import { sdkRoute } from "@/lib/http/sdk-route";
import {
  deleteAuthorizationEndpointOperation,
  getAuthorizationEndpointOperation,
  setAuthorizationEndpointOperation,
} from "@/lib/operations";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeMethods(
  sdkRoute<typeof setAuthorizationEndpointOperation, string>(
    setAuthorizationEndpointOperation,
    async ({ tenant, body, db, prepared }) => ({
      body: await setDecisionEndpoint(db, tenant, body, prepared ?? (await vetDecisionUrl(body.url, tenant.livemode))),
    }),
    ({ tenant, body }) => vetDecisionUrl(body.url, tenant.livemode),
  ),
  sdkRoute(getAuthorizationEndpointOperation, async ({ tenant, db }) => ({
    body: await getDecisionEndpoint(db, tenant),
  })),
  sdkRoute(deleteAuthorizationEndpointOperation, async ({ tenant, db }) => {
    await deleteDecisionEndpoint(db, tenant);
    return { body: { object: "authorization_endpoint", deleted: true, livemode: tenant.livemode } };
  }),
);
