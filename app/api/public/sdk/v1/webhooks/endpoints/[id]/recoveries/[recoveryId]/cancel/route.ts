// POST /api/public/sdk/v1/webhooks/endpoints/{id}/recoveries/{recoveryId}/cancel: stop a recovery; its unsent deliveries go back to their retries.
import { routeMethods } from "@/lib/http/route-methods";
import { sdkRoute } from "@/lib/http/sdk-route";
import { cancelWebhookRecoveryOperation } from "@/lib/operations";
import { cancelRecovery } from "@/lib/webhooks/recovery";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeMethods(
  sdkRoute(cancelWebhookRecoveryOperation, async ({ tenant, caller, params, db }) => ({
    body: await cancelRecovery(db, tenant, caller, params.id, params.recoveryId),
  })),
);
