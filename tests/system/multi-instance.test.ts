// Scale-out, proven on the production build: two instances of scripts/serve.ts and two webhook
// workers on one database and one Redis behave as one service (one rate limit per key, one
// idempotency record, a revocation seen at once by the other instance, each event delivered once);
// and `npm start` on two cores without Redis keeps one limit across its server processes.
import { randomBytes } from "node:crypto";
import { once } from "node:events";
import type { ChildProcess } from "node:child_process";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { prisma } from "@/lib/db/client";
import { revokeApiKey } from "@/lib/keys/revoke-api-key";
import { verifySignature } from "@/lib/webhooks/verify";
import { addWebhookEndpoint } from "@/lib/webhooks/endpoints";
import { PRODUCTION_DIST_DIR, useProductionBuild, type ProductionBuildLease } from "@/scripts/testing/production-build";
import { createKey, createMerchantApp, uniqueUserId } from "../helpers/fixtures";
import { startWithinOneMinuteWindow } from "../helpers/minute-window";
import { childPids, commandLine, statFields } from "../helpers/proc";
import {
  freePort,
  requestOnce,
  startService,
  stopProcess,
  type Answer,
  type ServiceProcess,
} from "../helpers/service-process";
import { sleep, waitUntil } from "../helpers/wait-until";
import { startReceiver, type WebhookReceiver } from "../helpers/webhook-receiver";
import { workerProcesses } from "../helpers/worker-process";

const SDK = "/api/public/sdk/v1";
// lib/config.ts's default, which every instance here runs with.
const LIMIT = 60;
const redisUrl = process.env.REDIS_URL;

const authSecret = randomBytes(32).toString("base64url");

/** Settings every instance shares, as two machines behind one load balancer would. */
function sharedEnv(port: number): Record<string, string> {
  return {
    NODE_ENV: "production",
    NEXT_DIST_DIR: PRODUCTION_DIST_DIR,
    PORT: String(port),
    HOST: "127.0.0.1",
    DATABASE_URL: process.env.DATABASE_URL ?? "",
    RATE_LIMIT_PREFIX: process.env.RATE_LIMIT_PREFIX ?? "",
    SECRETS_KEY: process.env.SECRETS_KEY ?? "",
    AUTH_SECRET: authSecret,
    // The workers below deliver; a web process only queues.
    WEBHOOK_WORKER: "off",
  };
}

const bearer = (key: string) => ({ authorization: `Bearer ${key}` });

function recordOf(value: unknown, what: string): Record<string, unknown> {
  if (typeof value !== "object" || value === null || Array.isArray(value)) throw new Error(`not an object: ${what}`);
  return Object.fromEntries(Object.entries(value));
}

const bodyOf = (answer: Answer) => recordOf(answer.json, answer.text);
const errorOf = (answer: Answer) => recordOf(bodyOf(answer).error, answer.text);

/** The 429 of docs/decisions/rate-limits.md: the envelope, Retry-After in seconds and the x-ratelimit-* headers. */
function expectRateLimited(answer: Answer): void {
  expect(answer.status, answer.text).toBe(429);
  const requestId = answer.headers["x-request-id"];
  expect(requestId).toMatch(/^req_/);
  expect(errorOf(answer)).toMatchObject({
    type: "rate_limit_error",
    code: "rate_limited",
    message: expect.any(String),
    request_id: requestId,
  });
  expect(answer.headers["retry-after"]).toBe("60");
  expect(answer.headers["x-ratelimit-limit"]).toBe(String(LIMIT));
  expect(answer.headers["x-ratelimit-remaining"]).toBe("0");
  expect(Number(answer.headers["x-ratelimit-reset"])).toBeGreaterThanOrEqual(0);
  expect(Number(answer.headers["x-ratelimit-reset"])).toBeLessThanOrEqual(60);
  expect(answer.headers["x-service-schema-version"]).toBe("1.1");
}

/**
 * `count` requests with one key, the i-th to `targets[i % targets.length]`: reads of wallets that do
 * not exist, counted like any request and cheap to answer.
 */
