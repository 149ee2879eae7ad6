// The one path every webhook attempt takes, first try, retry or replay: read the delivery, decide
// whether the endpoint may be sent to now (disabled, backed off, busy), build and sign a fresh
// envelope, send it outside any transaction, then record the attempt, the delivery's next state and
// the endpoint's health in one short statement or transaction. The queue job running this attempt
// is what keeps two workers from sending it at once (graphile-worker locks it); its key, stored on
// the attempt, makes a rerun of a job whose attempt is recorded send nothing. Once the request is
// out, its record waits out a database that cannot be reached rather than fail the job and send again.
import { mailEndpointDisabled } from "./endpoint-disabled-mail";
import { openWebhookSecret } from "@/lib/applications/webhook-secret";
import { recordSystemAudit } from "@/lib/audit/record-audit";
import { prisma } from "@/lib/db/client";
import { recordEvent } from "@/lib/events/record-event";
import type { DeliveryStatus, Prisma, PrismaClient, WebhookAttempt } from "@/lib/generated/prisma/client";
import { newId } from "@/lib/ids";
import type { WebhookEndpointDisabledData } from "@/lib/schemas/operational-event";
import {
  afterFailure,
  breakerVerdict,
  HEALTH_POLICY,
  type EndpointHealthFields,
  type HealthPolicy,
} from "./endpoint-health";
import type { EndpointGate } from "./endpoint-gate";
import { enqueueDelivery, jobKeyFor, type DeliveryTrigger } from "./enqueue";
import { buildEnvelope, signedRequest } from "./envelope";
import { failDeletedEndpointDeliveries, parkEndpointDeliveries, rescheduleEndpointJobs } from "./resume-deliveries";
import { nextRetryDelayMs } from "./schedule";
import { SLOT_TOLERANCE_MS, takeSendSlot, takeSendTurn } from "./endpoint-throttle";
import { SEND_TIMEOUT_MS, sendWebhookRequest, type SendResult } from "./send-request";
import { prismaSql, type SqlRunner, type Statement } from "./sql-runner";
import type { LookupHost } from "./address-guard";
import { retryWhileUnavailable } from "@/lib/db/retry-while-unavailable";
import { observeDelivery } from "@/lib/metrics/metrics";
import { SpanKind, SpanStatusCode, type Span } from "@opentelemetry/api";
import { spanContextOf, tracer, tracingEnabled } from "@/lib/tracing/tracing";

export type DeliverOptions = {
  /** The worker's own client; defaults to the process-wide one. */
  db?: PrismaClient;
  /** Runs the read and the success record; defaults to `db` (the worker passes its pg pool). */
  sql?: SqlRunner;
  /** The queue job running this attempt; a rerun of a job that already recorded its attempt sends nothing. */
  jobKey?: string;
  /** 1-based place of this attempt in the retry schedule, when a retry job runs it; carried into a deferred job. */
  retryNumber?: number;
  /** Multiplies the retry schedule and the endpoint back-off (tests). */
  retryScale?: number;
  timeoutMs?: number;
  /** The worker's per-endpoint cap; absent sends without one (a direct call). */
  gate?: EndpointGate;
  policy?: HealthPolicy;
  lookupHost?: LookupHost;
  /** The job already holds a send slot of its endpoint's throttle (endpoint-throttle.ts), taken when it was deferred to it. */
  slotReserved?: boolean;
  /**
   * What a throttled send does when its slot is ahead: "defer" (a queue job: back in the queue until
   * then, holding the slot) or "wait" (a recovery, which sends one delivery at a time: sleep until then).
   */
  onThrottle?: "defer" | "wait";
};

export type DeliverOutcome =
  | { kind: "sent"; attempt: RecordedAttempt; status: DeliveryStatus }
  | {
      kind: "skipped";
      reason:
        "not_found" | "already_attempted" | "not_pending" | "endpoint_disabled" | "endpoint_deleted" | "in_recovery";
    }
  | { kind: "deferred"; reason: "backing_off" | "probe_in_flight" | "endpoint_busy" | "throttled"; until: Date };

