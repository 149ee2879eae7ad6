// Webhook signing secrets per mode: a new application's own secret per mode, an older one's single
// secret kept in both by the migration, rolling one mode leaving the other alone, deliveries through
// the real worker to a real receiver signed with the secret of their send time (a retry after the
// switch carries the new one), the scheduled takeover's audit line, and the verify helper with lists.
import { cp, mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { PrismaPg } from "@prisma/adapter-pg";
import fc from "fast-check";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mintWebhookSecret, openWebhookSecret, sealWebhookSecret } from "@/lib/applications/webhook-secret";
import { activateSecret } from "@/lib/console/activate-secret";
import { revealSecret } from "@/lib/console/reveal-secret";
import { rollSecret } from "@/lib/console/roll-secret";
import { prisma, transaction } from "@/lib/db/client";
import { applyMigrations, listMigrations, MIGRATIONS_DIR } from "@/lib/db/migrations";
import { adminQuery, quoteIdent, withDatabase } from "@/lib/db/sql";
import { PrismaClient } from "@/lib/generated/prisma/client";
import { newId, randomBase62 } from "@/lib/ids";
import { addWebhookEndpoint } from "@/lib/webhooks/endpoints";
import {
  modeSigningSecrets,
  openSigningSecret,
  recordScheduledActivation,
  rollSigningSecret,
} from "@/lib/webhooks/signing-secrets";
import { signPayload, verifySignature, verifyWebhookRequest } from "@/lib/webhooks/verify";
import type { WebhookWorker } from "@/lib/webhooks/worker";
import { api } from "../helpers/card-money";
import { createMerchantApp, setupApp, uniqueUserId } from "../helpers/fixtures";
import { startTestWorker } from "../helpers/test-worker";
import { waitUntil } from "../helpers/wait-until";
import { startReceiver, type ReceivedRequest, type Reply, type WebhookReceiver } from "../helpers/webhook-receiver";
import { nextStreamSequence } from "../helpers/stream-sequence";

const receivers: WebhookReceiver[] = [];
let worker: WebhookWorker | undefined;

beforeAll(async () => {
  worker = await startTestWorker();
});

afterAll(async () => {
  await worker?.stop();
  await Promise.all(receivers.map((r) => r.close()));
});

async function receiver(reply?: (request: ReceivedRequest, index: number) => Reply) {
  const started = await startReceiver(reply);
  receivers.push(started);
  return started;
}

const signatureOf = (request: ReceivedRequest) => String(request.headers["x-service-signature"]);
const signedWith = (request: ReceivedRequest, secret: string) =>
  signatureOf(request) === signPayload(request.rawBody, secret);

async function newWallet(key: string) {
  const res = await api.createWallet(key, {
    externalUserId: uniqueUserId(),
    currency: "USD",
    email: "ada@example.com",
    name: "Ada Obi",
  });
  expect(res.response.status).toBe(201);
}

async function currentSecret(applicationId: string, livemode: boolean) {
  return openSigningSecret((await modeSigningSecrets(prisma(), applicationId, livemode)).current).secret;
}

function merchantContext(merchantId: string) {
  return { merchantId, ipAddress: "198.51.100.9" };
}

