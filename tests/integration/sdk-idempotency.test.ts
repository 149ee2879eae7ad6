// Idempotency-Key on writes, as docs/decisions/idempotency.md describes, including under concurrency.
import { describe, expect, it } from "vitest";
import { POST as issueCard } from "@/app/api/public/sdk/v1/cards/route";
import { POST as createWallet } from "@/app/api/public/sdk/v1/wallets/route";
import { prisma } from "@/lib/db/client";
import { newId } from "@/lib/ids";
import { callRoute } from "../helpers/call-route";
import { createKey, setupApp, uniqueUserId } from "../helpers/fixtures";

const post = (key: string, body: unknown, idem?: string, headers: Record<string, string> = {}) =>
  callRoute(createWallet, {
    method: "POST",
    path: "/api/public/sdk/v1/wallets",
    key,
    body,
    headers: idem ? { "idempotency-key": idem, ...headers } : headers,
  });

describe("idempotency", () => {
  it("replays the original response for a reused key, byte for byte but for idempotent_replay", async () => {
    const app = await setupApp();
    const body = { externalUserId: uniqueUserId(), currency: "USD", email: "ada@example.com", name: "Ada Obi" };
    const first = await post(app.key, body, "key-1");
    expect(first.status).toBe(201);
    expect(first.json.idempotent_replay).toBe(false);
    expect(first.headers.get("idempotent-replayed")).toBeNull();

    // Same body with keys in another order is the same request.
    const reordered = {
      name: body.name,
      email: body.email,
      currency: body.currency,
      externalUserId: body.externalUserId,
    };
    const second = await post(app.key, reordered, "key-1");
    expect(second.status).toBe(201);
    expect(second.headers.get("idempotent-replayed")).toBe("true");
    expect(second.text).toBe(first.text.replace('"idempotent_replay":false', '"idempotent_replay":true'));
    expect(await prisma().wallet.count({ where: { externalUserId: body.externalUserId } })).toBe(1);
    expect(await prisma().event.count({ where: { applicationId: app.appId, type: "wallet.provisioned" } })).toBe(1);
  });

  it("answers 422 idempotency_key_reused for the same key with a different request", async () => {
    const app = await setupApp();
    const userId = uniqueUserId();
    await post(app.key, { externalUserId: userId, currency: "USD", email: "a@example.com" }, "key-2");
    const res = await post(app.key, { externalUserId: userId, currency: "USD", email: "b@example.com" }, "key-2");
    expect(res.status).toBe(422);
    expect(res.json.error).toMatchObject({
      type: "idempotency_error",
      code: "idempotency_key_reused",
      param: "Idempotency-Key",
    });
    // The same key on another path is a different request too.
    const card = await callRoute(issueCard, {
      method: "POST",
      path: "/api/public/sdk/v1/cards",
      key: app.key,
      body: { externalUserId: userId, kind: "virtual", currency: "USD" },
      headers: { "idempotency-key": "key-2" },
    });
    expect(card.status).toBe(422);
  });

  it("creates one wallet when two identical requests race, whether or not they carry a key", async () => {
    const app = await setupApp();
    const withKey = { externalUserId: uniqueUserId(), currency: "USD", email: "a@example.com" };
    const results = await Promise.all([post(app.key, withKey, "race"), post(app.key, withKey, "race")]);
    const statuses = results.map((r) => r.status).sort();
    expect(statuses[0]).toBe(201);
    expect([201, 409]).toContain(statuses[1]);
    const loser = results.find((r) => r.status === 409);
    if (loser) expect(loser.json.error.code).toBe("idempotency_in_progress");
    expect(await prisma().wallet.count({ where: { externalUserId: withKey.externalUserId } })).toBe(1);

    const noKey = { externalUserId: uniqueUserId(), currency: "USD", email: "a@example.com" };
    const raced = await Promise.all(Array.from({ length: 5 }, () => post(app.key, noKey)));
    expect(raced.filter((r) => r.status === 201)).toHaveLength(1);
    expect(raced.filter((r) => r.status === 409).every((r) => r.json.error.code === "wallet_exists")).toBe(true);
    expect(await prisma().wallet.count({ where: { externalUserId: noKey.externalUserId } })).toBe(1);
    expect(await prisma().event.count({ where: { applicationId: app.appId, type: "wallet.provisioned" } })).toBe(2);
  });

  it("answers 409 idempotency_in_progress with Retry-After: 1 while the first request runs", async () => {
    const app = await setupApp();
    const body = { externalUserId: uniqueUserId(), currency: "USD", email: "a@example.com" };
    const { requestFingerprint } = await import("@/lib/http/idempotency");
    await prisma().idempotencyRecord.create({
      data: {
        id: newId("idem"),
        applicationId: app.appId,
        livemode: false,
        key: "busy",
        requestHash: requestFingerprint("POST", "/api/public/sdk/v1/wallets", body),
        state: "in_progress",
        lockedUntil: new Date(Date.now() + 30_000),
        expiresAt: new Date(Date.now() + 86_400_000),
      },
    });
    const res = await post(app.key, body, "busy");
    expect(res.status).toBe(409);
    expect(res.headers.get("retry-after")).toBe("1");
    expect(res.json.error.code).toBe("idempotency_in_progress");
  });

  it("takes over a key whose first request died mid-way (its transaction rolled back)", async () => {
    const app = await setupApp();
    const body = { externalUserId: uniqueUserId(), currency: "USD", email: "a@example.com" };
    const { requestFingerprint } = await import("@/lib/http/idempotency");
    await prisma().idempotencyRecord.create({
      data: {
        id: newId("idem"),
        applicationId: app.appId,
        livemode: false,
        key: "orphan",
        requestHash: requestFingerprint("POST", "/api/public/sdk/v1/wallets", body),
        state: "in_progress",
        lockedUntil: new Date(Date.now() - 1000),
        expiresAt: new Date(Date.now() + 86_400_000),
      },
    });
    const res = await post(app.key, body, "orphan");
    expect(res.status).toBe(201);
    const again = await post(app.key, body, "orphan");
    expect(again.json.idempotent_replay).toBe(true);
  });

  it("does not store validation failures, so a corrected retry with the same key works", async () => {
    const app = await setupApp();
    const userId = uniqueUserId();
    const bad = await post(app.key, { externalUserId: userId, currency: "USD", email: "not-an-email" }, "fix-me");
    expect(bad.status).toBe(400);
    const good = await post(app.key, { externalUserId: userId, currency: "USD", email: "a@example.com" }, "fix-me");
    expect(good.status).toBe(201);
    expect(good.json.idempotent_replay).toBe(false);
  });

  it("stores refusals that began executing and replays them", async () => {
    const app = await setupApp();
    const userId = uniqueUserId();
    await post(app.key, { externalUserId: userId, currency: "USD", email: "a@example.com" });
    const body = { externalUserId: userId, currency: "USD", email: "a@example.com" };
    const first = await post(app.key, body, "dup");
    expect(first.status).toBe(409);
    expect(first.json.error.code).toBe("wallet_exists");
    const second = await post(app.key, body, "dup");
    expect(second.status).toBe(409);
    expect(second.headers.get("idempotent-replayed")).toBe("true");
    expect(second.text).toBe(first.text);
  });

  it("scopes keys by application and mode", async () => {
    const a = await setupApp();
    const b = await setupApp();
    const live = await createKey(a.appId, { mode: "live" });
    const body = (u: string) => ({ externalUserId: u, currency: "USD", email: "a@example.com" });
    expect((await post(a.key, body(uniqueUserId()), "shared")).status).toBe(201);
    expect((await post(b.key, body(uniqueUserId()), "shared")).json.idempotent_replay).toBe(false);
    expect((await post(live.secret, body(uniqueUserId()), "shared")).json.idempotent_replay).toBe(false);
  });

  it("rejects a malformed Idempotency-Key", async () => {
    const app = await setupApp();
    const res = await post(
      app.key,
      { externalUserId: uniqueUserId(), currency: "USD", email: "a@example.com" },
      "x".repeat(256),
    );
    expect(res.status).toBe(400);
    expect(res.json.error.code).toBe("invalid_idempotency_key");
  });
});