/** An attempt as deliver() reports it; failedEndpointId is the database's, set by trigger on insert. */
type RecordedAttempt = Omit<WebhookAttempt, "failedEndpointId">;
/** The same before the insert, which stamps createdAt. */
type AttemptToRecord = Omit<RecordedAttempt, "createdAt">;

/** A delivery as sending needs it, read in one statement: its row, endpoint, event and signing secret. */
type DeliveryToSend = EndpointHealthFields & {
  id: string;
  status: DeliveryStatus;
  livemode: boolean;
  endpointId: string;
  eventId: string;
  url: string;
  eventType: string;
  eventData: Prisma.JsonValue;
  eventSequence: number;
  /** When the event committed: a success's delivery latency counts from it (lib/metrics). */
  eventCreatedAt: Date;
  /** The creating request's trace, which this attempt's trace links to (docs/decisions/tracing.md). */
  eventTraceparent: string | null;
  /** The delivery's mode's signing secret in use now: every attempt is signed when it is sent. */
  secretSealed: string | null;
  /** A rolled secret not yet in use: the Standard Webhooks signature carries it too, during the roll. */
  pendingSealed: string | null;
  applicationId: string;
  deletedAt: Date | null;
  /** Whether the queue job running this attempt already recorded one. */
  attempted: boolean;
  /** A running recovery owns the delivery: its retries are left to the recovery. */
  recoveryId: string | null;
  /** The endpoint's throttle; null when it has none. */
  maxPerSecond: number | null;
};

const READ_DELIVERY: Statement = {
  name: "webhook_read_delivery",
  text: `
  SELECT d."id", d."status", d."livemode", d."endpointId", d."eventId", d."applicationId", d."recoveryId",
    w."url", w."enabled", w."maxPerSecond", w."consecutiveFailures", w."failingSince", w."lastSuccessAt", w."lastFailureAt",
    w."lastFailureReason", w."backoffUntil", w."backoffProbeFailures", w."probeLeaseUntil", w."disabledAt",
    w."disabledReason", w."deletedAt",
    e."type" AS "eventType", e."data" AS "eventData", e."sequence" AS "eventSequence",
    e."createdAt" AS "eventCreatedAt", e."traceparent" AS "eventTraceparent",
    (SELECT s."sealed" FROM "WebhookSigningSecret" s
      WHERE s."applicationId" = d."applicationId" AND s."livemode" = d."livemode" AND s."activeFrom" <= now()
      ORDER BY s."activeFrom" DESC, s."createdAt" DESC LIMIT 1) AS "secretSealed",
    (SELECT s."sealed" FROM "WebhookSigningSecret" s
      WHERE s."applicationId" = d."applicationId" AND s."livemode" = d."livemode" AND s."activeFrom" > now()
      ORDER BY s."activeFrom" DESC, s."createdAt" DESC LIMIT 1) AS "pendingSealed",
    EXISTS (SELECT 1 FROM "WebhookAttempt" t WHERE t."jobKey" = $2) AS "attempted"
  FROM "WebhookDelivery" d
  JOIN "WebhookEndpoint" w ON w."id" = d."endpointId"
  JOIN "Event" e ON e."id" = d."eventId"
  WHERE d."id" = $1`,
};

/** Up to a fifth later, so the backlog of one endpoint does not come due in one instant. */
function spread(until: Date): Date {
  return new Date(until.getTime() + Math.round(Math.random() * 0.2 * Math.max(0, until.getTime() - Date.now())));
}