async function spendOneMinuteOfLimit(targets: string[], key: string, count: number) {
  const answers: (Answer & { target: number })[] = [];
  for (let i = 0; i < count; i += 1) {
    const target = i % targets.length;
    const answer = await requestOnce(targets[target] ?? "", "GET", `${SDK}/wallets/nobody_${i}`, {
      headers: bearer(key),
    });
    answers.push({ ...answer, target });
  }
  return answers;
}

const countdown = Array.from({ length: LIMIT }, (_, i) => String(LIMIT - 1 - i));

describe.skipIf(!redisUrl)(
  redisUrl
    ? "two instances and two webhook workers on one database and one Redis"
    : "two instances and two webhook workers on one database and one Redis (skipped: REDIS_URL is not set)",
  () => {
    let build: ProductionBuildLease | undefined;
    const instances: ServiceProcess[] = [];
    const workers = workerProcesses();
    const workerChildren: ChildProcess[] = [];
    let receiver: WebhookReceiver | undefined;
    let appId = "";
    let hooks: { appId: string; key: string; webhookSecret: string; endpointId: string } | undefined;

    const a = () => instances[0]?.base ?? "";
    const b = () => instances[1]?.base ?? "";

    beforeAll(async () => {
      build = await useProductionBuild({ output: "capture" });

      const app = await createMerchantApp("Scale-out");
      appId = app.application.id;
      receiver = await startReceiver();
      const hooksApp = await createMerchantApp("Scale-out webhooks");
      const endpoint = await addWebhookEndpoint(prisma(), {
        applicationId: hooksApp.application.id,
        url: receiver.url,
        livemode: false,
      });
      hooks = {
        appId: hooksApp.application.id,
        key: (await createKey(hooksApp.application.id, { name: "webhooks" })).secret,
        webhookSecret: hooksApp.webhookSecret,
        endpointId: endpoint.id,
      };

      const ports = [await freePort()];
      while (ports.length < 2) {
        const port = await freePort();
        if (!ports.includes(port)) ports.push(port);
      }
      const started = await Promise.allSettled(
        ports.map((port) =>
          startService({
            ...sharedEnv(port),
            REDIS_URL: redisUrl ?? "",
            // `npm start` forks one server process per core unless told otherwise; one each keeps
            // this test's load small, and the instances are what is under test.
            WEB_CONCURRENCY: "1",
          }),
        ),
      );
      for (const result of started) if (result.status === "fulfilled") instances.push(result.value);
      for (const result of started) if (result.status === "rejected") throw result.reason;

      for (let i = 0; i < 2; i += 1) {
        const child = workers.start();
        workerChildren.push(child);
        let output = "";
        child.stdout?.on("data", (chunk) => (output += String(chunk)));
        child.stderr?.on("data", (chunk) => (output += String(chunk)));
        await waitUntil(() => {
          if (child.exitCode !== null) throw new Error(`webhook worker exited:\n${output}`);
          return output.includes("Webhook worker running");
        }, 60_000);
      }
    }, 600_000);

    afterAll(async () => {
      await Promise.all([
        ...instances.map((instance) => stopProcess(instance.child, { group: true })),
        ...workerChildren.map((child) => stopProcess(child)),
      ]);
      await workers.killAll();
      // Nothing left for the run's other workers to retry.
      if (hooks) await prisma().webhookEndpoint.update({ where: { id: hooks.endpointId }, data: { enabled: false } });
      await receiver?.close();
      build?.release();
    }, 60_000);

    it("holds a key to 60 requests a minute in total, alternating between the instances", async () => {
      const { secret } = await createKey(appId, { name: "rate limit" });
      await startWithinOneMinuteWindow(30_000);
      const answers = await spendOneMinuteOfLimit([a(), b()], secret, LIMIT + 6);

      const allowed = answers.filter((answer) => answer.status !== 429);
      expect(allowed).toHaveLength(LIMIT);
      // Counted, then answered: the wallets do not exist.
      expect(answers.slice(0, LIMIT).map((answer) => answer.status)).toEqual(Array(LIMIT).fill(404));
      // One counter, not one per instance: each answer saw the other instance's requests.
      expect(allowed.map((answer) => answer.headers["x-ratelimit-remaining"])).toEqual(countdown);
      expect(new Set(allowed.map((answer) => answer.target))).toEqual(new Set([0, 1]));

      const refused = answers.slice(LIMIT);
      for (const answer of refused) expectRateLimited(answer);
      expect(new Set(refused.map((answer) => answer.target))).toEqual(new Set([0, 1]));
    }, 90_000);

    it("replays a write on the other instance, and refuses the key for a different body there", async () => {
      const { secret } = await createKey(appId, { name: "idempotency" });
      const body = { externalUserId: uniqueUserId("scale"), currency: "USD", email: "ada@example.com" };
      const send = (base: string, payload: unknown) =>
        requestOnce(base, "POST", `${SDK}/wallets`, {
          headers: { ...bearer(secret), "idempotency-key": "scale-out-1" },
          body: payload,
        });

      const first = await send(a(), body);
      expect(first.status, first.text).toBe(201);
      expect(bodyOf(first).idempotent_replay).toBe(false);
      expect(first.headers["idempotent-replayed"]).toBeUndefined();

      const replay = await send(b(), body);
      expect(replay.status, replay.text).toBe(201);
      expect(replay.headers["idempotent-replayed"]).toBe("true");
      expect(bodyOf(replay)).toEqual({ ...bodyOf(first), idempotent_replay: true });

      const changed = await send(b(), { ...body, email: "someone.else@example.com" });
      expect(changed.status, changed.text).toBe(422);
      expect(errorOf(changed)).toMatchObject({
        type: "idempotency_error",
        code: "idempotency_key_reused",
        request_id: changed.headers["x-request-id"],
      });

      expect(
        await prisma().wallet.count({ where: { applicationId: appId, externalUserId: body.externalUserId } }),
      ).toBe(1);
    }, 60_000);

    it("runs a write once when the same key reaches both instances at the same moment", async () => {
      const { secret } = await createKey(appId, { name: "idempotency race" });
      for (let round = 0; round < 5; round += 1) {
        const body = { externalUserId: uniqueUserId("race"), currency: "USD", email: "ada@example.com" };
        const headers = { ...bearer(secret), "idempotency-key": `race-${round}` };
        const answers = await Promise.all(
          [a(), b()].map((base) => requestOnce(base, "POST", `${SDK}/wallets`, { headers, body })),
        );
        const executed = answers.filter((x) => x.status === 201 && bodyOf(x).idempotent_replay === false);
        expect(executed, answers.map((x) => `${x.status} ${x.text}`).join("\n")).toHaveLength(1);
        const other = answers.find((x) => x !== executed[0]);
        if (other?.status === 201) {
          expect(other.headers["idempotent-replayed"]).toBe("true");
          expect(bodyOf(other).id).toBe(executed[0] && bodyOf(executed[0]).id);
        } else {
          expect(other?.status, other?.text).toBe(409);
          expect(other && errorOf(other).code).toBe("idempotency_in_progress");
          expect(other?.headers["retry-after"]).toBe("1");
        }
        expect(
          await prisma().wallet.count({ where: { applicationId: appId, externalUserId: body.externalUserId } }),
        ).toBe(1);
      }
    }, 60_000);

    it("refuses a revoked key on the next request to the other instance, which had just accepted it", async () => {
      const { secret, record } = await createKey(appId, { name: "revoked" });
      // Accepted by both, so a per-process cache in either would now hold the key.
      for (const base of [a(), b(), a(), b()]) {
        const answer = await requestOnce(base, "GET", `${SDK}/events`, { headers: bearer(secret) });
        expect(answer.status, answer.text).toBe(200);
      }

      // What the CLI's `keys revoke` and the console's revoke button run, here in a third process.
      expect(await revokeApiKey(prisma(), record.id)).toBe(true);

      const onB = await requestOnce(b(), "GET", `${SDK}/events`, { headers: bearer(secret) });
      expect(onB.status, onB.text).toBe(401);
      expect(errorOf(onB)).toMatchObject({ type: "authentication_error", code: "revoked_api_key" });
      const onA = await requestOnce(a(), "GET", `${SDK}/events`, { headers: bearer(secret) });
      expect(onA.status, onA.text).toBe(401);
      expect(errorOf(onA)).toMatchObject({ type: "authentication_error", code: "revoked_api_key" });
    }, 60_000);

    it("delivers each event exactly once to its endpoint with two workers sharing the queue", async () => {
      if (!hooks || !receiver) throw new Error("beforeAll did not finish");
      const count = 40;
      for (let i = 0; i < count; i += 1) {
        const created = await requestOnce(i % 2 === 0 ? a() : b(), "POST", `${SDK}/wallets`, {
          headers: bearer(hooks.key),
          body: { externalUserId: uniqueUserId("hook"), currency: "USD", email: "ada@example.com" },
        });
        expect(created.status, created.text).toBe(201);
      }
      const events = await prisma().event.findMany({ where: { applicationId: hooks.appId }, select: { id: true } });
      expect(events).toHaveLength(count);

      await receiver.waitFor(count, 60_000);
      // Long enough for a second worker, or the dead-worker sweep (every 300 ms here), to send again.
      await sleep(3_000);

      const received = receiver.received.map((request) => {
        const raw = request.rawBody.toString("utf8");
        return {
          headerId: request.headers["x-service-event-id"],
          bodyId: recordOf(JSON.parse(raw), raw).id,
          signed: verifySignature(
            raw,
            String(request.headers["x-service-signature"] ?? ""),
            hooks?.webhookSecret ?? "",
          ),
        };
      });
      const seen = new Map<unknown, number>();
      for (const { headerId } of received) seen.set(headerId, (seen.get(headerId) ?? 0) + 1);
      const duplicates = [...seen].filter(([, times]) => times > 1);
      expect(duplicates).toEqual([]);
      expect(received).toHaveLength(count);
      expect([...seen.keys()].sort()).toEqual(events.map((event) => event.id).sort());
      expect(received.every(({ headerId, bodyId }) => headerId === bodyId)).toBe(true);
      expect(received.every(({ signed }) => signed)).toBe(true);

      // One delivery per event, one attempt per delivery, each answered 200.
      const deliveries = await prisma().webhookDelivery.findMany({
        where: { endpointId: hooks.endpointId },
        select: { status: true, _count: { select: { attempts: true } } },
      });
      expect(deliveries).toHaveLength(count);
      expect(deliveries.filter((d) => d.status !== "succeeded" || d._count.attempts !== 1)).toEqual([]);
    }, 120_000);
  },
);

