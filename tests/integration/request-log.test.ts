// The request log: every SDK request a key attributes to an application is recorded off the request
// path, through the real route handlers; bodies redacted and cut; the writer never delays an answer,
// even with its table locked or its database gone; retention deletes only old rows; the console's
// reads stay within one merchant and one mode.
import { TZDate } from "@date-fns/tz";
import { PrismaPg } from "@prisma/adapter-pg";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseConfig } from "@/lib/config";
import { GET as getWallet } from "@/app/api/public/sdk/v1/wallets/[externalUserId]/route";
import { POST as issueStatement } from "@/app/api/public/sdk/v1/wallets/[externalUserId]/statements/route";
import { POST as fundWallet } from "@/app/api/public/sdk/v1/test/wallets/[externalUserId]/fund/route";
import { DELETE as deleteWallets, POST as createWallet } from "@/app/api/public/sdk/v1/wallets/route";
import { GET as listEvents } from "@/app/api/public/sdk/v1/events/route";
import {} from "@/lib/console/errors";
import { findObject } from "@/lib/console/find-object";
import { listRequestLog } from "@/lib/console/list-request-log";
import { requestLogDetail } from "@/lib/console/request-log-detail";
import { setMode } from "@/lib/console/set-mode";
import { prisma } from "@/lib/db/client";
import { PrismaClient } from "@/lib/generated/prisma/client";
import { newId } from "@/lib/ids";
import { revokeApiKey } from "@/lib/keys/revoke-api-key";
import { deleteExpiredRequestLogs } from "@/lib/maintenance/request-log-retention";
import { workerOptions } from "@/lib/webhooks/worker";
import { BODY_LIMIT, isTruncatedBody, loggedBody } from "@/lib/request-log/redact";
import { flushRequestLog, RequestLogWriter, type RequestLogEntry } from "@/lib/request-log/writer";
import { callRoute, type CallOptions } from "../helpers/call-route";
import { createKey, setupApp, uniqueUserId } from "../helpers/fixtures";
import { startWithinOneMinuteWindow } from "../helpers/minute-window";
import { sleep } from "../helpers/wait-until";
import { onLogLine } from "@/lib/logging/logger";

type App = Awaited<ReturnType<typeof setupApp>>;

const walletBody = (externalUserId = uniqueUserId()) => ({ externalUserId, currency: "USD", email: "ada@example.com" });

const post = (key: string, body: unknown, headers: Record<string, string> = {}, address?: string) =>
  callRoute(createWallet, { method: "POST", path: "/api/public/sdk/v1/wallets", key, body, headers, address });

const get = (key: string | undefined, externalUserId: string, options: Partial<CallOptions> = {}) =>
  callRoute(getWallet, {
    path: `/api/public/sdk/v1/wallets/${externalUserId}`,
    key,
    params: { externalUserId },
    ...options,
  });

async function loggedRow(requestId: string | null) {
  expect(requestId).toMatch(/^req_/);
  await flushRequestLog();
  return prisma().requestLog.findUnique({ where: { id: requestId! } });
}

let app: App;

beforeAll(async () => {
  app = await setupApp();
});