export async function deliver(
  deliveryId: string,
  trigger: DeliveryTrigger,
  options: DeliverOptions = {},
): Promise<DeliverOutcome> {
  if (!tracingEnabled()) return attempt(deliveryId, trigger, options);
  // Each attempt is a trace of its own (a retry hours later is not part of the request that caused
  // it), linked to the event's creating request once the delivery row names it.
  return tracer().startActiveSpan(
    "webhook.attempt",
    {
      root: true,
      kind: SpanKind.CONSUMER,
      attributes: { "wallet_card.delivery_id": deliveryId, "wallet_card.trigger": trigger },
    },
    async (span) => {
      try {
        const outcome = await attempt(deliveryId, trigger, options, span);
        span.setAttribute("wallet_card.outcome", outcome.kind === "sent" ? outcome.status : outcome.reason);
        return outcome;
      } catch (error) {
        span.setStatus({ code: SpanStatusCode.ERROR, message: error instanceof Error ? error.message : String(error) });
        throw error;
      } finally {
        span.end();
      }
    },
  );
}

async function attempt(
  deliveryId: string,
  trigger: DeliveryTrigger,
  options: DeliverOptions,
  span?: Span,
): Promise<DeliverOutcome> {
  const db = options.db ?? prisma();
  const jobKey = options.jobKey ?? null;
  const sql = options.sql ?? prismaSql(db);
  const [row] = await sql<DeliveryToSend>(READ_DELIVERY, [deliveryId, jobKey]);
  if (!row) return { kind: "skipped", reason: "not_found" };
  if (span) {
    span.setAttribute("wallet_card.event_id", row.eventId);
    const creating = spanContextOf(row.eventTraceparent);
    if (creating) span.addLink({ context: creating, attributes: { "wallet_card.link": "event_created_by" } });
  }
  if (row.attempted) return { kind: "skipped", reason: "already_attempted" };
  if (trigger === "retry" && row.status !== "pending") return { kind: "skipped", reason: "not_pending" };
  // The recovery sends it, in its order; a retry now would send it twice.
  if (trigger === "retry" && row.recoveryId !== null) return { kind: "skipped", reason: "in_recovery" };
  if (row.deletedAt) {
    // Deleted while this job waited: nothing is sent to it again, so the delivery ends here.
    await failDeletedEndpointDeliveries(db, row.endpointId);
    return { kind: "skipped", reason: "endpoint_deleted" };
  }
  if (!row.enabled) {
    // The delivery waits, pending, for the endpoint to be enabled again (resume-deliveries.ts).
    await db.$executeRaw`UPDATE "WebhookDelivery" SET "nextAttemptAt" = NULL, "updatedAt" = now()
      WHERE "id" = ${deliveryId} AND "status" = 'pending'`;
    return { kind: "skipped", reason: "endpoint_disabled" };
  }

  const now = new Date();
  if (options.gate && !options.gate.tryAcquire(row.endpointId)) {
    // Fetched just before the endpoint reached its cap here: back in the queue, due now, where this
    // worker leaves it until a slot frees and any other worker may take it.
    return defer(db, row, trigger, options, now, "endpoint_busy");
  }
  try {
    return await sendAndRecord(db, sql, row, trigger, options, now);
  } finally {
    // Only once the outcome is recorded: a slot freed before that let this worker start another
    // send to the endpoint on a breaker read that did not count this failure yet.
    options.gate?.release(row.endpointId);
  }
}

