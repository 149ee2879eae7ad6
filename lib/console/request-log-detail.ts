// One logged SDK request of the application's current mode: every field, the key it came with, and
// the events it caused (Event.requestId) with their deliveries.
import type { Db } from "@/lib/db/client";
import { ConsoleError } from "./errors";
import { consoleTenant, requireApplication } from "./require-application";

export async function requestLogDetail(db: Db, merchantId: string, applicationId: string, requestId: string) {
  const tenant = consoleTenant(await requireApplication(db, merchantId, applicationId));
  const request = await db.requestLog.findFirst({
    where: { id: requestId, ...tenant },
  });
  if (!request) throw ConsoleError.notFound("Request");
  const apiKey = request.apiKeyId
    ? await db.apiKey.findFirst({
        where: { id: request.apiKeyId, ...tenant },
        select: { id: true, name: true, prefix: true, last4: true, livemode: true, revokedAt: true },
      })
    : null;
  // An event is written while its request runs: bounding createdAt by the request's own span lets
  // the event log's (application, mode, createdAt) index find them without an index on requestId.
  const events = await db.event.findMany({
    where: {
      ...tenant,
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
