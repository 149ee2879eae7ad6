// Recovery after an outage (issue 38): re-sends an endpoint's deliveries since a time, in order, one
// at a time, as one recovery the caller can watch and cancel, through the API or the console's endpoint
// page (docs/decisions/webhook-recovery.md).
// Starting lists its deliveries in order (WebhookRecoveryItem) and takes their retries over (their
// queued retry jobs removed, recoveryId set, so a retry never sends one the recovery will); the
// webhook_recovery job sends them through the one deliver(), paced, each again after a failure
// until it is answered, and gives the retries back when it ends.
import { recordAudit, type AuditAction } from "@/lib/audit/record-audit";
import { config } from "@/lib/config";
import type { Db } from "@/lib/db/client";
import { DomainError } from "@/lib/errors";
import { Prisma, type PrismaClient, type WebhookRecovery } from "@/lib/generated/prisma/client";
import { newId } from "@/lib/ids";
import type { RecoverEndpointBody, WebhookRecoveryRecord } from "@/lib/schemas/webhook-recovery";
import type { Tenant } from "@/lib/tenant";
import { auditApiChange, endpointForChange, type ApiCaller } from "./api-writes";
import { deliver } from "./deliver";
import { DELIVER_TASK, endpointFlag } from "./enqueue";
import type { SqlRunner } from "./sql-runner";

export const RECOVERY_TASK = "webhook_recovery";

/** A recovery sends at most this many deliveries a second (fewer where the endpoint's throttle says so). */
export const RECOVERY_PER_SECOND = 10;
/** One job run sends for at most this long, then queues the next run: a cancel or a crash loses little. */
const STEP_MS = 20_000;
/** After a failed send the same delivery is tried again after 1 s, doubling to this. */
const MAX_RETRY_DELAY_MS = 60_000;

const iso = (time: Date | null) => time?.toISOString() ?? null;

function recoveryRecord(recovery: WebhookRecovery): WebhookRecoveryRecord {
  return {
    id: recovery.id,
    object: "webhook_recovery",
    endpointId: recovery.endpointId,
    status: recovery.status,
    since: recovery.since.toISOString(),
    all: recovery.includeSucceeded,
    total: recovery.total,
    done: recovery.position,
    left: recovery.total - recovery.position,
    sent: recovery.sent,
    skipped: recovery.skipped,
    lastError: recovery.lastError,
    retryAt: iso(recovery.retryAt),
    cancelReason: recovery.cancelReason,
    createdAt: recovery.createdAt.toISOString(),
    finishedAt: iso(recovery.finishedAt),
  };
}

function recoveryJobKey(recoveryId: string) {
  return `recovery:${recoveryId}`;
}

async function queueRecoveryStep(db: Db, recoveryId: string, runAt: Date) {
  await db.$queryRaw`SELECT graphile_worker.add_job(
    identifier => ${RECOVERY_TASK},
    payload => json_build_object('recoveryId', ${recoveryId}::text),
    run_at => ${runAt},
    max_attempts => 25,
    job_key => ${recoveryJobKey(recoveryId)})`;
}

/**
 * Who starts or cancels a recovery: an API key, or a member in the console (named by their email in
 * a cancel's reason, as the console's disable names them).
 */
export type RecoveryCaller = ApiCaller | { merchantId: string; email: string; address: string | null };

const callerName = (caller: RecoveryCaller) => ("keyId" in caller ? `API key ${caller.keyId}` : caller.email);

/** The API's audit line names the key; the console's, like its other lines, the member. */
async function auditRecovery(
  tx: Db,
  tenant: Tenant,
  caller: RecoveryCaller,
  action: AuditAction,
  detail: Prisma.InputJsonObject,
): Promise<void> {
  if ("keyId" in caller) return auditApiChange(tx, tenant, caller, action, detail);
  await recordAudit(
    tx,
    { merchantId: caller.merchantId, ipAddress: caller.address },
    { applicationId: tenant.applicationId, action, detail },
  );
}

/** How many days back a recovery may reach: the attempts' retention. */
export function recoveryWindowDays(): number {
  return config().WEBHOOK_ATTEMPT_RETENTION_DAYS;
}

/** The start of the window a recovery may reach back to: the attempts' retention. */
export function recoveryWindowStart(now: Date = new Date()): Date {
  return new Date(now.getTime() - config().WEBHOOK_ATTEMPT_RETENTION_DAYS * 86_400_000);
}