/** Past the breaker (or deferred by it), the send, and its record. */
async function sendAndRecord(
  db: PrismaClient,
  sql: SqlRunner,
  row: DeliveryToSend,
  trigger: DeliveryTrigger,
  options: DeliverOptions,
  now: Date,
): Promise<DeliverOutcome> {
  const timeoutMs = options.timeoutMs ?? SEND_TIMEOUT_MS;
  // Whether this send holds the probe lease: only its failure reopens the breaker for longer.
  let probe = false;
  // A replay is the merchant asking now: it passes the breaker (and, when it succeeds, closes it).
  if (trigger === "retry") {
    const verdict = breakerVerdict(row, now);
    if (verdict.kind === "wait") {
      const reason = row.backoffUntil && row.backoffUntil > now ? "backing_off" : "probe_in_flight";
      return defer(db, row, trigger, options, spread(verdict.until), reason);
    }
    if (verdict.kind === "probe") {
      const leaseUntil = new Date(now.getTime() + timeoutMs + 5_000);
      const claimed = await db.$executeRaw`UPDATE "WebhookEndpoint" SET "probeLeaseUntil" = ${leaseUntil}
        WHERE "id" = ${row.endpointId} AND "backoffUntil" <= ${now}
          AND ("probeLeaseUntil" IS NULL OR "probeLeaseUntil" <= ${now})`;
      if (claimed === 0) return defer(db, row, trigger, options, spread(leaseUntil), "probe_in_flight");
      probe = true;
    }
  }
  if (row.maxPerSecond !== null) {
    if (!options.slotReserved) {
      const slot = await takeSendSlot(db, row.endpointId, row.maxPerSecond, now);
      if (slot.getTime() > Date.now() + SLOT_TOLERANCE_MS) {
        if (options.onThrottle === "wait") await sleep(slot.getTime() - Date.now());
        else {
          // The slot is this job's: queued again to run at it, it sends without taking another.
          if (probe) await releaseProbeLease(db, row.endpointId);
          return deferToSlot(db, row, trigger, options, slot);
        }
      }
    }
    await takeSendTurn(db, row.endpointId, row.maxPerSecond);
  }
  const envelope = buildEnvelope(
    { id: row.eventId, type: row.eventType, data: row.eventData, sequence: row.eventSequence },
    new Date(),
  );
  if (row.secretSealed === null) throw new Error(`application ${row.applicationId} has no signing secret in use`);
  const request = signedRequest(envelope, row.id, {
    current: openWebhookSecret(row.secretSealed),
    pending: row.pendingSealed === null ? null : openWebhookSecret(row.pendingSealed),
  });
  const result = await sendWebhookRequest({
    url: row.url,
    body: request.body,
    headers: request.headers,
    livemode: row.livemode,
    timeoutMs,
    lookupHost: options.lookupHost,
  });
  // One id for every try at recording it, so a try that committed unseen makes the next a no-op.
  const attempt: AttemptToRecord = {
    id: newId("wha"),
    deliveryId: row.id,
    trigger,
    jobKey: options.jobKey ?? null,
    // The URL as it was at this send: the endpoint's may be edited later.
    url: row.url,
    requestHeaders: request.headers,
    requestBody: request.body,
    statusCode: result.statusCode,
    latencyMs: result.latencyMs,
    responseExcerpt: result.responseExcerpt,
    error: result.error,
    bodiesDroppedAt: null,
  };
  const succeeded =
    result.error === null && result.statusCode !== null && result.statusCode >= 200 && result.statusCode < 300;
  if (result.error === null && result.statusCode === GONE) {
    // The receiver asks for no more tries of this delivery: it ends here, the endpoint's health untouched.
    return recordAbandoned(db, attempt, `The receiver answered ${GONE} Gone`);
  }
  const outcome = await (succeeded
    ? recordSuccess(db, sql, row, attempt)
    : recordFailure(db, row, attempt, {
        reason: failureReason(result),
        probe,
        retryScale: options.retryScale,
        policy: options.policy ?? HEALTH_POLICY,
      }));
  if (outcome.kind === "sent") {
    observeDelivery(
      succeeded ? "succeeded" : outcome.status === "failed" ? "gave_up" : "failed",
      succeeded ? (Date.now() - row.eventCreatedAt.getTime()) / 1000 : null,
    );
  }
  return outcome;
}

function failureReason(result: SendResult): string {
  if (result.error) return result.error;
  return `HTTP ${result.statusCode ?? "no status"}`;
}