describe("`npm start` on two cores without Redis", () => {
  let build: ProductionBuildLease | undefined;
  let service: ServiceProcess | undefined;
  let metricsPort = 0;

  beforeAll(async () => {
    build = await useProductionBuild({ output: "capture" });
    metricsPort = await freePort();
    // No Redis variables at all (startService does not pass this process's on): the limit is kept
    // in the primary's memory and the server processes ask it.
    service = await startService({
      ...sharedEnv(await freePort()),
      WEB_CONCURRENCY: "2",
      SHUTDOWN_DRAIN_MS: "3000",
      METRICS_PORT: String(metricsPort),
    });
  }, 600_000);

  afterAll(async () => {
    if (service) await stopProcess(service.child, { group: true });
    build?.release();
  }, 60_000);

  it("keeps one limit of 60 per key across its server processes, and both of them serve", async () => {
    if (!service) throw new Error("beforeAll did not finish");
    // The primary's children but tsx's esbuild service, which it starts when it compiles a file its
    // cache lacks (a fresh checkout's first start), and which serves no requests.
    const servers = childPids(service.pid).filter((pid) => !commandLine(pid).includes("esbuild"));
    expect(servers, `children of the primary ${service.pid}`).toHaveLength(2);
    // Done starting (Next's first-request work aside): idle, so what they use next is the requests'.
    await waitUntilIdle(servers);

    const { application } = await createMerchantApp("One machine");
    const { secret } = await createKey(application.id, { name: "cluster" });
    await startWithinOneMinuteWindow(30_000);
    const before = servers.map(cpuTicks);
    const answers = await spendOneMinuteOfLimit([service.base], secret, LIMIT + 6);
    const used = servers.map((pid, i) => cpuTicks(pid) - (before[i] ?? 0));

    expect(answers.filter((answer) => answer.status !== 429)).toHaveLength(LIMIT);
    expect(answers.slice(0, LIMIT).map((answer) => answer.status)).toEqual(Array(LIMIT).fill(404));
    expect(answers.slice(0, LIMIT).map((answer) => answer.headers["x-ratelimit-remaining"])).toEqual(countdown);
    for (const answer of answers.slice(LIMIT)) expectRateLimited(answer);

    // The primary hands connections round-robin: each server process did a good part of the work.
    // (An idle one uses about nothing; 66 requests cost a few hundred milliseconds of CPU.)
    console.log(`cluster: CPU ticks used per server process for ${answers.length} requests: ${used.join(", ")}`);
    const total = used.reduce((sum, ticks) => sum + ticks, 0);
    expect(total, `CPU ticks used per server process: ${used.join(", ")}`).toBeGreaterThanOrEqual(10);
    for (const ticks of used)
      expect(ticks, `CPU ticks per server process: ${used.join(", ")}`).toBeGreaterThan(total / 5);
  }, 120_000);

  it("serves one scrape of metrics for the instance: the sum of its server processes'", async () => {
    if (!service) throw new Error("beforeAll did not finish");
    expect(service.output()).toContain(`Metrics:          http://127.0.0.1:${metricsPort}/metrics`);
    const scrape = async () => (await fetch(`http://127.0.0.1:${metricsPort}/metrics`)).text();
    const series = 'api_requests_total{operation="getHealth",status_class="2xx"}';
    const value = (text: string) =>
      Number(
        text
          .split("\n")
          .find((l) => l.startsWith(`${series} `))
          ?.split(" ")[1] ?? 0,
      );
    const before = value(await scrape());
    // Each on a connection of its own, so the primary hands them to both server processes in turn.
    for (let i = 0; i < 6; i += 1)
      expect((await requestOnce(service.base, "GET", "/api/public/health")).status).toBe(200);
    const text = await scrape();
    expect(value(text) - before).toBe(6);
    // Summed once: one series per name, not one per process.
    expect(text.match(/^process_cpu_user_seconds_total /gm)).toHaveLength(1);
  }, 60_000);

  // Last in this block: it stops the service.
  it("answers ready, then on SIGTERM unready while it goes on serving for SHUTDOWN_DRAIN_MS, then stops", async () => {
    if (!service) throw new Error("beforeAll did not finish");
    const ready = await requestOnce(service.base, "GET", "/api/public/health/ready");
    expect(ready.status, ready.text).toBe(200);
    // Its workers' count is tests/integration/readiness.test.ts's: here none runs in this service.
    expect(ready.json).toMatchObject({ status: "ready", database: "ok", rateLimitStore: "memory" });

    const signalled = Date.now();
    const exited = once(service.child, "exit");
    service.child.kill("SIGTERM");
    const base = service.base;
    await waitUntil(async () => (await requestOnce(base, "GET", "/api/public/health/ready")).status === 503, 2_000);
    const draining = await requestOnce(base, "GET", "/api/public/health/ready");
    expect(draining.json).toMatchObject({ error: { code: "unavailable" } });
    expect(draining.headers["retry-after"]).toBe("1");
    // Still serving while it drains: a request that reaches it is answered.
    expect((await requestOnce(base, "GET", "/api/public/health")).status).toBe(200);
    expect(Date.now() - signalled).toBeLessThan(3_000);
    await exited;
    expect(Date.now() - signalled).toBeGreaterThanOrEqual(3_000);
    expect(service.output()).toContain("Stopped on SIGTERM");
  }, 60_000);
});

/** utime + stime of a process, in clock ticks. */
function cpuTicks(pid: number): number {
  const fields = statFields(pid);
  if (!fields) throw new Error(`process ${pid} is gone`);
  return Number(fields[11]) + Number(fields[12]);
}

async function waitUntilIdle(pids: number[]): Promise<void> {
  let last = pids.map(cpuTicks);
  await waitUntil(
    async () => {
      await sleep(500);
      const now = pids.map(cpuTicks);
      const idle = now.every((ticks, i) => ticks - (last[i] ?? 0) <= 1);
      last = now;
      return idle;
    },
    60_000,
    0,
  );
}
