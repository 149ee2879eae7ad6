// POST /webhooks/endpoints/{id}: changes the fields given (URL by the address rule, kinds,
// description, metadata, enabled) through the console's domain functions, with the console's audit
// lines: one of before and after, and one for turning it off or on.
import type { Db } from "@/lib/db/client";
import type { UpdateEndpointBody, WebhookEndpointRecord } from "@/lib/schemas/webhook-endpoint";
import type { Tenant } from "@/lib/tenant";
import { asApiRefusals, auditApiChange, endpointForChange, type ApiCaller } from "./api-writes";
import { disableWebhookEndpoint, enableWebhookEndpoint, updateWebhookEndpoint } from "./endpoints";
import { endpointRecord } from "./list-endpoints";

export async function editEndpoint(
  tx: Db,
  tenant: Tenant,
  caller: ApiCaller,
  id: string,
  body: UpdateEndpointBody,
): Promise<WebhookEndpointRecord> {
  const before = await endpointForChange(tx, tenant, id);
  const { enabled, ...fields } = body;
  let endpoint = before;
  if (Object.keys(fields).length > 0) {
    endpoint = await asApiRefusals(() =>
      updateWebhookEndpoint(tx, before, { ...fields, description: fields.description === "" ? null : fields.description }),
    );
    await auditApiChange(tx, tenant, caller, "webhook_endpoint.updated", {
      endpointId: id,
      livemode: before.livemode,
      before: { url: before.url, events: before.events, description: before.description, metadata: before.metadata ?? {} },
      after: {
        url: endpoint.url,
        events: endpoint.events,
        description: endpoint.description,
        metadata: endpoint.metadata ?? {},
      },
    });
  }
  if (enabled !== undefined && enabled !== before.enabled) {
    const base = { endpointId: id, url: endpoint.url, enabled };
    if (enabled) {
      const enabledNow = await enableWebhookEndpoint(tx, id);
      endpoint = enabledNow.endpoint;
      await auditApiChange(tx, tenant, caller, "webhook_endpoint.updated", {
        ...base,
        reason: `Enabled by API key ${caller.keyId}; failure streak cleared, ${enabledNow.resumed} pending deliveries resumed`,
        previousDisabledReason: before.disabledReason,
        resumedDeliveries: enabledNow.resumed,
      });
    } else {
      endpoint = await disableWebhookEndpoint(tx, id, `API key ${caller.keyId}`);
      await auditApiChange(tx, tenant, caller, "webhook_endpoint.updated", { ...base, reason: endpoint.disabledReason });
    }
  }
  return endpointRecord(endpoint);
}