/** Puts this job back in the queue for later, under the same key, without sending or counting an attempt. */
async function defer(
  db: PrismaClient,
  row: DeliveryToSend,
  trigger: DeliveryTrigger,
  options: DeliverOptions,
  until: Date,
  reason: "backing_off" | "probe_in_flight" | "endpoint_busy",
): Promise<DeliverOutcome> {
  const job = { deliveryId: row.id, endpointId: row.endpointId, trigger, retryNumber: options.retryNumber };
  // Re-adding the running job's key makes graphile-worker queue a fresh job and let this one end.
  const requeue = (tx: Prisma.TransactionClient, runAt: Date) =>
    enqueueDelivery(tx, job, runAt, options.jobKey ?? jobKeyFor(job));
  if (trigger === "retry" && reason !== "endpoint_busy") {
    return db.$transaction(async (tx) => {
      // The breaker read again, under a share lock: a probe that succeeded since this send read it
      // made the endpoint's queued jobs due now, but not this one, which was running; it is due now
      // too. The lock orders this against the success's write to the row, so neither misses the other.
      const [breaker] = await tx.$queryRaw<{ open: boolean }[]>`
        SELECT "backoffUntil" IS NOT NULL AS "open" FROM "WebhookEndpoint" WHERE "id" = ${row.endpointId} FOR SHARE`;
      const runAt = breaker?.open === false ? new Date() : until;
      await requeue(tx, runAt);
      await tx.$executeRaw`UPDATE "WebhookDelivery" SET "nextAttemptAt" = ${runAt}, "updatedAt" = now()
        WHERE "id" = ${row.id} AND "status" = 'pending'`;
      return { kind: "deferred", reason, until: runAt } as const;
    });
  }
  await requeue(db, until);
  return { kind: "deferred", reason, until };
}

/**
 * One statement: the attempt, the delivery succeeded, and the endpoint's streak and breaker closed.
 * The endpoint's row is written only when something changes or its last success is a second old,
 * so a busy endpoint's deliveries do not all queue on its row lock. The insert gives way on any
 * conflict: on the job's key (another run of the job recorded it) or on the attempt's id (an
 * earlier try at this very record committed, its answer lost with the connection).
 */
const RECORD_SUCCESS: Statement = {
  name: "webhook_record_success",
  text: `
  WITH before AS (
    SELECT "backoffUntil" IS NOT NULL AS "wasBackingOff" FROM "WebhookEndpoint" WHERE "id" = $11
  ), attempt AS (
    INSERT INTO "WebhookAttempt" ("id", "deliveryId", "trigger", "jobKey", "requestHeaders", "requestBody",
      "statusCode", "latencyMs", "responseExcerpt", "error", "url")
    VALUES ($1, $2, $3, $4, $5::jsonb, $6, $7::int, $8::int, $9, $10, $14)
    ON CONFLICT DO NOTHING
    RETURNING "createdAt"
  ), delivery AS (
    UPDATE "WebhookDelivery" SET "status" = 'succeeded', "nextAttemptAt" = NULL,
      "attemptCount" = "attemptCount" + 1, "lastStatusCode" = $7::int, "updatedAt" = now()
    WHERE "id" = $2 AND EXISTS (SELECT 1 FROM attempt)
    RETURNING "status"
  ), endpoint AS (
    UPDATE "WebhookEndpoint" SET "consecutiveFailures" = 0, "failingSince" = NULL, "backoffUntil" = NULL,
      "backoffProbeFailures" = 0, "probeLeaseUntil" = NULL, "lastSuccessAt" = $12::timestamp, "updatedAt" = now()
    WHERE "id" = $11 AND EXISTS (SELECT 1 FROM attempt)
      AND ("consecutiveFailures" > 0 OR "backoffUntil" IS NOT NULL OR "backoffProbeFailures" > 0
        OR "probeLeaseUntil" IS NOT NULL OR "lastSuccessAt" IS NULL OR "lastSuccessAt" < $13::timestamp)
    RETURNING 1
  )
  SELECT attempt."createdAt", delivery."status", before."wasBackingOff" AS "closedBreaker"
  FROM attempt, delivery, before`,
};

