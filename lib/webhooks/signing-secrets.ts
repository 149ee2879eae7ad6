// Webhook signing secrets per application and mode. The secret signing at time t is the latest of
// its mode with activeFrom <= t; one with activeFrom still ahead is pending (rolled, not yet in use),
// so a receiver can deploy it before it signs anything. Sealed at rest, opened only to sign or reveal.
import { mintWebhookSecret, openWebhookSecret, sealWebhookSecret } from "@/lib/applications/webhook-secret";
import { recordSystemAudit } from "@/lib/audit/record-audit";
import type { Db } from "@/lib/db/client";
import { recordEvent } from "@/lib/events/record-event";
import type { Prisma, PrismaClient } from "@/lib/generated/prisma/client";
import { newId } from "@/lib/ids";
import type { KeyMode } from "@/lib/keys/api-key-secret";
import type { WebhookSecretRotatedData } from "@/lib/schemas/operational-event";

export const SIGNING_SECRET_ACTIVATION_TASK = "webhook_signing_secret_activation";

/** When a rolled secret may take over, as the merchant picks it. */
export const ACTIVATION_DELAYS = { now: 0, "1h": 60 * 60 * 1000, "24h": 24 * 60 * 60 * 1000 } as const;
export type ActivationDelay = keyof typeof ACTIVATION_DELAYS;

export function isActivationDelay(value: string): value is ActivationDelay {
  return Object.hasOwn(ACTIVATION_DELAYS, value);
}

export type SigningSecretRow = { id: string; sealed: string; activeFrom: Date };
export type ModeSigningSecrets = { current: SigningSecretRow; pending: SigningSecretRow | null };

function modeOf(livemode: boolean): KeyMode {
  return livemode ? "live" : "test";
}

/** A row for Prisma's create: a freshly minted secret for one mode, sealed. */
function signingSecretRow(livemode: boolean, secret: string, activeFrom: Date) {
  return { id: newId("whsk"), livemode, sealed: sealWebhookSecret(secret), activeFrom };
}

/** A new application's secrets: one of its own per mode, in use at once. */
export function newApplicationSecrets(at: Date) {
  const secrets = { test: mintWebhookSecret(), live: mintWebhookSecret() };
  return {
    secrets,
    rows: [signingSecretRow(false, secrets.test, at), signingSecretRow(true, secrets.live, at)],
  };
}

const selectRow = { id: true, sealed: true, activeFrom: true } as const;

/** The secret in use for a mode at `now`, and the pending one if a roll is waiting. */
export async function modeSigningSecrets(
  db: Db,
  applicationId: string,
  livemode: boolean,
  now: Date = new Date(),
): Promise<ModeSigningSecrets> {
  // The newest two: a roll replaces any pending secret (rollSigningSecret), so at most the newest is
  // pending and the next one is then the current.
  const [newest, next] = await db.webhookSigningSecret.findMany({
    where: { applicationId, livemode },
    orderBy: [{ activeFrom: "desc" }, { createdAt: "desc" }],
    take: 2,
    select: selectRow,
  });
  const pending = newest && newest.activeFrom > now ? newest : null;
  const current = pending ? next : newest;
  if (!current) throw new Error(`application ${applicationId} has no ${modeOf(livemode)} signing secret`);
  return { current, pending };
}

export function openSigningSecret(row: SigningSecretRow) {
  return { id: row.id, secret: openWebhookSecret(row.sealed), activeFrom: row.activeFrom };
}

/** Rolls and activations of one application wait for each other, so a mode never has two pending secrets. */
async function lockApplication(tx: Db, applicationId: string) {
  await tx.$queryRaw`SELECT 1 FROM "Application" WHERE "id" = ${applicationId} FOR UPDATE`;
}

/** One scheduled activation per application and mode: re-adding the key replaces the job. */
function activationJobKey(applicationId: string, livemode: boolean) {
  return `signing-secret:${applicationId}:${modeOf(livemode)}`;
}

/**
 * A new secret for one mode, signing from `activeFrom` on (now or later). Replaces a pending one,
 * so there is never more than one. Returns the plain secret: the only time it leaves sealed unasked.
 */
