// Endpoints changed through the API (issue 38, part 1), through the real route handlers: create,
// update, delete with the console's address rule and audit lines, Idempotency-Key, scopes and tenant
// isolation; an example event sent to a real local receiver, signed like any delivery; the signing
// secret rolled now or later; and the catalog of event kinds, whose JSON Schemas accept real data.
import { Ajv2020 } from "ajv/dist/2020";
import addFormats from "ajv-formats";
import { Webhook } from "standardwebhooks";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { prisma } from "@/lib/db/client";
import { EVENT_TYPES } from "@/lib/events/record-event";
import { CARD_EXAMPLE } from "@/lib/schemas/card";
import { modeSigningSecrets, openSigningSecret } from "@/lib/webhooks/signing-secrets";
import type { WebhookWorker } from "@/lib/webhooks/worker";
import { createKey, setupApp } from "../helpers/fixtures";
import { testClient } from "../helpers/route-fetch";
import { startTestWorker } from "../helpers/test-worker";
import { startReceiver, type WebhookReceiver } from "../helpers/webhook-receiver";

// A public literal address: no DNS needed, and nothing is sent to it (no delivery is queued in these tests).
const PUBLIC_URL = "https://8.8.8.8/hooks";

async function auditLines(applicationId: string, action: string) {
  return prisma().auditLog.findMany({ where: { applicationId, action }, orderBy: { createdAt: "asc" } });
}

describe("POST /webhooks/endpoints", () => {
  let key: string;
  let appId: string;
  beforeAll(async () => {
    ({ key, appId } = await setupApp());
  });

  it("registers an endpoint with its kinds, description and metadata, audited with the key", async () => {
    const created = await testClient(key).POST("/api/public/sdk/v1/webhooks/endpoints", {
      body: {
        url: PUBLIC_URL,
        description: "Orders",
        events: ["card.captured", "card.refunded"],
        metadata: { team: "payments" },
      },
    });
    expect(created.response.status).toBe(201);
    expect(created.data).toMatchObject({
      object: "webhook_endpoint",
      url: PUBLIC_URL,
      description: "Orders",
      metadata: { team: "payments" },
      events: ["card.captured", "card.refunded"],
      enabled: true,
      livemode: false,
      health: { state: "healthy" },
      idempotent_replay: false,
    });
    const id = created.data!.id;
    const read = await testClient(key).GET("/api/public/sdk/v1/webhooks/endpoints/{id}", {
      params: { path: { id } },
    });
    expect(read.data).toMatchObject({ id, description: "Orders", metadata: { team: "payments" } });
    const [line] = (await auditLines(appId, "webhook_endpoint.created")).filter(
      (l) => (l.detail as { endpointId?: string }).endpointId === id,
    );
    expect(line?.merchantId).toBeNull();
    const apiKey = await prisma().apiKey.findFirstOrThrow({ where: { applicationId: appId } });
    expect(line?.detail).toMatchObject({ endpointId: id, url: PUBLIC_URL, via: "api", apiKeyId: apiKey.id });
  });

  it("applies the console's address rule: private, metadata and unresolvable addresses are refused", async () => {
    for (const url of ["http://10.0.0.7/hooks", "http://169.254.169.254/latest", "http://[fd00::1]/x", "ftp://8.8.8.8/x"]) {
      const refused = await testClient(key).POST("/api/public/sdk/v1/webhooks/endpoints", { body: { url } });
      expect(refused.response.status, url).toBe(400);
      expect(refused.error?.error, url).toMatchObject({ code: "endpoint_url_refused", param: "url" });
    }
    const { secret: liveKey } = await createKey(appId, { mode: "live" });
    const plain = await testClient(liveKey).POST("/api/public/sdk/v1/webhooks/endpoints", {
      body: { url: "http://8.8.8.8/hooks" },
    });
    expect(plain.error?.error).toMatchObject({ code: "endpoint_url_refused" });
    const unknownKind = await testClient(key).POST("/api/public/sdk/v1/webhooks/endpoints", {
      // @ts-expect-error: an event kind that does not exist, as a client without types could send
      body: { url: PUBLIC_URL, events: ["card.melted"] },
    });
    expect(unknownKind.response.status).toBe(400);
    expect(unknownKind.error?.error).toMatchObject({ code: "validation_failed" });
  });

  it("creates once per Idempotency-Key and replays the first answer", async () => {
    const before = await prisma().webhookEndpoint.count({ where: { applicationId: appId } });
    const send = () =>
      testClient(key).POST("/api/public/sdk/v1/webhooks/endpoints", {
        body: { url: "https://8.8.8.8/once" },
        headers: { "Idempotency-Key": `create-once-${appId}` },
      });
    const first = await send();
    const again = await send();
    expect(first.response.status).toBe(201);
    expect(again.response.status).toBe(201);
    expect(again.response.headers.get("idempotent-replayed")).toBe("true");
    expect(again.data).toMatchObject({ id: first.data!.id, idempotent_replay: true });
    expect(await prisma().webhookEndpoint.count({ where: { applicationId: appId } })).toBe(before + 1);
  });

  it("needs webhooks:write", async () => {
    const { secret: reader } = await createKey(appId, { scopes: ["webhooks:read", "events:read"] });
    const refused = await testClient(reader).POST("/api/public/sdk/v1/webhooks/endpoints", {
      body: { url: PUBLIC_URL },
    });
    expect(refused.response.status).toBe(403);
    expect(refused.error?.error).toMatchObject({ code: "scope_missing", required_scope: "webhooks:write" });
  });
});

