// POST /api/public/sdk/v1/webhooks/secret/roll: a new signing secret for the key's mode, taking over now or later, answered once.
import { routeMethods } from "@/lib/http/route-methods";
import { sdkRoute } from "@/lib/http/sdk-route";
import { rollWebhookSecretOperation } from "@/lib/operations";
import { rollSecret } from "@/lib/webhooks/roll-secret";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeMethods(
  sdkRoute(rollWebhookSecretOperation, async ({ tenant, caller, body, db }) => ({
    body: await rollSecret(db, tenant, caller, body.activation),
  })),
);
