// DELETE /webhooks/endpoints/{id}: the console's delete (nothing is sent to it again, its pending
// deliveries end failed, its deliveries stay readable), with the console's audit line.
import type { Db } from "@/lib/db/client";
import type { Tenant } from "@/lib/tenant";
import { auditApiChange, endpointForChange, type ApiCaller } from "./api-writes";
import { deleteWebhookEndpoint } from "./endpoints";

export async function removeEndpoint(tx: Db, tenant: Tenant, caller: ApiCaller, id: string) {
  const endpoint = await endpointForChange(tx, tenant, id);
  const { failedDeliveries } = await deleteWebhookEndpoint(tx, endpoint.id);
  await auditApiChange(tx, tenant, caller, "webhook_endpoint.deleted", {
    endpointId: id,
    url: endpoint.url,
    events: endpoint.events,
    livemode: endpoint.livemode,
    pendingDeliveriesFailed: failedDeliveries,
  });
  return { id, object: "webhook_endpoint" as const, deleted: true as const, failedDeliveries };
}