export async function startRecovery(
  tx: Db,
  tenant: Tenant,
  caller: RecoveryCaller,
  endpointId: string,
  body: RecoverEndpointBody,
  now: Date = new Date(),
): Promise<WebhookRecoveryRecord> {
  const endpoint = await endpointForChange(tx, tenant, endpointId);
  if (!endpoint.enabled)
    throw new DomainError("endpoint_disabled", "The endpoint is disabled; enable it before recovering its deliveries.");
  const windowStart = recoveryWindowStart(now);
  const since = body.since === undefined ? windowStart : new Date(body.since);
  if (since < windowStart)
    throw new DomainError(
      "validation_failed",
      `since is before the retention window: deliveries can be recovered from ${windowStart.toISOString()} on (${config().WEBHOOK_ATTEMPT_RETENTION_DAYS} days).`,
      { param: "since" },
    );
  const running = await tx.webhookRecovery.findFirst({ where: { endpointId, status: "running" }, select: { id: true } });
  if (running)
    throw new DomainError("recovery_in_progress", `Recovery ${running.id} of this endpoint is still running; watch or cancel it first.`);
  const id = newId("whrc");
  const includeSucceeded = body.all === true;
  await tx.webhookRecovery.create({
    data: { id, applicationId: tenant.applicationId, livemode: tenant.livemode, endpointId, since, includeSucceeded, total: 0, createdBy: "keyId" in caller ? caller.keyId : caller.merchantId },
  });
  // In order per wallet (and per application stream): by sequence, placed at the latest commit time
  // of the wallet's events up to it, so a wallet's events are never out of order and the whole list
  // is near commit order. Example events (isTest) belong to no stream and are left out.
  const total = await tx.$executeRaw`
    INSERT INTO "WebhookRecoveryItem" ("recoveryId", "position", "deliveryId")
    SELECT ${id}, row_number() OVER (ORDER BY o."placedAt", o."stream", o."sequence", o."id"), o."id"
    FROM (
      SELECT d."id", e."sequence", COALESCE(e."walletId", '') AS "stream",
        max(e."createdAt") OVER (PARTITION BY COALESCE(e."walletId", '') ORDER BY e."sequence") AS "placedAt"
      FROM "WebhookDelivery" d JOIN "Event" e ON e."id" = d."eventId"
      WHERE d."endpointId" = ${endpointId} AND d."createdAt" >= ${since} AND NOT e."isTest"
        AND (${includeSucceeded}::boolean OR d."status" <> 'succeeded')
    ) o`;
  // Their retries are the recovery's now: the queued ones removed (one already out finds recoveryId
  // when it records its answer, deliver.ts, and queues no next).
  await tx.$executeRaw`UPDATE "WebhookDelivery" SET "recoveryId" = ${id}, "nextAttemptAt" = NULL, "updatedAt" = now()
    WHERE "id" IN (SELECT "deliveryId" FROM "WebhookRecoveryItem" WHERE "recoveryId" = ${id}) AND "status" = 'pending'`;
  await tx.$executeRaw`SELECT count(*) FROM graphile_worker.complete_jobs(ARRAY(
    SELECT j."id" FROM graphile_worker.jobs j
    WHERE j."flags" ? ${endpointFlag(endpointId)} AND j."locked_by" IS NULL AND j."task_identifier" = ${DELIVER_TASK}
      AND split_part(j."key", ':', 1) IN (SELECT "deliveryId" FROM "WebhookRecoveryItem" WHERE "recoveryId" = ${id})))`;
  const recovery = await tx.webhookRecovery.update({
    where: { id },
    data: total === 0 ? { total, status: "completed", finishedAt: now } : { total },
  });
  if (total > 0) await queueRecoveryStep(tx, id, now);
  await auditRecovery(tx, tenant, caller, "webhook_recovery.started", {
    endpointId,
    recoveryId: id,
    since: since.toISOString(),
    all: includeSucceeded,
    total,
  });
  return recoveryRecord(recovery);
}

async function findRecovery(db: Db, tenant: Tenant, endpointId: string, recoveryId: string) {
  const recovery = await db.webhookRecovery.findFirst({
    where: { id: recoveryId, endpointId, applicationId: tenant.applicationId, livemode: tenant.livemode },
  });
  if (!recovery)
    throw new DomainError("recovery_not_found", `No recovery ${recoveryId} of endpoint ${endpointId}.`, {
      param: "recoveryId",
    });
  return recovery;
}

