// The application's webhook endpoints in the console's current mode.
import type { Db } from "@/lib/db/client";
import { listWebhookEndpoints } from "@/lib/webhooks/endpoints";
import { requireApplication } from "./require-application";

export async function listEndpoints(db: Db, merchantId: string, applicationId: string) {
  const application = await requireApplication(db, merchantId, applicationId);
  const endpoints = await listWebhookEndpoints(db, application.id);
  return endpoints.filter((endpoint) => endpoint.livemode === application.consoleLivemode);
}
