// The one path every webhook attempt takes, first try, retry or replay: lock the delivery, build
// and sign a fresh envelope, send it, record the attempt and decide what happens next, all in one
// transaction. The row lock is what keeps two workers from sending one delivery at the same time;
// PostgreSQL drops it the moment a crashed sender's connection goes, so nothing stays stuck.
import { openWebhookSecret } from "@/lib/applications/webhook-secret";
import { prisma } from "@/lib/db/client";
import type {
  Event,
  Prisma,
  PrismaClient,
  WebhookAttempt,
  WebhookDelivery,
  WebhookEndpoint,
} from "@/lib/generated/prisma/client";
import { newId } from "@/lib/ids";
import { enqueueDelivery, type DeliveryTrigger } from "./enqueue";
import { buildEnvelope, signedRequest } from "./envelope";
import { nextRetryDelayMs } from "./schedule";
import { SEND_TIMEOUT_MS, sendWebhookRequest } from "./send-request";

export type DeliverOptions = {
  /** The worker's own client; defaults to the process-wide one. */
  db?: PrismaClient;
  /** The queue job running this attempt; a rerun of a job that already recorded its attempt sends nothing. */
  jobKey?: string;
  /** Multiplies the retry schedule (tests). */
  retryScale?: number;
  timeoutMs?: number;
};

export type DeliverOutcome =
  | { kind: "sent"; attempt: WebhookAttempt; delivery: WebhookDelivery }
  | { kind: "skipped"; reason: "not_found" | "already_attempted" | "not_pending" | "endpoint_disabled" };

/** A delivery as sending needs it: its row, where it goes, what it carries, and the signing secret. */
type DeliveryToSend = {
  delivery: WebhookDelivery;
  endpoint: Pick<WebhookEndpoint, "url" | "enabled">;
  event: Pick<Event, "id" | "type" | "data">;
  webhookSecretSealed: string;
  /** Whether the queue job running this attempt already recorded one. */
  attempted: boolean;
};

type DeliveryToSendRow = WebhookDelivery & {
  endpointUrl: string;
  endpointEnabled: boolean;
  eventType: string;
  eventData: Prisma.JsonValue;
  webhookSecretSealed: string;
  attempted: boolean;
};

// One read instead of five (the job's attempt, delivery, endpoint, event, application): each round
// trip through the ORM costs the worker more CPU than the send itself. It runs after the row lock,
// as its own statement, so its snapshot includes an attempt committed by a sender we waited for.
async function readDeliveryToSend(
  tx: Prisma.TransactionClient,
  deliveryId: string,
  jobKey: string | null,
): Promise<DeliveryToSend> {
  const rows = await tx.$queryRaw<DeliveryToSendRow[]>`
    SELECT d.*, -- every column, so a column added to the model is never missing from the row typed as one
      w."url" AS "endpointUrl", w."enabled" AS "endpointEnabled",
      e."type" AS "eventType", e."data" AS "eventData",
      a."webhookSecretSealed",
      EXISTS (SELECT 1 FROM "WebhookAttempt" t WHERE t."jobKey" = ${jobKey}) AS "attempted"
    FROM "WebhookDelivery" d
    JOIN "WebhookEndpoint" w ON w."id" = d."endpointId"
    JOIN "Event" e ON e."id" = d."eventId"
    JOIN "Application" a ON a."id" = d."applicationId"
    WHERE d."id" = ${deliveryId}`;
  const row = rows[0];
  if (!row) throw new Error(`webhook delivery ${deliveryId} has lost its endpoint, event or application`);
  const { endpointUrl, endpointEnabled, eventType, eventData, webhookSecretSealed, attempted, ...delivery } = row;
  return {
    delivery,
    endpoint: { url: endpointUrl, enabled: endpointEnabled },
    event: { id: delivery.eventId, type: eventType, data: eventData },
    webhookSecretSealed,
    attempted,
  };
}