describe("POST and DELETE /webhooks/endpoints/{id}", () => {
  let key: string;
  let appId: string;
  let id: string;
  beforeAll(async () => {
    ({ key, appId } = await setupApp());
    const created = await testClient(key).POST("/api/public/sdk/v1/webhooks/endpoints", {
      body: { url: PUBLIC_URL, description: "First", metadata: { a: "1" } },
    });
    id = created.data!.id;
  });
  const update = (body: Record<string, unknown>, endpointId = id, apiKey = key) =>
    testClient(apiKey).POST("/api/public/sdk/v1/webhooks/endpoints/{id}", {
      params: { path: { id: endpointId } },
      body,
    });

  it("changes only the fields sent, re-vetting a new URL, with a before-and-after audit line", async () => {
    const changed = await update({ events: ["card.issued"], metadata: { b: "2" }, description: null });
    expect(changed.response.status).toBe(200);
    expect(changed.data).toMatchObject({ url: PUBLIC_URL, events: ["card.issued"], metadata: { b: "2" }, description: null });
    const refused = await update({ url: "http://192.168.1.10/hooks" });
    expect(refused.error?.error).toMatchObject({ code: "endpoint_url_refused", param: "url" });
    const stored = await prisma().webhookEndpoint.findUniqueOrThrow({ where: { id } });
    expect(stored.url).toBe(PUBLIC_URL);
    const lines = await auditLines(appId, "webhook_endpoint.updated");
    expect(lines.at(-1)?.detail).toMatchObject({
      endpointId: id,
      via: "api",
      before: { events: [], metadata: { a: "1" }, description: "First" },
      after: { events: ["card.issued"], metadata: { b: "2" }, description: null },
    });
    expect((await update({})).error?.error).toMatchObject({ code: "validation_failed" });
  });

  it("disables with the key named as who did it, and enables with a clean streak", async () => {
    const off = await update({ enabled: false });
    expect(off.data).toMatchObject({ enabled: false, health: { state: "disabled" } });
    expect(off.data?.health.disabledReason).toMatch(/^Disabled by API key key_/);
    await prisma().webhookEndpoint.update({ where: { id }, data: { consecutiveFailures: 7 } });
    const on = await update({ enabled: true });
    expect(on.data).toMatchObject({ enabled: true, health: { state: "healthy", consecutiveFailures: 0, disabledReason: null } });
  });

  it("answers 404 for another application's or mode's endpoint, and changes nothing", async () => {
    const other = await setupApp();
    expect((await update({ description: "x" }, id, other.key)).response.status).toBe(404);
    const { secret: liveKey } = await createKey(appId, { mode: "live" });
    expect((await update({ description: "x" }, id, liveKey)).response.status).toBe(404);
    const gone = await testClient(other.key).DELETE("/api/public/sdk/v1/webhooks/endpoints/{id}", {
      params: { path: { id } },
    });
    expect(gone.error?.error).toMatchObject({ code: "endpoint_not_found" });
    expect((await prisma().webhookEndpoint.findUniqueOrThrow({ where: { id } })).deletedAt).toBeNull();
  });

  it("deletes: no longer listed or readable, its pending deliveries failed, audited", async () => {
    const deleted = await testClient(key).DELETE("/api/public/sdk/v1/webhooks/endpoints/{id}", {
      params: { path: { id } },
    });
    expect(deleted.response.status).toBe(200);
    expect(deleted.data).toMatchObject({ id, object: "webhook_endpoint", deleted: true, failedDeliveries: 0 });
    const read = await testClient(key).GET("/api/public/sdk/v1/webhooks/endpoints/{id}", { params: { path: { id } } });
    expect(read.response.status).toBe(404);
    const again = await testClient(key).DELETE("/api/public/sdk/v1/webhooks/endpoints/{id}", {
      params: { path: { id } },
    });
    expect(again.response.status).toBe(404);
    const [line] = await auditLines(appId, "webhook_endpoint.deleted");
    expect(line?.detail).toMatchObject({ endpointId: id, via: "api" });
  });
});

