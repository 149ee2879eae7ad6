// One logged SDK request of an application and mode with every field, the key it came with, and the
// events it caused (Event.requestId) with their deliveries; null when no such request is logged.
import type { Db } from "@/lib/db/client";
import type { Tenant } from "@/lib/tenant";

export async function findLoggedRequest(db: Db, tenant: Tenant, requestId: string) {
  const scope = { applicationId: tenant.applicationId, livemode: tenant.livemode };
  const request = await db.requestLog.findFirst({ where: { id: requestId, ...scope } });
  if (!request) return null;
  const apiKey = request.apiKeyId
    ? await db.apiKey.findFirst({
        where: { id: request.apiKeyId, ...scope },
        select: { id: true, name: true, prefix: true, last4: true, livemode: true, revokedAt: true },
      })
    : null;
  // An event is written while its request runs: bounding createdAt by the request's own span lets
  // the event log's (application, mode, createdAt) index find them without an index on requestId.
  const events = await db.event.findMany({
    where: {
      ...scope,
      requestId,
      createdAt: { gte: request.createdAt, lte: new Date(request.createdAt.getTime() + request.latencyMs + 1_000) },
    },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    select: {
      id: true,
      type: true,
      createdAt: true,
      deliveries: {
        orderBy: [{ createdAt: "asc" }, { id: "asc" }],
        select: { id: true, status: true, endpoint: { select: { url: true } } },
      },
    },
  });
  return { request: { ...request, apiKey }, events };
}