export async function deliver(
  deliveryId: string,
  trigger: DeliveryTrigger,
  options: DeliverOptions = {},
): Promise<DeliverOutcome> {
  const timeoutMs = options.timeoutMs ?? SEND_TIMEOUT_MS;
  return (options.db ?? prisma()).$transaction(
    async (tx) => {
      // Locks the delivery and, in the same round trip, bounds how long a sender that vanishes
      // without closing its connection can hold that lock.
      const locked = await tx.$queryRaw<{ id: string }[]>`
        SELECT id, set_config('idle_in_transaction_session_timeout', ${String(timeoutMs + 20_000)}, true) AS "idleTimeout"
        FROM "WebhookDelivery" WHERE id = ${deliveryId} FOR UPDATE`;
      if (locked.length === 0) return { kind: "skipped", reason: "not_found" };
      const { delivery, endpoint, event, webhookSecretSealed, attempted } = await readDeliveryToSend(
        tx,
        deliveryId,
        options.jobKey ?? null,
      );
      if (attempted) return { kind: "skipped", reason: "already_attempted" };
      if (trigger === "retry" && delivery.status !== "pending") return { kind: "skipped", reason: "not_pending" };
      if (!endpoint.enabled) {
        if (delivery.status === "pending") {
          await tx.webhookDelivery.update({
            where: { id: deliveryId },
            data: { status: "failed", nextAttemptAt: null },
          });
        }
        return { kind: "skipped", reason: "endpoint_disabled" };
      }

      const envelope = buildEnvelope(event, new Date());
      const request = signedRequest(envelope, delivery.id, openWebhookSecret(webhookSecretSealed));
      const result = await sendWebhookRequest({
        url: endpoint.url,
        body: request.body,
        headers: request.headers,
        livemode: delivery.livemode,
        timeoutMs,
      });
      const succeeded = result.statusCode !== null && result.statusCode >= 200 && result.statusCode < 300;

      const attempt = await tx.webhookAttempt.create({
        data: {
          id: newId("wha"),
          deliveryId,
          trigger,
          jobKey: options.jobKey ?? null,
          requestHeaders: request.headers,
          requestBody: request.body,
          statusCode: result.statusCode,
          latencyMs: result.latencyMs,
          responseExcerpt: result.responseExcerpt,
          error: result.error,
        },
      });
      const next = await nextState(tx, delivery, trigger, succeeded, options.retryScale);
      const updated = await tx.webhookDelivery.update({
        where: { id: deliveryId },
        data: { ...next, attemptCount: { increment: 1 }, lastStatusCode: result.statusCode },
      });
      return { kind: "sent", attempt, delivery: updated };
    },
    { timeout: timeoutMs + 15_000, maxWait: 10_000 },
  );
}

/** Success ends a delivery; a failed retry schedules the next one or, past the schedule, fails it. A failed replay changes nothing. */
async function nextState(
  tx: Prisma.TransactionClient,
  delivery: WebhookDelivery,
  trigger: DeliveryTrigger,
  succeeded: boolean,
  retryScale: number | undefined,
): Promise<Pick<WebhookDelivery, "status" | "nextAttemptAt">> {
  if (succeeded) return { status: "succeeded", nextAttemptAt: null };
  if (trigger === "replay") return { status: delivery.status, nextAttemptAt: delivery.nextAttemptAt };
  // Counted from the record, under the row lock, so the schedule holds however jobs were run.
  const retriesDone = await tx.webhookAttempt.count({ where: { deliveryId: delivery.id, trigger: "retry" } });
  const delayMs = nextRetryDelayMs(retriesDone, { scale: retryScale });
  if (delayMs === null) return { status: "failed", nextAttemptAt: null };
  const runAt = new Date(Date.now() + delayMs);
  await enqueueDelivery(tx, { deliveryId: delivery.id, trigger: "retry", retryNumber: retriesDone + 1 }, runAt);
  return { status: "pending", nextAttemptAt: runAt };
}