describe("recording", () => {
  it("records an answered write with every field, and the events it caused name it", async () => {
    const body = walletBody();
    const started = Date.now();
    const res = await post(app.key, body, { "idempotency-key": "log-key-1" }, "203.0.113.7");
    expect(res.status).toBe(201);
    const requestId = res.headers.get("x-request-id");
    const row = await loggedRow(requestId);
    const key = await prisma().apiKey.findFirstOrThrow({ where: { applicationId: app.appId } });
    expect(row).toMatchObject({
      id: requestId,
      applicationId: app.appId,
      livemode: false,
      apiKeyId: key.id,
      method: "POST",
      path: "/api/public/sdk/v1/wallets",
      status: 201,
      errorCode: null,
      clientAddress: "203.0.113.7",
      idempotencyKey: "log-key-1",
      idempotentReplay: false,
      requestBody: JSON.stringify(body),
      responseBody: res.text,
    });
    expect(row!.latencyMs).toBeGreaterThanOrEqual(0);
    expect(row!.latencyMs).toBeLessThan(Date.now() - started + 1);
    expect(Math.abs(row!.createdAt.getTime() - started)).toBeLessThan(5_000);

    const event = await prisma().event.findFirstOrThrow({ where: { walletId: res.json.id } });
    expect(event.requestId).toBe(requestId);
    // The key notes where it was last used from, with when.
    expect(key.lastUsedAddress).toBe("203.0.113.7");
    expect(key.lastUsedAt).not.toBeNull();
  });

  it("marks an idempotent replay, with the replayed answer", async () => {
    const body = walletBody();
    const first = await post(app.key, body, { "idempotency-key": "log-key-2" });
    const replay = await post(app.key, body, { "idempotency-key": "log-key-2" });
    expect(replay.headers.get("idempotent-replayed")).toBe("true");
    const [firstRow, replayRow] = [
      await loggedRow(first.headers.get("x-request-id")),
      await loggedRow(replay.headers.get("x-request-id")),
    ];
    expect(firstRow).toMatchObject({ idempotentReplay: false, idempotencyKey: "log-key-2", status: 201 });
    expect(replayRow).toMatchObject({
      idempotentReplay: true,
      idempotencyKey: "log-key-2",
      status: 201,
      responseBody: replay.text,
    });
    expect(replayRow!.responseBody).toContain('"idempotent_replay":true');
  });

  it("records refusals with the error code of their envelope: not found, invalid input, scope, rate limit", async () => {
    const missing = await get(app.key, "nobody_here");
    expect(missing.status).toBe(404);
    expect(await loggedRow(missing.headers.get("x-request-id"))).toMatchObject({
      status: 404,
      errorCode: "wallet_not_found",
      method: "GET",
      path: "/api/public/sdk/v1/wallets/nobody_here",
      requestBody: null,
    });

    const invalid = await callRoute(createWallet, {
      method: "POST",
      path: "/api/public/sdk/v1/wallets",
      key: app.key,
      rawBody: "{not json",
      headers: { "content-type": "application/json" },
    });
    expect(invalid.status).toBe(400);
    // The body is kept as sent, even when it does not parse.
    expect(await loggedRow(invalid.headers.get("x-request-id"))).toMatchObject({
      status: 400,
      errorCode: "invalid_json",
      requestBody: "{not json",
    });

    const { secret: readOnly, record } = await createKey(app.appId, { scopes: ["wallets:read"], name: "read only" });
    const refused = await post(readOnly, walletBody());
    expect(refused.status).toBe(403);
    expect(await loggedRow(refused.headers.get("x-request-id"))).toMatchObject({
      status: 403,
      errorCode: "scope_missing",
      apiKeyId: record.id,
    });

    const { secret: busy } = await createKey(app.appId, { name: "busy" });
    // All in one window of the per-key limit: a window starting halfway would need 60 more tries.
    await startWithinOneMinuteWindow(15_000);
    let limited: Awaited<ReturnType<typeof get>> | undefined;
    for (let i = 0; i < 100 && !limited; i++) {
      const res = await get(busy, "nobody_here");
      if (res.status === 429) limited = res;
    }
    expect(limited?.status).toBe(429);
    expect(await loggedRow(limited!.headers.get("x-request-id"))).toMatchObject({
      status: 429,
      errorCode: "rate_limited",
    });
  });

  it("records a method the path does not allow", async () => {
    const res = await callRoute(deleteWallets, {
      method: "DELETE",
      path: "/api/public/sdk/v1/wallets",
      key: app.key,
    });
    expect(res.status).toBe(405);
    expect(await loggedRow(res.headers.get("x-request-id"))).toMatchObject({
      method: "DELETE",
      status: 405,
      errorCode: "method_not_allowed",
    });
  });

  it("keeps the query string in the path", async () => {
    const res = await callRoute(listEvents, { path: "/api/public/sdk/v1/events?limit=2", key: app.key });
    expect(res.status).toBe(200);
    expect(await loggedRow(res.headers.get("x-request-id"))).toMatchObject({
      method: "GET",
      path: "/api/public/sdk/v1/events?limit=2",
      status: 200,
    });
  });

  it("records nothing for a request without a usable key", async () => {
    const { secret: revoked, record } = await createKey(app.appId, { name: "soon revoked" });
    await revokeApiKey(prisma(), record.id);
    const answers = [
      await get(undefined, "nobody_here"),
      await get("sk_test_notarealkeyatall000000000000", "nobody_here"),
      await get(undefined, "nobody_here", { headers: { authorization: "Basic abc" } }),
      await get(revoked, "nobody_here"),
    ];
    expect(answers.map((a) => a.status)).toEqual([401, 401, 401, 401]);
    await flushRequestLog();
    const ids = answers.map((a) => a.headers.get("x-request-id")!);
    expect(ids.every((id) => id.startsWith("req_"))).toBe(true);
    expect(await prisma().requestLog.count({ where: { id: { in: ids } } })).toBe(0);
  });
});