export async function rollSigningSecret(
  tx: Db,
  input: { applicationId: string; livemode: boolean; activeFrom: Date },
  now: Date = new Date(),
) {
  const { applicationId, livemode } = input;
  await lockApplication(tx, applicationId);
  await tx.webhookSigningSecret.deleteMany({ where: { applicationId, livemode, activeFrom: { gt: now } } });
  const activeFrom = input.activeFrom > now ? input.activeFrom : now;
  const secret = mintWebhookSecret();
  const row = await tx.webhookSigningSecret.create({
    data: { applicationId, ...signingSecretRow(livemode, secret, activeFrom) },
    select: selectRow,
  });
  const key = activationJobKey(applicationId, livemode);
  if (activeFrom > now) {
    // The takeover needs no job (deliveries pick the secret by time); the job only records it.
    await tx.$queryRaw`SELECT graphile_worker.add_job(
      identifier => ${SIGNING_SECRET_ACTIVATION_TASK},
      payload => ${JSON.stringify({ secretId: row.id })}::json,
      run_at => ${activeFrom},
      max_attempts => 25,
      job_key => ${key})`;
  } else {
    await removeActivationJob(tx, key);
    await recordRotated(tx, { ...row, applicationId, livemode }, false);
  }
  return { id: row.id, secret, activeFrom, pending: activeFrom > now };
}

async function removeActivationJob(tx: Db, key: string) {
  await tx.$queryRaw`SELECT graphile_worker.remove_job(${key})`;
}

/** Makes a mode's pending secret the one in use from `now`; null when there is none. */
export async function activatePendingSecret(
  tx: Db,
  input: { applicationId: string; livemode: boolean },
  now: Date = new Date(),
): Promise<SigningSecretRow | null> {
  const { applicationId, livemode } = input;
  await lockApplication(tx, applicationId);
  const pending = await tx.webhookSigningSecret.findFirst({
    where: { applicationId, livemode, activeFrom: { gt: now } },
    select: selectRow,
  });
  if (!pending) return null;
  const activated = await tx.webhookSigningSecret.update({
    where: { id: pending.id },
    data: { activeFrom: now },
    select: selectRow,
  });
  await removeActivationJob(tx, activationJobKey(applicationId, livemode));
  await recordRotated(tx, { ...activated, applicationId, livemode }, false);
  return activated;
}

/**
 * webhook_secret.rotated in the transaction where the secret takes over (docs/decisions/operational-events.md):
 * the ids of the new secret and the one it replaced, never either secret.
 */
async function recordRotated(
  tx: Db,
  row: { id: string; activeFrom: Date; applicationId: string; livemode: boolean },
  scheduled: boolean,
) {
  const previous = await tx.webhookSigningSecret.findFirst({
    where: {
      applicationId: row.applicationId,
      livemode: row.livemode,
      id: { not: row.id },
      activeFrom: { lte: row.activeFrom },
    },
    orderBy: [{ activeFrom: "desc" }, { createdAt: "desc" }],
    select: { id: true },
  });
  const data: WebhookSecretRotatedData = {
    id: row.id,
    object: "webhook_signing_secret",
    mode: modeOf(row.livemode),
    previousSecretId: previous?.id ?? null,
    scheduled,
    activeFrom: row.activeFrom.toISOString(),
    livemode: row.livemode,
  };
  await recordEvent(tx, { applicationId: row.applicationId, livemode: row.livemode }, "webhook_secret.rotated", data);
}

/** Whether the audit log already says this secret took over (written by hand or by an earlier run). */
async function activationRecorded(tx: Db, applicationId: string, secretId: string) {
  const line = await tx.auditLog.findFirst({
    where: { applicationId, action: "webhook_secret.activated", detail: { path: ["secretId"], equals: secretId } },
    select: { id: true },
  });
  return line !== null;
}

export function activationAuditDetail(livemode: boolean, row: { id: string; activeFrom: Date }, scheduled: boolean) {
  return {
    mode: modeOf(livemode),
    secretId: row.id,
    activeFrom: row.activeFrom.toISOString(),
    scheduled,
  } satisfies Prisma.InputJsonObject;
}

/**
 * The queue task run at a rolled secret's activeFrom: writes the audit line saying it took over.
 * Idempotent: a secret replaced since, not yet due, or already recorded writes nothing.
 */
export async function recordScheduledActivation(db: PrismaClient, secretId: string, now: Date = new Date()) {
  return db.$transaction(async (tx) => {
    const [row] = await tx.$queryRaw<(SigningSecretRow & { applicationId: string; livemode: boolean })[]>`
      SELECT "id", "sealed", "activeFrom", "applicationId", "livemode" FROM "WebhookSigningSecret"
      WHERE "id" = ${secretId} FOR UPDATE`;
    if (!row || row.activeFrom > now) return false;
    if (await activationRecorded(tx, row.applicationId, row.id)) return false;
    await recordSystemAudit(tx, {
      applicationId: row.applicationId,
      action: "webhook_secret.activated",
      detail: activationAuditDetail(row.livemode, row, true),
    });
    await recordRotated(tx, row, true);
    return true;
  });
}
