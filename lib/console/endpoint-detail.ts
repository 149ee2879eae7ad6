// One webhook endpoint of the application's current mode as its console page shows it: the endpoint
// with its health, its figures over 24 hours and 7 days, its latest failed attempts with their
// reasons, and its recent deliveries.
import type { Db } from "@/lib/db/client";
import { latestFailures } from "@/lib/webhooks/endpoint-failures";
import { endpointStats } from "@/lib/webhooks/endpoint-stats";
import { listDeliveries } from "@/lib/webhooks/list-deliveries";
import { withDeliveryMarks } from "./delivery-marks";
import { ConsoleError } from "./errors";
import { consoleTenant, requireApplication } from "./require-application";
import { requireEndpoint } from "./require-endpoint";

const LATEST_FAILURES = 10;
const RECENT_DELIVERIES = 20;

export async function endpointDetail(db: Db, merchantId: string, applicationId: string, endpointId: string) {
  const tenant = consoleTenant(await requireApplication(db, merchantId, applicationId));
  const endpoint = await requireEndpoint(db, applicationId, endpointId);
  if (endpoint.livemode !== tenant.livemode) throw ConsoleError.notFound("Webhook endpoint");
  const [stats, failures, deliveries] = await Promise.all([
    endpointStats(db, endpoint.id),
    latestFailures(db, endpoint.id, LATEST_FAILURES),
    listDeliveries(db, tenant, { limit: RECENT_DELIVERIES, endpoint: endpoint.id }),
  ]);
  return { endpoint, stats, failures, deliveries: await withDeliveryMarks(db, deliveries.data) };
}
