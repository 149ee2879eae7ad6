// GET /api/public/sdk/v1/webhooks/endpoints/{id}/recoveries/{recoveryId}: a recovery's state and progress.
import { routeMethods } from "@/lib/http/route-methods";
import { sdkRoute } from "@/lib/http/sdk-route";
import { getWebhookRecoveryOperation } from "@/lib/operations";
import { getRecovery } from "@/lib/webhooks/recovery";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeMethods(
  sdkRoute(getWebhookRecoveryOperation, async ({ tenant, params, db }) => ({
    body: await getRecovery(db, tenant, params.id, params.recoveryId),
  })),
);