async function recordSuccess(
  db: PrismaClient,
  sql: SqlRunner,
  row: DeliveryToSend,
  attempt: AttemptToRecord,
): Promise<DeliverOutcome> {
  const at = new Date();
  const record = () =>
    sql<{ createdAt: Date; status: DeliveryStatus; closedBreaker: boolean }>(RECORD_SUCCESS, [
      attempt.id,
      attempt.deliveryId,
      attempt.trigger,
      attempt.jobKey,
      JSON.stringify(attempt.requestHeaders),
      attempt.requestBody,
      attempt.statusCode,
      attempt.latencyMs,
      attempt.responseExcerpt,
      attempt.error,
      row.endpointId,
      at,
      new Date(at.getTime() - 1_000),
      attempt.url,
    ]);
  const [recorded] = await retryWhileUnavailable(record);
  // Another run of this job recorded the attempt first (a worker presumed dead that was not), or
  // an earlier try of ours did (then whether it closed the breaker is lost with its answer).
  if (!recorded) return { kind: "skipped", reason: "already_attempted" };
  if (recorded.closedBreaker)
    await retryWhileUnavailable(() => rescheduleEndpointJobs(db, row.endpointId, new Date(), "sooner"));
  return { kind: "sent", attempt: { ...attempt, createdAt: recorded.createdAt }, status: recorded.status };
}

type FailureContext = {
  reason: string;
  /** The send held the probe lease (endpoint-health.ts: only a failed probe lengthens the back-off). */
  probe: boolean;
  retryScale?: number;
  policy: HealthPolicy;
};

/**
 * A short transaction: the attempt, the endpoint's health under its row lock (which may open the
 * breaker or disable the endpoint), and the delivery's next state: a failed retry schedules the
 * next one or, past the schedule, fails the delivery; a failed replay changes nothing. Tried again
 * while the database cannot be reached; a try that committed unseen makes the next one's insert
 * give way on the attempt's id, and the rest of it is skipped.
 */
async function recordFailure(
  db: PrismaClient,
  row: DeliveryToSend,
  attempt: AttemptToRecord,
  context: FailureContext,
): Promise<DeliverOutcome> {
  const at = new Date();
  return retryWhileUnavailable(() => recordFailureOnce(db, row, attempt, context, at));
}