describe("redaction and truncation", () => {
  it("replaces a minted key, a signing secret and secret-named fields in a request body", async () => {
    const { secret: other } = await createKey(app.appId, { name: "leaked" });
    const whsec = "whsec_KMvHjwZ8MmcPmhjSx6V4DHPLU5IERA9zRwp5BWmL";
    const res = await post(app.key, { ...walletBody(), note: `use ${other}`, signing: whsec, password: "hunter2!" });
    expect(res.status).toBe(400);
    const row = await loggedRow(res.headers.get("x-request-id"));
    expect(row!.errorCode).toBe("validation_failed");
    for (const secret of [other, whsec, "hunter2!"]) expect(row!.requestBody).not.toContain(secret);
    expect(row!.requestBody).toContain('"note":"use [redacted]"');
    expect(row!.requestBody).toContain('"signing":"[redacted]"');
    expect(row!.requestBody).toContain('"password":"[redacted]"');
  });

  it("replaces a statement's verification token in the response, in its field and in its verify URL", async () => {
    const externalUserId = uniqueUserId();
    expect((await post(app.key, { ...walletBody(externalUserId), name: "Ada Obi" })).status).toBe(201);
    const funded = await callRoute(fundWallet, {
      method: "POST",
      path: `/api/public/sdk/v1/test/wallets/${externalUserId}/fund`,
      key: app.key,
      params: { externalUserId },
      body: { amount: 10 },
    });
    expect(funded.status).toBe(201);
    const today = new Date().toISOString().slice(0, 10);
    const res = await callRoute(issueStatement, {
      method: "POST",
      path: `/api/public/sdk/v1/wallets/${externalUserId}/statements`,
      key: app.key,
      params: { externalUserId },
      body: { periodStart: today, periodEnd: today },
    });
    expect(res.status).toBe(201);
    const token: string = res.json.token;
    expect(token).toMatch(/^vst_/);
    const row = await loggedRow(res.headers.get("x-request-id"));
    expect(row!.responseBody).not.toContain(token);
    expect(row!.responseBody).toContain('"token":"[redacted]"');
    expect(row!.responseBody).toContain("verify?token=[redacted]");
    // Everything else of the answer is kept.
    expect(row!.responseBody).toContain(`"id":"${res.json.id}"`);
  });

  it("cuts a body past 16 KiB and marks it, redacting a secret that straddles the cut", async () => {
    const res = await post(app.key, { ...walletBody(), name: "x".repeat(40_000) });
    expect(res.status).toBe(400);
    const row = await loggedRow(res.headers.get("x-request-id"));
    expect(row!.requestBody!.length).toBeLessThan(BODY_LIMIT + 100);
    expect(isTruncatedBody(row!.requestBody!)).toBe(true);
    expect(row!.requestBody).toMatch(/\[truncated: \d+ characters in all, the first 16384 kept\]$/);

    const secret = `sk_live_${"A".repeat(40)}`;
    const straddling = `${"y".repeat(BODY_LIMIT - 10)}${secret}${"z".repeat(100)}`;
    const kept = loggedBody(straddling)!;
    expect(kept).not.toContain("AAAAAAAAAA");
    expect(isTruncatedBody(kept)).toBe(true);
    // A secret-named field cut inside its value is redacted too.
    expect(loggedBody(`{"token":"${"t".repeat(BODY_LIMIT * 2)}`)).not.toContain("tttt");
    expect(isTruncatedBody(loggedBody("short")!)).toBe(false);
  });
});