describe("POST /webhooks/endpoints/{id}/test", () => {
  let receiver: WebhookReceiver;
  let worker: WebhookWorker;
  beforeAll(async () => {
    receiver = await startReceiver();
    worker = await startTestWorker();
  });
  afterAll(async () => {
    await worker.stop();
    await receiver.close();
  });

  it("delivers an example of the chosen kind, signed like every delivery, to that endpoint alone", async () => {
    const { key, appId, webhookSecret } = await setupApp();
    const create = (url: string) =>
      testClient(key).POST("/api/public/sdk/v1/webhooks/endpoints", {
        body: { url, events: ["card.captured", "wallet.provisioned"] },
      });
    const target = (await create(receiver.url)).data!;
    await create(`${receiver.url}/other`);
    const sent = await testClient(key).POST("/api/public/sdk/v1/webhooks/endpoints/{id}/test", {
      params: { path: { id: target.id } },
      body: { type: "card.captured" },
    });
    expect(sent.response.status).toBe(202);
    expect(sent.data).toMatchObject({ object: "webhook_test", type: "card.captured" });
    const [request] = await receiver.waitFor(1);
    const body = request!.rawBody.toString("utf8");
    expect(JSON.parse(body)).toMatchObject({ id: sent.data!.eventId, event: "card.captured", data: { object: "authorization" } });
    // Any Standard Webhooks library verifies it with the secret as the console shows it.
    const headers = Object.fromEntries(Object.entries(request!.headers).map(([k, v]) => [k, String(v)]));
    expect(new Webhook(webhookSecret).verify(body, headers)).toMatchObject({ id: sent.data!.eventId });
    expect(request!.path).toBe(new URL(receiver.url).pathname);
    expect(await prisma().webhookDelivery.count({ where: { eventId: sent.data!.eventId } })).toBe(1);
    const [line] = await auditLines(appId, "webhook_endpoint.tested");
    expect(line?.detail).toMatchObject({ endpointId: target.id, eventId: sent.data!.eventId, via: "api" });

    const notSubscribed = await testClient(key).POST("/api/public/sdk/v1/webhooks/endpoints/{id}/test", {
      params: { path: { id: target.id } },
      body: { type: "card.issued" },
    });
    expect(notSubscribed.response.status).toBe(400);
    expect(notSubscribed.error?.error).toMatchObject({ code: "validation_failed", param: "type" });
    await testClient(key).POST("/api/public/sdk/v1/webhooks/endpoints/{id}", {
      params: { path: { id: target.id } },
      body: { enabled: false },
    });
    const disabled = await testClient(key).POST("/api/public/sdk/v1/webhooks/endpoints/{id}/test", {
      params: { path: { id: target.id } },
      body: {},
    });
    expect(disabled.response.status).toBe(409);
    expect(disabled.error?.error).toMatchObject({ code: "endpoint_disabled" });
  });
});

