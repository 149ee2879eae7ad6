// POST /webhooks/endpoints: registers an endpoint in the key's mode through the same domain function
// as the console and the CLI (endpoints.ts: the address rule, the event kinds), with the console's
// audit line.
import type { Db } from "@/lib/db/client";
import type { CreateEndpointBody, WebhookEndpointRecord } from "@/lib/schemas/webhook-endpoint";
import type { Tenant } from "@/lib/tenant";
import { asApiRefusals, auditApiChange, type ApiCaller } from "./api-writes";
import { addWebhookEndpoint } from "./endpoints";
import { endpointRecord } from "./list-endpoints";

export async function createEndpoint(
  tx: Db,
  tenant: Tenant,
  caller: ApiCaller,
  body: CreateEndpointBody,
): Promise<WebhookEndpointRecord> {
  const endpoint = await asApiRefusals(() =>
    addWebhookEndpoint(tx, {
      applicationId: tenant.applicationId,
      livemode: tenant.livemode,
      url: body.url,
      events: body.events,
      enabled: body.enabled,
      description: body.description || null,
      metadata: body.metadata,
    }),
  );
  await auditApiChange(tx, tenant, caller, "webhook_endpoint.created", {
    endpointId: endpoint.id,
    url: endpoint.url,
    events: endpoint.events,
    enabled: endpoint.enabled,
    livemode: endpoint.livemode,
  });
  return endpointRecord(endpoint);
}