describe("the writer never delays a request", () => {
  it("answers while the log's table is locked, and writes the rows once it is free", async () => {
    const externalUserId = uniqueUserId();
    expect((await post(app.key, walletBody(externalUserId))).status).toBe(201);
    await flushRequestLog();

    const locker = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await locker.connect();
    try {
      await locker.query("BEGIN");
      await locker.query('LOCK TABLE "RequestLog" IN ACCESS EXCLUSIVE MODE');
      const first = await get(app.key, externalUserId);
      // The flush now waits on the lock; requests go on meanwhile.
      const flushing = flushRequestLog();
      const ids = [first.headers.get("x-request-id")!];
      for (let i = 0; i < 5; i++) {
        const result = await get(app.key, externalUserId);
        expect(result.status).toBe(200);
        ids.push(result.headers.get("x-request-id")!);
      }
      // Every request above was answered while the flush was still stuck behind the lock: had a
      // request waited on the log, it would have hung here until the lock was released.
      const stillBlocked = await Promise.race([flushing.then(() => "flushed"), sleep(300).then(() => "blocked")]);
      expect(stillBlocked).toBe("blocked");
      await locker.query("COMMIT");
      await flushing;
      await flushRequestLog();
      expect(await prisma().requestLog.count({ where: { id: { in: ids } } })).toBe(ids.length);
    } finally {
      await locker.query("ROLLBACK").catch(() => undefined);
      await locker.end();
    }
  });

  it("with its database gone, takes rows at once and counts them as dropped instead of failing", async () => {
    const gone = new PrismaClient({
      adapter: new PrismaPg({
        connectionString: "postgresql://postgres@127.0.0.1:9/nothing",
        connectionTimeoutMillis: 2_000,
      }),
    });
    const writer = new RequestLogWriter({ db: () => gone, flushIntervalMs: 60_000 });
    const errors: string[] = [];
    const stopListening = onLogLine((line) => void (line.includes("request log rows dropped") && errors.push(line)));
    try {
      // record() is synchronous: it hands the row to the buffer and returns, whatever the database.
      for (let i = 0; i < 50; i++) expect(writer.record(entry(app.appId))).toBeUndefined();
      await writer.close();
      expect(writer.dropped).toBe(50);
      expect(errors.length).toBeGreaterThan(0);
    } finally {
      stopListening();
      await gone.$disconnect();
    }
  });

  it("holds a bounded buffer: past it, rows are dropped and counted", async () => {
    const writer = new RequestLogWriter({ maxBuffered: 3, batchSize: 10, flushIntervalMs: 60_000 });
    const key = await prisma().apiKey.findFirstOrThrow({ where: { applicationId: app.appId } });
    const rows = Array.from({ length: 5 }, () => entry(app.appId, key.id));
    for (const row of rows) writer.record(row);
    expect(writer.dropped).toBe(2);
    await writer.close();
    expect(await prisma().requestLog.count({ where: { id: { in: rows.map((r) => r.id) } } })).toBe(3);
  });
});