async function recordFailureOnce(
  db: PrismaClient,
  row: DeliveryToSend,
  attempt: AttemptToRecord,
  context: FailureContext,
  at: Date,
): Promise<DeliverOutcome> {
  return db.$transaction(async (tx) => {
    // The endpoint's row first, then the attempt, whose insert trigger takes its latency slot's row:
    // the same order as the success record (one statement, whose AFTER trigger runs last), so a
    // success and a failure of one endpoint recorded at once cannot deadlock. NO KEY UPDATE, not
    // UPDATE: a success that leaves the endpoint's row alone still inserts a new slot row, whose
    // foreign key check takes KEY SHARE on the endpoint after that insert; under UPDATE it waited
    // for this transaction while this one's trigger waited for its slot row (40P01).
    const [endpoint] = await tx.$queryRaw<(EndpointHealthFields & { deletedAt: Date | null })[]>`
      SELECT "enabled", "consecutiveFailures", "failingSince", "lastSuccessAt", "lastFailureAt", "lastFailureReason",
        "backoffUntil", "backoffProbeFailures", "probeLeaseUntil", "disabledAt", "disabledReason", "deletedAt"
      FROM "WebhookEndpoint" WHERE "id" = ${row.endpointId} FOR NO KEY UPDATE`;
    const [recorded] = await tx.$queryRaw<{ createdAt: Date }[]>`
      INSERT INTO "WebhookAttempt" ("id", "deliveryId", "trigger", "jobKey", "requestHeaders", "requestBody",
        "statusCode", "latencyMs", "responseExcerpt", "error", "url")
      VALUES (${attempt.id}, ${attempt.deliveryId}, ${attempt.trigger}, ${attempt.jobKey},
        ${JSON.stringify(attempt.requestHeaders)}::jsonb, ${attempt.requestBody}, ${attempt.statusCode},
        ${attempt.latencyMs}, ${attempt.responseExcerpt}, ${attempt.error}, ${attempt.url})
      ON CONFLICT DO NOTHING
      RETURNING "createdAt"`;
    if (!recorded) return { kind: "skipped", reason: "already_attempted" } as const;
    if (!endpoint) throw new Error(`webhook endpoint ${row.endpointId} vanished under its delivery ${row.id}`);
    if (endpoint.deletedAt) {
      // Deleted while this send was under way: the deletion failed the delivery and removed its
      // queued jobs; a retry queued now would leave it pending for an endpoint nothing sends to.
      const delivery = await tx.webhookDelivery.update({
        where: { id: row.id },
        data: {
          attemptCount: { increment: 1 },
          lastStatusCode: attempt.statusCode,
          ...(attempt.trigger === "replay" ? {} : { status: "failed", nextAttemptAt: null }),
        },
        select: { status: true },
      });
      return { kind: "sent", attempt: { ...attempt, createdAt: recorded.createdAt }, status: delivery.status } as const;
    }
    const health = afterFailure(
      endpoint,
      { at, reason: context.reason, probe: context.probe },
      context.policy,
      context.retryScale ?? 1,
    );
    await tx.webhookEndpoint.update({ where: { id: row.endpointId }, data: health });
    const disabledNow = endpoint.enabled && health.enabled === false;
    if (disabledNow) {
      await recordAutomaticDisable(tx, row, {
        reason: health.disabledReason ?? context.reason,
        failingSince: health.failingSince ?? at,
        disabledAt: health.disabledAt ?? at,
      });
      await parkEndpointDeliveries(tx, row.endpointId);
    } else if (health.backoffUntil) {
      await rescheduleEndpointJobs(tx, row.endpointId, health.backoffUntil, "later");
    }

    const next = await nextState(tx, row, attempt.trigger, disabledNow, context);
    const delivery = await tx.webhookDelivery.update({
      where: { id: row.id },
      data: { attemptCount: { increment: 1 }, lastStatusCode: attempt.statusCode, ...next },
      select: { status: true },
    });
    return {
      kind: "sent",
      attempt: { ...attempt, createdAt: recorded.createdAt },
      status: delivery.status,
    } as const;
  });
}

/** Null leaves the delivery as it is (a failed replay). */
async function nextState(
  tx: Prisma.TransactionClient,
  row: DeliveryToSend,
  trigger: DeliveryTrigger,
  endpointDisabled: boolean,
  context: FailureContext,
): Promise<{ status: DeliveryStatus; nextAttemptAt: Date | null } | null> {
  if (trigger === "replay") return null;
  // The endpoint is off now: the delivery waits, pending, to be resumed when it is enabled again.
  if (endpointDisabled) return { status: "pending", nextAttemptAt: null };
  // A recovery took the delivery over while this retry was out: the recovery sends it next, not a retry.
  // Locked, so a recovery starting or ending meanwhile is seen once it commits: either it has the
  // delivery (no retry queued here) or it gave it back (a retry queued here, or by the recovery).
  const [owner] = await tx.$queryRaw<{ recoveryId: string | null }[]>`
    SELECT "recoveryId" FROM "WebhookDelivery" WHERE "id" = ${row.id} FOR NO KEY UPDATE`;
  if (owner?.recoveryId) return { status: "pending", nextAttemptAt: null };
  // Counted from the record, so the schedule holds however jobs were run.
  const retriesDone = await tx.webhookAttempt.count({ where: { deliveryId: row.id, trigger: "retry" } });
  const delayMs = nextRetryDelayMs(retriesDone, { scale: context.retryScale });
  if (delayMs === null) return { status: "failed", nextAttemptAt: null };
  const runAt = new Date(Date.now() + delayMs);
  await enqueueDelivery(
    tx,
    { deliveryId: row.id, endpointId: row.endpointId, trigger: "retry", retryNumber: retriesDone + 1 },
    runAt,
  );
  return { status: "pending", nextAttemptAt: runAt };
}