describe("a mode's signing secret", () => {
  it("is a new application's own, distinct for test and live", async () => {
    const { application, webhookSecrets } = await createMerchantApp();
    expect(webhookSecrets.test).toMatch(/^whsec_[0-9A-Za-z]{40}$/);
    expect(webhookSecrets.live).toMatch(/^whsec_[0-9A-Za-z]{40}$/);
    expect(webhookSecrets.live).not.toBe(webhookSecrets.test);
    expect(await currentSecret(application.id, false)).toBe(webhookSecrets.test);
    expect(await currentSecret(application.id, true)).toBe(webhookSecrets.live);
  });

  it("of an application made before per-mode secrets is its one secret, in both modes, after the migration", async () => {
    const serverUrl = process.env.DATABASE_URL ?? "";
    const scratch = `signing_${randomBase62(8).toLowerCase()}`;
    const before = await mkdtemp(path.join(os.tmpdir(), "migrations-"));
    await adminQuery(serverUrl, `CREATE DATABASE ${quoteIdent(scratch)}`);
    const url = withDatabase(serverUrl, scratch);
    const client = new pg.Client({ connectionString: url });
    const scratchDb = new PrismaClient({ adapter: new PrismaPg({ connectionString: url, max: 1 }) });
    try {
      // The schema as it was before per-mode secrets, with an application holding one secret.
      const migrations = await listMigrations();
      const splitAt = migrations.indexOf("20261124221302_console_workbench");
      expect(splitAt).toBeGreaterThan(0);
      for (const name of migrations.slice(0, splitAt))
        await cp(path.join(MIGRATIONS_DIR, name), path.join(before, name), { recursive: true });
      await applyMigrations(url, { migrationsDir: before });
      const secret = mintWebhookSecret();
      const madeAt = new Date("2026-01-02T03:04:05.000Z");
      await client.connect();
      await client.query(`INSERT INTO "MerchantUser" ("id", "email") VALUES ('usr_old', 'old@example.test')`);
      await client.query(
        `INSERT INTO "Application" ("id", "merchantId", "name", "webhookSecretSealed", "webhookSecretAt")
         VALUES ('app_old', 'usr_old', 'Old', $1, $2)`,
        [sealWebhookSecret(secret), madeAt],
      );

      await applyMigrations(url);
      for (const livemode of [false, true]) {
        const { current, pending } = await modeSigningSecrets(scratchDb, "app_old", livemode);
        expect(openWebhookSecret(current.sealed)).toBe(secret);
        expect(current.activeFrom).toEqual(madeAt);
        expect(pending).toBeNull();
      }
      const { rows } = await client.query(
        `SELECT column_name FROM information_schema.columns WHERE table_name = 'Application' AND column_name LIKE 'webhookSecret%'`,
      );
      expect(rows).toEqual([]);
    } finally {
      await client.end().catch(() => undefined);
      await scratchDb.$disconnect();
      await adminQuery(serverUrl, `DROP DATABASE IF EXISTS ${quoteIdent(scratch)} WITH (FORCE)`);
      await rm(before, { recursive: true, force: true });
    }
  }, 120_000);

  it("rolled in test mode leaves live alone, and rolling again replaces the pending one", async () => {
    const { application, merchant, webhookSecrets } = await createMerchantApp();
    const context = merchantContext(merchant.id);
    const first = await rollSecret(prisma(), context, application.id, { mode: "test", activation: "1h" });
    const second = await rollSecret(prisma(), context, application.id, { mode: "test", activation: "24h" });
    expect(second.secret).not.toBe(first.secret);

    const revealed = await revealSecret(prisma(), context, application.id, "test");
    expect(revealed.current.secret).toBe(webhookSecrets.test);
    expect(revealed.pending?.secret).toBe(second.secret);
    const hours = (revealed.pending!.activeFrom.getTime() - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(23.9);
    expect(hours).toBeLessThanOrEqual(24);
    expect(
      await prisma().webhookSigningSecret.count({
        where: { applicationId: application.id, livemode: false, activeFrom: { gt: new Date() } },
      }),
    ).toBe(1);

    const live = await revealSecret(prisma(), context, application.id, "live");
    expect(live.current.secret).toBe(webhookSecrets.live);
    expect(live.pending).toBeNull();

    // Rolling now discards the pending one and signs at once.
    const now = await rollSecret(prisma(), context, application.id, { mode: "test", activation: "now" });
    expect(now.pending).toBe(false);
    const after = await revealSecret(prisma(), context, application.id, "test");
    expect(after.current.secret).toBe(now.secret);
    expect(after.pending).toBeNull();
    expect(await currentSecret(application.id, true)).toBe(webhookSecrets.live);

    const audit = await prisma().auditLog.findMany({
      where: { applicationId: application.id, action: { startsWith: "webhook_secret." } },
      orderBy: { createdAt: "asc" },
    });
    expect(audit.map((line) => [line.action, (line.detail as { mode?: string } | null)?.mode])).toEqual([
      ["webhook_secret.rolled", "test"],
      ["webhook_secret.rolled", "test"],
      ["webhook_secret.revealed", "test"],
      ["webhook_secret.revealed", "live"],
      ["webhook_secret.rolled", "test"],
      ["webhook_secret.activated", "test"],
      ["webhook_secret.revealed", "test"],
    ]);
    expect(audit[1]?.detail).toMatchObject({ activeFrom: revealed.pending!.activeFrom.toISOString() });
    expect(JSON.stringify(audit)).not.toContain(second.secret);
  });

  it("refuses an activation time other than now, in 1 hour or in 24 hours, on its field", async () => {
    const { application, merchant } = await createMerchantApp();
    await expect(
      rollSecret(prisma(), merchantContext(merchant.id), application.id, { mode: "test", activation: "2h" }),
    ).rejects.toMatchObject({ field: "activation" });
  });
});

describe("deliveries around a roll (real worker, real receiver)", () => {
  it("are signed with the current secret until the pending one is activated, and a retry after that with the new one", async () => {
    const { appId, key, webhookSecret, merchant } = await setupApp();
    const context = merchantContext(merchant.id);
    const rolled = await rollSecret(prisma(), context, appId, { mode: "test", activation: "1h" });
    // The first attempt fails slowly, so the secret is switched while it is out; the retry succeeds.
    const hooks = await receiver((_request, index) =>
      index === 0 ? { status: 500, delayMs: 1_500 } : { status: 200 },
    );
    // The wallet's event only: the activation's own webhook_secret.rotated would arrive beside the retry.
    await addWebhookEndpoint(prisma(), {
      applicationId: appId,
      url: hooks.url,
      livemode: false,
      events: ["wallet.provisioned"],
    });

    await newWallet(key);
    const [first] = await hooks.waitFor(1);
    expect(signedWith(first!, webhookSecret)).toBe(true);
    expect(signedWith(first!, rolled.secret)).toBe(false);
    await transaction((tx) => activateSecret(tx, context, appId, "test"));

    const [, retry] = await hooks.waitFor(2);
    expect(retry!.headers["x-service-delivery-id"]).toBe(first!.headers["x-service-delivery-id"]);
    expect(signedWith(retry!, rolled.secret)).toBe(true);
    // A receiver holding both accepts either attempt; one holding only the old secret refuses the retry.
    expect(verifySignature(first!.rawBody, signatureOf(first!), [webhookSecret, rolled.secret])).toBe(true);
    expect(verifySignature(retry!.rawBody, signatureOf(retry!), [webhookSecret, rolled.secret])).toBe(true);
    expect(verifySignature(retry!.rawBody, signatureOf(retry!), [webhookSecret])).toBe(false);

    const attempts = await waitUntil(async () => {
      const rows = await prisma().webhookAttempt.findMany({
        where: { delivery: { applicationId: appId } },
        orderBy: { createdAt: "asc" },
      });
      return rows.length === 2 && rows;
    });
    expect(attempts.map((a) => [a.trigger, a.statusCode])).toEqual([
      ["retry", 500],
      ["retry", 200],
    ]);
  });

  it("switch by themselves at the picked time, which the worker records in the audit log once", async () => {
    const { appId, key, webhookSecret } = await setupApp();
    const hooks = await receiver();
    await addWebhookEndpoint(prisma(), { applicationId: appId, url: hooks.url, livemode: false });
    // Far enough ahead that the first delivery is sent before it even on a slow, busy CI machine.
    const activeFrom = new Date(Date.now() + 10_000);
    const rolled = await transaction((tx) =>
      rollSigningSecret(tx, { applicationId: appId, livemode: false, activeFrom }),
    );

    await newWallet(key);
    const [before] = await hooks.waitFor(1);
    expect(before!.receivedAt).toBeLessThan(activeFrom.getTime());
    expect(signedWith(before!, webhookSecret)).toBe(true);

    const audit = await waitUntil(
      () =>
        prisma().auditLog.findFirst({
          where: { applicationId: appId, action: "webhook_secret.activated" },
        }),
      40_000,
    );
    expect(audit.createdAt.getTime()).toBeGreaterThanOrEqual(activeFrom.getTime());
    expect(audit.detail).toMatchObject({ mode: "test", secretId: rolled.id, scheduled: true });

    await newWallet(key);
    const [, after] = await hooks.waitFor(2);
    expect(signedWith(after!, rolled.secret)).toBe(true);

    // Run again (a job retried after a crash): nothing more is written.
    expect(await recordScheduledActivation(prisma(), rolled.id)).toBe(false);
    expect(await prisma().auditLog.count({ where: { applicationId: appId, action: "webhook_secret.activated" } })).toBe(
      1,
    );
  }, 60_000);

  it("a replaced pending secret's job writes nothing", async () => {
    const { appId } = await setupApp();
    const first = await transaction((tx) =>
      rollSigningSecret(tx, { applicationId: appId, livemode: false, activeFrom: new Date(Date.now() + 60_000) }),
    );
    await transaction((tx) =>
      rollSigningSecret(tx, { applicationId: appId, livemode: false, activeFrom: new Date(Date.now() + 60_000) }),
    );
    expect(await recordScheduledActivation(prisma(), first.id, new Date(Date.now() + 120_000))).toBe(false);
    expect(await prisma().auditLog.count({ where: { applicationId: appId } })).toBe(0);
  });
});

describe("the verify helper with a list of secrets", () => {
  const secretArb = fc.string({ minLength: 1, maxLength: 48 }).map((s) => `whsec_${s}`);

  it("passes a body signed with any secret of the list, in any order", () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(secretArb, { minLength: 1, maxLength: 4 }),
        fc.nat(),
        fc.string(),
        (secrets, pick, body) => {
          const signature = signPayload(body, secrets[pick % secrets.length]!);
          expect(verifySignature(body, signature, secrets)).toBe(true);
          expect(verifySignature(body, signature, [...secrets].reverse())).toBe(true);
        },
      ),
    );
  });

  it("refuses a signature by a secret outside the list, and an empty list always", () => {
    fc.assert(
      fc.property(fc.uniqueArray(secretArb, { minLength: 2, maxLength: 5 }), fc.string(), (secrets, body) => {
        const [outsider, ...list] = secrets;
        const signature = signPayload(body, outsider!);
        expect(verifySignature(body, signature, list)).toBe(false);
        expect(verifySignature(body, signature, [])).toBe(false);
        expect(verifySignature(body, signature, outsider!)).toBe(true);
      }),
    );
  });

  it("verifyWebhookRequest answers 401 with an empty list and accepts the pending secret of a list", async () => {
    const body = JSON.stringify({
      id: newId("evt"),
      event: "wallet.provisioned",
      schema_version: "2026-01-01",
      sent_at: new Date().toISOString(),
      sequence: nextStreamSequence(),
      data: {},
    });
    const [current, pending] = [mintWebhookSecret(), mintWebhookSecret()];
    const request = () =>
      new Request("http://receiver.test/hooks", {
        method: "POST",
        body,
        headers: { "x-service-signature": signPayload(body, pending) },
      });
    const refused = await verifyWebhookRequest(request(), []);
    expect(refused instanceof Response && refused.status).toBe(401);
    const accepted = await verifyWebhookRequest(request(), [current, pending]);
    expect(accepted).toMatchObject({ event: "wallet.provisioned" });
  });
});