describe("POST /webhooks/secret/roll", () => {
  it("rolls now: the new secret answered, signing at once, audited as rolled and activated", async () => {
    const { key, appId, webhookSecret } = await setupApp();
    const rolled = await testClient(key).POST("/api/public/sdk/v1/webhooks/secret/roll", {
      body: { activation: "now" },
    });
    expect(rolled.response.status).toBe(201);
    expect(rolled.data).toMatchObject({ object: "webhook_signing_secret", mode: "test", pending: false });
    expect(rolled.data?.secret).toMatch(/^whsec_/);
    expect(rolled.data?.secret).not.toBe(webhookSecret);
    const secrets = await modeSigningSecrets(prisma(), appId, false);
    expect(openSigningSecret(secrets.current).secret).toBe(rolled.data?.secret);
    expect(secrets.pending).toBeNull();
    expect(await auditLines(appId, "webhook_secret.rolled")).toHaveLength(1);
    expect((await auditLines(appId, "webhook_secret.activated"))[0]?.detail).toMatchObject({ via: "api", scheduled: false });
    // The request log keeps no secret in the clear.
    const logged = await prisma().requestLog.findMany({ where: { applicationId: appId, path: { contains: "secret/roll" } } });
    for (const row of logged) expect(row.responseBody ?? "").not.toContain(rolled.data!.secret);
  });

  it("rolls for later: pending until then, the current secret still signing; rolling again replaces it", async () => {
    const { key, appId, webhookSecret } = await setupApp();
    const roll = () =>
      testClient(key).POST("/api/public/sdk/v1/webhooks/secret/roll", { body: { activation: "24h" } });
    const first = await roll();
    expect(first.data).toMatchObject({ pending: true });
    expect(Date.parse(first.data!.activeFrom) - Date.now()).toBeGreaterThan(23.9 * 3_600_000);
    const second = await roll();
    const secrets = await modeSigningSecrets(prisma(), appId, false);
    expect(openSigningSecret(secrets.current).secret).toBe(webhookSecret);
    expect(secrets.pending && openSigningSecret(secrets.pending).secret).toBe(second.data?.secret);
    expect(await auditLines(appId, "webhook_secret.activated")).toHaveLength(0);
    const bad = await testClient(key).POST("/api/public/sdk/v1/webhooks/secret/roll", {
      // @ts-expect-error: not one of the offered delays
      body: { activation: "2h" },
    });
    expect(bad.error?.error).toMatchObject({ code: "validation_failed", param: "activation" });
  });
});

describe("GET /event-types", () => {
  it("lists every kind with a description and a JSON Schema of its data that real data passes", async () => {
    const { key } = await setupApp();
    const res = await testClient(key).GET("/api/public/sdk/v1/event-types");
    expect(res.response.status).toBe(200);
    expect(res.data?.data.map((t) => t.type)).toEqual([...EVENT_TYPES]);
    expect(res.data?.schemaVersion).toMatch(/^\d+\.\d+$/);
    const ajv = new Ajv2020({ strict: false });
    addFormats(ajv);
    const card = res.data!.data.find((t) => t.type === "card.issued")!;
    expect(card.description.length).toBeGreaterThan(10);
    const validate = ajv.compile(card.dataSchema);
    expect(validate(CARD_EXAMPLE), JSON.stringify(validate.errors)).toBe(true);
    expect(validate({ ...CARD_EXAMPLE, status: "melted" })).toBe(false);
    const { secret: cardsOnly } = await createKey((await setupApp()).appId, { scopes: ["cards:write"] });
    expect((await testClient(cardsOnly).GET("/api/public/sdk/v1/event-types")).response.status).toBe(403);
  });
});