export async function getRecovery(db: Db, tenant: Tenant, endpointId: string, recoveryId: string) {
  return recoveryRecord(await findRecovery(db, tenant, endpointId, recoveryId));
}

/** The endpoint's newest recoveries, newest first: the running one, if any, and the last ones (the console's endpoint page). */
export async function listRecoveries(
  db: Db,
  tenant: Tenant,
  endpointId: string,
  limit: number,
): Promise<WebhookRecoveryRecord[]> {
  const recoveries = await db.webhookRecovery.findMany({
    where: { endpointId, applicationId: tenant.applicationId, livemode: tenant.livemode },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: limit,
  });
  return recoveries.map(recoveryRecord);
}

/**
 * Gives the recovery's deliveries back to the retry schedule: those still pending get a retry job,
 * due now, unless the endpoint is off (enabling it resumes them) or deleted.
 */
async function releaseDeliveries(tx: Db, recoveryId: string, endpointId: string) {
  const released = await tx.$queryRaw<{ id: string; retryNumber: bigint }[]>`
    UPDATE "WebhookDelivery" d SET "recoveryId" = NULL, "updatedAt" = now(),
      "nextAttemptAt" = CASE WHEN w."enabled" AND w."deletedAt" IS NULL THEN now() ELSE NULL END
    FROM "WebhookEndpoint" w
    WHERE d."recoveryId" = ${recoveryId} AND w."id" = d."endpointId" AND d."status" = 'pending'
      AND w."enabled" AND w."deletedAt" IS NULL
    RETURNING d."id",
      (SELECT count(*) FROM "WebhookAttempt" t WHERE t."deliveryId" = d."id" AND t."trigger" = 'retry') + 1 AS "retryNumber"`;
  await tx.$executeRaw`UPDATE "WebhookDelivery" SET "recoveryId" = NULL WHERE "recoveryId" = ${recoveryId}`;
  if (released.length === 0) return;
  await tx.$executeRaw`SELECT count(*) FROM (SELECT graphile_worker.add_job(
      identifier => ${DELIVER_TASK},
      payload => json_build_object('deliveryId', r.id, 'endpointId', ${endpointId}::text, 'trigger', 'retry', 'retryNumber', r.n),
      max_attempts => 25,
      job_key => r.id || ':retry:' || r.n,
      flags => ARRAY[${endpointFlag(endpointId)}])
    FROM unnest(${released.map((r) => r.id)}::text[], ${released.map((r) => Number(r.retryNumber))}::int[]) AS r(id, n)) AS added`;
}

/** Ends a running recovery; the rest of its deliveries go back to their retry schedule. */
async function endRecovery(tx: Db, recovery: Pick<WebhookRecovery, "id" | "endpointId">, data: Prisma.WebhookRecoveryUpdateManyMutationInput) {
  const ended = await tx.webhookRecovery.updateMany({ where: { id: recovery.id, status: "running" }, data });
  if (ended.count === 0) return false;
  await releaseDeliveries(tx, recovery.id, recovery.endpointId);
  await tx.$queryRaw`SELECT graphile_worker.remove_job(${recoveryJobKey(recovery.id)})`;
  return true;
}

export async function cancelRecovery(
  tx: Db,
  tenant: Tenant,
  caller: RecoveryCaller,
  endpointId: string,
  recoveryId: string,
): Promise<WebhookRecoveryRecord> {
  const recovery = await findRecovery(tx, tenant, endpointId, recoveryId);
  const canceled = await endRecovery(tx, recovery, {
    status: "canceled",
    finishedAt: new Date(),
    cancelReason: `Canceled by ${callerName(caller)}`,
    retryAt: null,
  });
  if (canceled)
    await auditRecovery(tx, tenant, caller, "webhook_recovery.canceled", {
      endpointId,
      recoveryId,
      done: recovery.position,
      left: recovery.total - recovery.position,
    });
  return recoveryRecord(await findRecovery(tx, tenant, endpointId, recoveryId));
}

export type RecoveryStepOptions = {
  db: PrismaClient;
  sql: SqlRunner;
  timeoutMs?: number;
  /** Multiplies the wait before a failed delivery is tried again, and the endpoint's back-off (tests). */
  retryScale?: number;
  now?: () => number;
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));

/**
 * One run of the webhook_recovery job: sends the recovery's next deliveries in order for up to
 * STEP_MS, then queues the next run. A failed send stops the run: the same delivery is tried again
 * later (1 s, doubling to 60 s), so nothing after it overtakes it. A rerun after a crash finds an
 * attempt it already recorded by its key and sends nothing twice.
 */
