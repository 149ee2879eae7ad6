// One webhook endpoint of the application's current mode as its console page shows it: the endpoint
// with its health and metadata, its figures over 24 hours and 7 days, its latest failed attempts with
// their reasons, its recent deliveries, its newest recoveries, and why nothing is sent to it when the
// address rule refuses its URL now (a loopback URL registered where loopback is no longer allowed:
// kept, never deleted).
import { readSnapshot } from "@/lib/db/client";
import type { PrismaClient } from "@/lib/generated/prisma/client";
import { destinationRule, knownRefusal } from "@/lib/webhooks/address-guard";
import { latestFailures } from "@/lib/webhooks/endpoint-failures";
import { endpointStats } from "@/lib/webhooks/endpoint-stats";
import { listDeliveries } from "@/lib/webhooks/list-deliveries";
import { metadataOf } from "@/lib/webhooks/list-endpoints";
import { listRecoveries, recoveryWindowDays } from "@/lib/webhooks/recovery";
import { capExcerpt } from "@/lib/webhooks/response-excerpt";
import { withDeliveryMarks } from "./delivery-marks";
import { ConsoleError } from "./errors";
import { consoleTenant, requireApplication } from "./require-application";
import { requireEndpoint } from "./require-endpoint";

const LATEST_FAILURES = 10;
const RECENT_DELIVERIES = 20;
/** The running recovery, if any, and the last few before it. */
const RECENT_RECOVERIES = 5;

/**
 * Read in one snapshot: the engine writes a failed attempt and the endpoint's health in one
 * transaction, and a page read at two moments showed that failure under "Healthy" when it
 * committed between the endpoint's read and the failures'.
 */
export function endpointDetail(db: PrismaClient, merchantId: string, applicationId: string, endpointId: string) {
  return readSnapshot(db, async (tx) => {
    const tenant = consoleTenant(await requireApplication(tx, merchantId, applicationId));
    const endpoint = await requireEndpoint(tx, applicationId, endpointId);
    if (endpoint.livemode !== tenant.livemode) throw ConsoleError.notFound("Webhook endpoint");
    const stats = await endpointStats(tx, endpoint.id);
    const failures = await latestFailures(tx, endpoint.id, LATEST_FAILURES);
    const deliveries = await listDeliveries(tx, tenant, { limit: RECENT_DELIVERIES, endpoint: endpoint.id });
    const recoveries = await listRecoveries(tx, tenant, endpoint.id, RECENT_RECOVERIES);
    return {
      endpoint,
      metadata: metadataOf(endpoint.metadata),
      recoveries,
      recoveryWindowDays: recoveryWindowDays(),
      refusal: knownRefusal(endpoint.url, destinationRule(endpoint.livemode)),
      stats,
      failures: failures.map((failure) => ({ ...failure, responseExcerpt: capExcerpt(failure.responseExcerpt) })),
      deliveries: await withDeliveryMarks(tx, deliveries.data),
    };
  });
}
