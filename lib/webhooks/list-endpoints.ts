// The application's webhook endpoints in one mode as the API returns them, newest first, each with
// its health; and one endpoint by id. A deleted endpoint is not found.
import type { Db } from "@/lib/db/client";
import { DomainError } from "@/lib/errors";
import { eventType } from "@/lib/events/event-record";
import type { WebhookEndpoint } from "@/lib/generated/prisma/client";
import { afterCursor, findCursor, NEWEST_FIRST, toPage, type ListPage } from "@/lib/schemas/pagination";
import type { ListEndpointsQuery, WebhookEndpointRecord } from "@/lib/schemas/webhook-endpoint";
import type { Tenant } from "@/lib/tenant";
import { endpointHealthState } from "./endpoint-health";

const iso = (time: Date | null) => time?.toISOString() ?? null;

/** The stored metadata's string values (the API writes only strings; anything else is left out). */
export function metadataOf(value: WebhookEndpoint["metadata"]): Record<string, string> {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return {};
  return Object.fromEntries(
    Object.entries(value).filter((entry): entry is [string, string] => typeof entry[1] === "string"),
  );
}

export function endpointRecord(endpoint: WebhookEndpoint): WebhookEndpointRecord {
  return {
    id: endpoint.id,
    object: "webhook_endpoint",
    url: endpoint.url,
    events: endpoint.events.map(eventType),
    enabled: endpoint.enabled,
    description: endpoint.description,
    metadata: metadataOf(endpoint.metadata),
    maxPerSecond: endpoint.maxPerSecond,
    health: {
      state: endpointHealthState(endpoint),
      consecutiveFailures: endpoint.consecutiveFailures,
      failingSince: iso(endpoint.failingSince),
      lastSuccessAt: iso(endpoint.lastSuccessAt),
      lastFailureAt: iso(endpoint.lastFailureAt),
      lastFailureReason: endpoint.lastFailureReason,
      backoffUntil: iso(endpoint.backoffUntil),
      disabledAt: iso(endpoint.disabledAt),
      disabledReason: endpoint.disabledReason,
    },
    livemode: endpoint.livemode,
    createdAt: endpoint.createdAt.toISOString(),
    updatedAt: endpoint.updatedAt.toISOString(),
  };
}

export async function listEndpointRecords(
  db: Db,
  tenant: Tenant,
  query: ListEndpointsQuery,
): Promise<ListPage<WebhookEndpointRecord>> {
  const scope = { applicationId: tenant.applicationId, livemode: tenant.livemode, deletedAt: null };
  const cursor = await findCursor(query.starting_after, "a webhook endpoint", (id) =>
    db.webhookEndpoint.findFirst({ where: { id, ...scope }, select: { id: true, createdAt: true } }),
  );
  const rows = await db.webhookEndpoint.findMany({
    where: { ...scope, ...afterCursor(cursor) },
    orderBy: NEWEST_FIRST,
    take: query.limit + 1,
  });
  return toPage(rows.map(endpointRecord), query.limit);
}

export async function getEndpointRecord(db: Db, tenant: Tenant, id: string): Promise<WebhookEndpointRecord> {
  const endpoint = await db.webhookEndpoint.findFirst({
    where: { id, applicationId: tenant.applicationId, livemode: tenant.livemode, deletedAt: null },
  });
  if (!endpoint) throw new DomainError("endpoint_not_found", `No webhook endpoint ${id}.`, { param: "id" });
  return endpointRecord(endpoint);
}