describe("retention", () => {
  it("deletes rows older than the retention period and only those", async () => {
    const key = await prisma().apiKey.findFirstOrThrow({ where: { applicationId: app.appId } });
    const day = 24 * 60 * 60 * 1000;
    const old = { ...entry(app.appId, key.id), createdAt: new Date(Date.now() - 31 * day) };
    const recent = { ...entry(app.appId, key.id), createdAt: new Date(Date.now() - 29 * day) };
    const writer = new RequestLogWriter({ flushIntervalMs: 60_000 });
    writer.record(old);
    writer.record(recent);
    await writer.close();
    expect(await deleteExpiredRequestLogs(prisma(), { retentionDays: 30, batchSize: 1 })).toBeGreaterThanOrEqual(1);
    const left = await prisma().requestLog.findMany({
      where: { id: { in: [old.id, recent.id] } },
      select: { id: true },
    });
    expect(left.map((r) => r.id)).toEqual([recent.id]);
  });

  it("reads its days and schedule from the environment, refusing bad values", () => {
    expect(workerOptions("postgres://unused", parseConfig({})).requestLogRetention).toEqual({
      retentionDays: 30,
      schedule: "27 3 * * *",
    });
    expect(
      workerOptions(
        "postgres://unused",
        parseConfig({
          REQUEST_LOG_RETENTION_DAYS: "7",
          REQUEST_LOG_RETENTION_SCHEDULE: "0 * * * *",
        }),
      ).requestLogRetention,
    ).toEqual({ retentionDays: 7, schedule: "0 * * * *" });
    expect(() => parseConfig({ REQUEST_LOG_RETENTION_DAYS: "0" })).toThrow(/REQUEST_LOG_RETENTION_DAYS/);
    expect(() => parseConfig({ REQUEST_LOG_RETENTION_SCHEDULE: "daily" })).toThrow(/REQUEST_LOG_RETENTION_SCHEDULE/);
  });
});