/**
 * The audit line a merchant finds beside their own actions, the mail, and the
 * webhook_endpoint.disabled event (to the application's other endpoints; this one is off now), all
 * in the transaction that turns the endpoint off, so none goes without the others.
 */
async function recordAutomaticDisable(
  tx: Prisma.TransactionClient,
  row: DeliveryToSend,
  { reason, failingSince, disabledAt }: { reason: string; failingSince: Date; disabledAt: Date },
) {
  await recordSystemAudit(tx, {
    applicationId: row.applicationId,
    action: "webhook_endpoint.disabled_automatically",
    detail: { endpointId: row.endpointId, url: row.url, livemode: row.livemode, reason },
  });
  await mailEndpointDisabled(tx, {
    applicationId: row.applicationId,
    endpointId: row.endpointId,
    url: row.url,
    livemode: row.livemode,
    reason,
  });
  const data: WebhookEndpointDisabledData = {
    id: row.endpointId,
    object: "webhook_endpoint",
    reason,
    failingSince: failingSince.toISOString(),
    disabledAt: disabledAt.toISOString(),
    livemode: row.livemode,
  };
  await recordEvent(
    tx,
    { applicationId: row.applicationId, livemode: row.livemode },
    "webhook_endpoint.disabled",
    data,
  );
}

const GONE = 410;

/** The attempt, and the delivery abandoned with its reason; nothing more is scheduled for it. */
async function recordAbandoned(db: PrismaClient, attempt: AttemptToRecord, reason: string): Promise<DeliverOutcome> {
  return retryWhileUnavailable(() =>
    db.$transaction(async (tx) => {
      const [recorded] = await tx.$queryRaw<{ createdAt: Date }[]>`
        INSERT INTO "WebhookAttempt" ("id", "deliveryId", "trigger", "jobKey", "requestHeaders", "requestBody",
          "statusCode", "latencyMs", "responseExcerpt", "error", "url")
        VALUES (${attempt.id}, ${attempt.deliveryId}, ${attempt.trigger}, ${attempt.jobKey},
          ${JSON.stringify(attempt.requestHeaders)}::jsonb, ${attempt.requestBody}, ${attempt.statusCode},
          ${attempt.latencyMs}, ${attempt.responseExcerpt}, ${attempt.error}, ${attempt.url})
        ON CONFLICT DO NOTHING
        RETURNING "createdAt"`;
      if (!recorded) return { kind: "skipped", reason: "already_attempted" } as const;
      const delivery = await tx.webhookDelivery.update({
        where: { id: attempt.deliveryId },
        data: {
          status: "abandoned",
          abandonReason: reason,
          nextAttemptAt: null,
          attemptCount: { increment: 1 },
          lastStatusCode: attempt.statusCode,
        },
        select: { status: true },
      });
      return {
        kind: "sent",
        attempt: { ...attempt, createdAt: recorded.createdAt },
        status: delivery.status,
      } as const;
    }),
  );
}

/** Queues this job again to run at its throttle slot, holding it; the attempt is not counted. */
async function deferToSlot(
  db: PrismaClient,
  row: DeliveryToSend,
  trigger: DeliveryTrigger,
  options: DeliverOptions,
  slot: Date,
): Promise<DeliverOutcome> {
  const job = {
    deliveryId: row.id,
    endpointId: row.endpointId,
    trigger,
    retryNumber: options.retryNumber,
    slotReserved: true,
  };
  await enqueueDelivery(db, job, slot, options.jobKey ?? jobKeyFor(job));
  return { kind: "deferred", reason: "throttled", until: slot };
}

async function releaseProbeLease(db: PrismaClient, endpointId: string) {
  await db.$executeRaw`UPDATE "WebhookEndpoint" SET "probeLeaseUntil" = NULL WHERE "id" = ${endpointId}`;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));
