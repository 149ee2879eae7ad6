// POST /webhooks/endpoints/{id}/test: the console's example event (test-event.ts) of a kind the
// endpoint subscribes to, queued to that endpoint alone, with the console's audit line.
import type { Db } from "@/lib/db/client";
import type { Tenant } from "@/lib/tenant";
import { auditApiChange, endpointForChange, type ApiCaller } from "./api-writes";
import { sendTestEvent } from "./test-event";

export async function testEndpoint(tx: Db, tenant: Tenant, caller: ApiCaller, id: string, kind?: string) {
  const endpoint = await endpointForChange(tx, tenant, id);
  const sent = await sendTestEvent(tx, endpoint, kind);
  await auditApiChange(tx, tenant, caller, "webhook_endpoint.tested", {
    endpointId: id,
    url: endpoint.url,
    eventId: sent.eventId,
    type: sent.type,
  });
  return { object: "webhook_test" as const, ...sent };
}