describe("console reads", () => {
  it("list only the merchant's application in the console's mode, with every filter", async () => {
    const mine = await setupApp();
    const { secret: live, record: liveKey } = await createKey(mine.appId, { mode: "live", name: "live" });
    const { secret: second, record: secondKey } = await createKey(mine.appId, { name: "second" });
    const created = await post(mine.key, walletBody());
    const notFound = await get(second, "nobody_here");
    const liveAnswer = await get(live, "nobody_here");
    expect([created.status, notFound.status, liveAnswer.status]).toEqual([201, 404, 404]);
    await flushRequestLog();
    const merchantId = mine.merchant.id;
    const ids = async (filters: Parameters<typeof listRequestLog>[3]) =>
      (await listRequestLog(prisma(), merchantId, mine.appId, filters)).page.rows.map((r) => r.id);
    const createdId = created.headers.get("x-request-id")!;
    const notFoundId = notFound.headers.get("x-request-id")!;
    const liveId = liveAnswer.headers.get("x-request-id")!;

    // Test mode (the console's default): the live request is not listed.
    expect(await ids({})).toEqual([notFoundId, createdId]);
    expect(await ids({ status: "2xx" })).toEqual([createdId]);
    expect(await ids({ status: "4xx" })).toEqual([notFoundId]);
    expect(await ids({ status: "5xx" })).toEqual([]);
    expect(await ids({ method: "POST" })).toEqual([createdId]);
    expect(await ids({ path: "nobody_" })).toEqual([notFoundId]);
    expect(await ids({ path: "%" })).toEqual([]);
    expect(await ids({ key: secondKey.id })).toEqual([notFoundId]);
    expect(await ids({ range: "1h" })).toEqual([notFoundId, createdId]);
    const hourAgo = new Date(Date.now() - 3_600_000).toISOString().slice(0, 19);
    expect(await ids({ from: hourAgo })).toEqual([notFoundId, createdId]);
    expect(await ids({ to: hourAgo })).toEqual([]);
    // A datetime-local value is the wall-clock time in the browser's zone the form sends with it.
    const inAMinute = Date.now() + 60_000;
    expect(await ids({ to: wallClock(inAMinute, "Asia/Tokyo"), tz: "Asia/Tokyo" })).toEqual([notFoundId, createdId]);
    // The same text read in UTC is nine hours earlier than read in Tokyo.
    expect(await ids({ to: wallClock(inAMinute, "UTC"), tz: "Asia/Tokyo" })).toEqual([]);
    expect(await ids({ from: wallClock(inAMinute, "America/New_York"), tz: "America/New_York" })).toEqual([]);
    // An unknown zone is read as UTC; an offset in the text wins over the zone; other text filters nothing.
    expect(await ids({ to: wallClock(inAMinute, "UTC"), tz: "Mars/Olympus_Mons" })).toEqual([notFoundId, createdId]);
    expect(await ids({ to: new Date(inAMinute).toISOString(), tz: "Asia/Tokyo" })).toEqual([notFoundId, createdId]);
    expect(await ids({ to: "yesterday", tz: "Asia/Tokyo" })).toEqual([notFoundId, createdId]);
    // Past what the database's timestamps hold: no filter, and no failed query.
    expect(await ids({ to: "+275760-09-13T00:00:00Z" })).toEqual([notFoundId, createdId]);
    expect(await ids({ from: "-271821-04-20T00:00:00Z" })).toEqual([notFoundId, createdId]);
    const { keys } = await listRequestLog(prisma(), merchantId, mine.appId, {});
    expect(keys.map((k) => k.id)).not.toContain(liveKey.id);
    expect(keys.map((k) => k.id)).toContain(secondKey.id);

    // The request-id search (the console's id search) opens this mode's requests, and says of the other's.
    expect(await findObject(prisma(), merchantId, mine.appId, createdId)).toEqual({
      found: "here",
      location: { kind: "request", requestId: createdId },
    });
    expect(await findObject(prisma(), merchantId, mine.appId, liveId)).toEqual({ found: "other_mode", livemode: true });
    await expect(requestLogDetail(prisma(), merchantId, mine.appId, liveId)).rejects.toMatchObject({
      code: "not_found",
    });
    const detail = await requestLogDetail(prisma(), merchantId, mine.appId, createdId);
    expect(detail.request.apiKey?.name).toBe("test key");
    expect(detail.events.map((e) => e.type)).toEqual(["wallet.provisioned"]);

    // In live mode, only the live request.
    await setMode(prisma(), { merchantId }, mine.appId, "live");
    expect(await ids({})).toEqual([liveId]);
    expect((await requestLogDetail(prisma(), merchantId, mine.appId, liveId)).request.status).toBe(404);

    // Another merchant cannot read this application's log or its requests.
    await expect(listRequestLog(prisma(), app.merchant.id, mine.appId, {})).rejects.toMatchObject({
      code: "not_found",
    });
    await expect(requestLogDetail(prisma(), app.merchant.id, mine.appId, liveId)).rejects.toMatchObject({
      code: "not_found",
    });
    // Nor by asking through its own application.
    await expect(requestLogDetail(prisma(), app.merchant.id, app.appId, createdId)).rejects.toMatchObject({
      code: "not_found",
    });
  });
});

function entry(applicationId: string, apiKeyId = "key_unknown"): RequestLogEntry {
  return {
    id: newId("req"),
    applicationId,
    livemode: false,
    apiKeyId,
    method: "GET",
    path: "/api/public/sdk/v1/wallets",
    status: 200,
    errorCode: null,
    clientAddress: "127.0.0.1",
    latencyMs: 3,
    idempotencyKey: null,
    idempotentReplay: false,
    requestBody: undefined,
    responseBody: "{}",
    createdAt: new Date(),
  };
}

/** What a datetime-local field in `zone` shows for this instant: `2026-11-25T10:04:05`. */
function wallClock(ms: number, zone: string): string {
  const at = new TZDate(ms, zone);
  const two = (n: number) => String(n).padStart(2, "0");
  return `${at.getFullYear()}-${two(at.getMonth() + 1)}-${two(at.getDate())}T${two(at.getHours())}:${two(at.getMinutes())}:${two(at.getSeconds())}`;
}

afterAll(async () => {
  await flushRequestLog();
});
