// Loads one of the application's webhook endpoints for a console operation: another application's,
// or a deleted one, behaves exactly like an id that does not exist.
import type { Db } from "@/lib/db/client";
import { ConsoleError } from "./errors";

export async function requireEndpoint(db: Db, applicationId: string, endpointId: string) {
  const endpoint = await db.webhookEndpoint.findFirst({ where: { id: endpointId, applicationId, deletedAt: null } });
  if (!endpoint) throw ConsoleError.notFound("Webhook endpoint");
  return endpoint;
}
