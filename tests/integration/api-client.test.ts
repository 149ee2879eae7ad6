// The typed API client against the real routes: its generated Idempotency-Keys and retries as the
// server sees them, the in-process routing the tests rely on, and that every documented operation
// is called through the client somewhere in the integration tests.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { prisma } from "@/lib/db/client";
import { REPO_ROOT } from "@/lib/db/paths";
import { requestFingerprint } from "@/lib/http/idempotency";
import { newId } from "@/lib/ids";
import { openApiDocument } from "@/lib/openapi/document";
import { api, walletWithCard } from "../helpers/card-money";
import { setupApp, uniqueUserId } from "../helpers/fixtures";
import { routeFetch, testClient } from "../helpers/route-fetch";

const walletBody = () => ({ externalUserId: uniqueUserId(), currency: "USD", email: "ada@example.com" });

describe("API client against the routes", () => {
  it("stores each write under the client's generated Idempotency-Key, one fresh key per call", async () => {
    const app = await setupApp();
    await api.createWallet(app.key, walletBody());
    await api.createWallet(app.key, walletBody());
    const records = await prisma().idempotencyRecord.findMany({ where: { applicationId: app.appId } });
    expect(records).toHaveLength(2);
    for (const record of records) {
      expect(record.key).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
      expect(record.state).toBe("completed");
    }
    expect(records[0]!.key).not.toBe(records[1]!.key);
  });

  it("waits out a real 409 idempotency_in_progress and retries with the same key, which then runs once", async () => {
    const app = await setupApp();
    const body = walletBody();
    const key = "client-busy";
    await prisma().idempotencyRecord.create({
      data: {
        id: newId("idem"),
        applicationId: app.appId,
        livemode: false,
        key,
        requestHash: requestFingerprint("POST", "/api/public/sdk/v1/wallets", body),
        state: "in_progress",
        lockedUntil: new Date(Date.now() + 30_000),
        expiresAt: new Date(Date.now() + 86_400_000),
      },
    });
    const waits: number[] = [];
    const client = testClient(app.key, {
      retries: 2,
      // While the client waits, the first request dies: its lock runs out, so the retry may take over.
      sleep: async (ms) => {
        waits.push(ms);
        await prisma().idempotencyRecord.updateMany({
          where: { applicationId: app.appId, key },
          data: { lockedUntil: new Date(Date.now() - 1000) },
        });
      },
    });
    const res = await client.POST("/api/public/sdk/v1/wallets", {
      body,
      params: { header: { "Idempotency-Key": key } },
    });
    expect(waits).toEqual([1000]); // the server's Retry-After: 1
    expect(res.response.status).toBe(201);
    expect(res.data).toMatchObject({ externalUserId: body.externalUserId, idempotent_replay: false });
    expect(await prisma().wallet.count({ where: { externalUserId: body.externalUserId } })).toBe(1);
  });

  it("serves the OpenAPI document it was generated from", async () => {
    const res = await testClient().GET("/api/public/openapi.json");
    expect(res.response.status).toBe(200);
    expect(res.response.headers.get("cache-control")).toBe("public, max-age=300");
    expect(res.data).toEqual(JSON.parse(JSON.stringify(openApiDocument())));
  });
});

describe("the card program's and the public checks' operations through the client", () => {
  it("opens a card details session, reads the published keys and liability snapshots, and names what is missing", async () => {
    const app = await setupApp();
    const { cardId, userId } = await walletWithCard(app.key);
    const client = testClient(app.key);

    const session = await client.POST("/api/public/sdk/v1/cards/{id}/details-sessions", {
      params: { path: { id: cardId } },
      body: { origin: "http://localhost:3000" },
    });
    expect(session.response.status).toBe(201);
    expect(session.data).toMatchObject({ object: "card_details_session", cardId, livemode: false });
    expect(session.data?.url).toMatch(/\/card-details\/cdt_/);

    const keys = await client.GET("/api/public/jwks.json");
    expect(keys.response.status).toBe(200);
    expect(keys.data?.keys.length).toBeGreaterThan(0);
    for (const key of keys.data?.keys ?? []) expect(key).toMatchObject({ kty: "OKP", crv: "Ed25519" });

    const snapshots = await client.GET("/api/public/treasury/liabilities");
    expect(snapshots.response.status).toBe(200);
    expect(Array.isArray(snapshots.data?.data)).toBe(true);
    const unknown = await client.GET("/api/public/treasury/liabilities/{id}", {
      params: { path: { id: "lsnap_doesnotexist" } },
    });
    expect(unknown.response.status).toBe(404);
    expect(unknown.error?.error.code).toBe("liability_snapshot_not_found");

    // Snapshots cover live wallets only: a test wallet has no proof to give (or, on a database where
    // no snapshot was taken yet, there is none to prove against).
    const proof = await client.GET("/api/public/sdk/v1/wallets/{externalUserId}/liability-proof", {
      params: { path: { externalUserId: userId } },
    });
    expect(proof.response.status).toBe(404);
    expect(["liability_proof_unavailable", "liability_snapshot_not_found"]).toContain(proof.error?.error.code);
  });
});

describe("routeFetch", () => {
  it("routes static segments before [params] and unknown paths to the [...path] catch-all", async () => {
    const unknown = await routeFetch(new Request("http://localhost/api/public/sdk/v1/nothing/here"));
    expect(unknown.status).toBe(404);
    expect((await unknown.json()).error.code).toBe("route_not_found");
    const document = await routeFetch(new Request("http://localhost/api/public/openapi.json"));
    expect(document.status).toBe(200);
    expect((await document.json()).openapi).toBe("3.1.0");
    // A method the route file does not export is a 405, as Next.js answers it.
    expect(
      (await routeFetch(new Request("http://localhost/api/public/openapi.json", { method: "DELETE" }))).status,
    ).toBe(405);
  });
});

describe("client coverage", () => {
  it("calls every documented operation through the typed client in some integration test", () => {
    const documented = Object.entries(openApiDocument().paths ?? {}).flatMap(([route, item]) =>
      ["get", "put", "post", "patch", "delete"]
        .filter((method) => item && method in item)
        .map((method) => `${method.toUpperCase()} ${route}`),
    );
    const sources = ["tests/integration", "tests/helpers"].flatMap((dir) =>
      readdirSync(path.join(REPO_ROOT, dir))
        .filter((file) => file.endsWith(".ts"))
        .map((file) => readFileSync(path.join(REPO_ROOT, dir, file), "utf8")),
    );
    // A typed call names the documented path template itself, e.g. POST with "/api/public/sdk/v1/cards/{id}/freeze"
    // (said so here because the call's own spelling would count this comment as a call).
    const called = new Set(
      sources.flatMap((text) =>
        [...text.matchAll(/\.(GET|PUT|POST|PATCH|DELETE)\(\s*"(\/api\/public\/[^"]+)"/g)].map((m) => `${m[1]} ${m[2]}`),
      ),
    );
    expect(documented.length).toBeGreaterThan(20);
    expect(documented.filter((operation) => !called.has(operation))).toEqual([]);
  });
});