export async function runRecoveryStep(recoveryId: string, options: RecoveryStepOptions): Promise<void> {
  const { db } = options;
  const started = Date.now();
  for (;;) {
    const recovery = await db.webhookRecovery.findUnique({ where: { id: recoveryId } });
    if (!recovery || recovery.status !== "running") return;
    if (recovery.position >= recovery.total) {
      await db.$transaction((tx) => endRecovery(tx, recovery, { status: "completed", finishedAt: new Date(), retryAt: null }));
      return;
    }
    if (Date.now() - started > STEP_MS) {
      await queueRecoveryStep(db, recoveryId, new Date());
      return;
    }
    const position = recovery.position + 1;
    const item = await db.webhookRecoveryItem.findUniqueOrThrow({ where: { recoveryId_position: { recoveryId, position } } });
    const delivery = await db.webhookDelivery.findUniqueOrThrow({
      where: { id: item.deliveryId },
      select: { status: true, endpoint: { select: { maxPerSecond: true } } },
    });
    if (!recovery.includeSucceeded && delivery.status === "succeeded") {
      await advance(db, recovery, "skipped");
      continue;
    }
    const sendStarted = Date.now();
    const jobKey = `${recoveryJobKey(recoveryId)}:${position}:${recovery.failedTries}`;
    const outcome = await deliver(item.deliveryId, "replay", {
      db,
      sql: options.sql,
      jobKey,
      timeoutMs: options.timeoutMs,
      // The worker's scale of the endpoint's back-off too, as its other sends use.
      retryScale: options.retryScale,
      onThrottle: "wait",
    });
    if (outcome.kind === "skipped" && (outcome.reason === "endpoint_disabled" || outcome.reason === "endpoint_deleted")) {
      await db.$transaction((tx) =>
        endRecovery(tx, recovery, {
          status: "canceled",
          finishedAt: new Date(),
          retryAt: null,
          cancelReason: outcome.reason === "endpoint_deleted" ? "The endpoint was deleted" : "The endpoint was disabled",
        }),
      );
      return;
    }
    const answer = await answeredStatus(db, jobKey, outcome);
    if (answer.ok) {
      await advance(db, recovery, "sent");
      const perSecond = Math.min(RECOVERY_PER_SECOND, delivery.endpoint.maxPerSecond ?? RECOVERY_PER_SECOND);
      await sleep(1000 / perSecond - (Date.now() - sendStarted));
      continue;
    }
    // Never sooner than 100 ms, even on a compressed schedule: a receiver that is down is not hammered.
    const delayMs = Math.max(100, Math.min(MAX_RETRY_DELAY_MS, 1000 * 2 ** recovery.failedTries) * (options.retryScale ?? 1));
    const retryAt = new Date(Date.now() + delayMs);
    await db.$transaction(async (tx) => {
      const updated = await tx.webhookRecovery.updateMany({
        where: { id: recoveryId, status: "running", position: recovery.position },
        data: { failedTries: { increment: 1 }, lastError: answer.error, retryAt },
      });
      if (updated.count > 0) await queueRecoveryStep(tx, recoveryId, retryAt);
    });
    return;
  }
}

/** Whether the send (this run's, or an earlier run's under the same key) was answered 2xx or 410. */
async function answeredStatus(
  db: PrismaClient,
  jobKey: string,
  outcome: Awaited<ReturnType<typeof deliver>>,
): Promise<{ ok: true } | { ok: false; error: string }> {
  const attempt =
    outcome.kind === "sent"
      ? outcome.attempt
      : await db.webhookAttempt.findUnique({ where: { jobKey }, select: { statusCode: true, error: true } });
  if (!attempt) return { ok: false, error: outcome.kind === "skipped" ? `not sent: ${outcome.reason}` : "not sent" };
  const status = attempt.statusCode;
  if (attempt.error === null && status !== null && ((status >= 200 && status < 300) || status === 410)) return { ok: true };
  return { ok: false, error: attempt.error ?? `HTTP ${status ?? "no status"}` };
}

async function advance(db: PrismaClient, recovery: WebhookRecovery, how: "sent" | "skipped") {
  await db.webhookRecovery.updateMany({
    where: { id: recovery.id, status: "running", position: recovery.position },
    data: {
      position: { increment: 1 },
      [how]: { increment: 1 },
      failedTries: 0,
      lastError: null,
      retryAt: null,
    },
  });
}
