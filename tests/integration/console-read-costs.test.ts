// The console's reads and a wallet's first transactions page cost the same however much history
// there is (docs/decisions/console-read-costs.md): on a bulk-seeded application, each query's plan
// (EXPLAIN ANALYZE, JSON) walks an index, never a sequential scan of the big table, and reads a
// bounded number of its rows; and the endpoint figures read from pre-aggregated hours agree with
// percentile_cont over the attempts within the buckets' stated precision.
import fc from "fast-check";
import { PrismaPg } from "@prisma/adapter-pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { prisma } from "@/lib/db/client";
import { PrismaClient } from "@/lib/generated/prisma/client";
import { config } from "@/lib/config";
import { newId } from "@/lib/ids";
import { listApplications } from "@/lib/console/list-applications";
import { listEvents } from "@/lib/console/list-events";
import { listRequestLog } from "@/lib/console/list-request-log";
import { searchWallets } from "@/lib/console/search-wallets";
import { listWalletTransactions } from "@/lib/ledger/list-wallet-transactions";
import { latestFailures } from "@/lib/webhooks/endpoint-failures";
import { endpointStats } from "@/lib/webhooks/endpoint-stats";
import { LATENCY_BOUNDS, LATENCY_RELATIVE_PRECISION } from "@/lib/webhooks/latency-buckets";
import { createDeliveryByHand } from "../helpers/event-backlog";
import { seedConsoleVolume, type ConsoleVolume } from "../helpers/console-volume";
import { setupApp } from "../helpers/fixtures";

/** Enough rows that reading them all costs a planner more than any index walk. */
const ROWS = 20_000;

type PlanNode = {
  "Node Type": string;
  "Relation Name"?: string;
  "Index Name"?: string;
  "Actual Rows"?: number;
  "Actual Loops"?: number;
  Plans?: PlanNode[];
};

function nodesOf(plan: PlanNode): PlanNode[] {
  return [plan, ...(plan.Plans ?? []).flatMap(nodesOf)];
}

type Logged = { query: string; params: string };

/** A client that keeps every statement it runs, to EXPLAIN them afterwards with their parameters. */
function recordingClient() {
  const url = config().DATABASE_URL;
  if (!url) throw new Error("DATABASE_URL is not set");
  const client = new PrismaClient({
    adapter: new PrismaPg({ connectionString: url, max: 2 }),
    log: [{ emit: "event", level: "query" }],
  });
  const statements: Logged[] = [];
  client.$on("query", (event) => statements.push({ query: event.query, params: event.params }));
  return { client, statements };
}

/** The plan nodes of every recorded statement that reads `table`, run again under EXPLAIN ANALYZE. */
async function plansReading(statements: Logged[], table: string): Promise<PlanNode[][]> {
  const plans: PlanNode[][] = [];
  for (const statement of statements) {
    if (!statement.query.includes(`"${table}"`)) continue;
    const params = JSON.parse(statement.params) as unknown[];
    const [row] = await prisma().$queryRawUnsafe<{ "QUERY PLAN": { Plan: PlanNode }[] }[]>(
      `EXPLAIN (ANALYZE, BUFFERS, FORMAT JSON) ${statement.query}`,
      ...params,
    );
    const plan = row?.["QUERY PLAN"][0]?.Plan;
    if (plan) plans.push(nodesOf(plan));
  }
  return plans;
}

/** Rows read from `table` over the whole plan (every loop). */
const rowsRead = (nodes: PlanNode[], table: string) =>
  nodes
    .filter((node) => node["Relation Name"] === table)
    .reduce((sum, node) => sum + (node["Actual Rows"] ?? 0) * (node["Actual Loops"] ?? 1), 0);

function expectIndexed(plans: PlanNode[][], table: string, index: string | string[], maxRows: number) {
  expect(plans.length).toBeGreaterThan(0);
  const nodes = plans.flat().filter((node) => node["Relation Name"] === table);
  expect(nodes.map((node) => node["Node Type"])).not.toContain("Seq Scan");
  // A bitmap index scan names its index but not its table.
  const used = plans.flat().map((node) => node["Index Name"]);
  expect([index].flat().some((name) => used.includes(name))).toBe(true);
  for (const plan of plans) expect(rowsRead(plan, table)).toBeLessThanOrEqual(maxRows);
}

let app: Awaited<ReturnType<typeof setupApp>>;
let volume: ConsoleVolume;
let recording: ReturnType<typeof recordingClient> | undefined;

beforeAll(async () => {
  app = await setupApp();
  volume = await seedConsoleVolume(app.appId, ROWS);
  recording = recordingClient();
}, 240_000);

afterAll(async () => {
  await recording?.client.$disconnect();
});

function fresh() {
  if (!recording) throw new Error("the recording client was not made");
  recording.statements.length = 0;
  return recording.client;
}

const statements = () => recording?.statements ?? [];

describe("console reads walk an index, whatever the history", () => {
  it("finds a wallet by a fragment of its externalUserId through the trigram index", async () => {
    const page = await searchWallets(fresh(), app.merchant.id, app.appId, { externalUserId: volume.walletNeedle });
    expect(page.rows.map((row) => row.externalUserId)).toEqual([`user_${volume.walletNeedle}`]);
    expectIndexed(await plansReading(statements(), "Wallet"), "Wallet", "Wallet_externalUserId_trgm_idx", 60);
  });

  it("filters the request log by a path fragment through the trigram index", async () => {
    const page = await listRequestLog(fresh(), app.merchant.id, app.appId, { path: volume.pathNeedle });
    expect(page.page.rows.map((row) => row.path)).toEqual([`/api/public/sdk/v1/wallets/${volume.pathNeedle}`]);
    const plans = await plansReading(statements(), "RequestLog");
    expectIndexed(plans, "RequestLog", "RequestLog_path_trgm_idx", 60);
  });

  it("reads one page of events and counts only that page's deliveries", async () => {
    const page = await listEvents(fresh(), app.merchant.id, app.appId, {});
    expect(page.rows).toHaveLength(50);
    expect(page.rows.every((event) => event._count.deliveries === 1)).toBe(true);
    expectIndexed(
      await plansReading(statements(), "Event"),
      "Event",
      "Event_applicationId_livemode_createdAt_id_idx",
      60,
    );
    expectIndexed(
      await plansReading(statements(), "WebhookDelivery"),
      "WebhookDelivery",
      "WebhookDelivery_eventId_idx",
      60,
    );
  });

  it("counts the home page's wallets, live keys and endpoints for the member's applications only", async () => {
    const [listed] = await listApplications(fresh(), app.merchant.id);
    // ROWS seeded wallets, the busy one and the later one.
    expect(listed).toMatchObject({
      id: app.appId,
      counts: { test: { wallets: ROWS + 2, activeKeys: 1, endpoints: 1 } },
    });
    // Not a count grouped over every merchant's wallets (what a relation _count does): this
    // application's only, in a statement that names it.
    const walletReads = statements().filter((statement) => statement.query.includes('"Wallet"'));
    expect(walletReads.length).toBeGreaterThan(0);
    for (const read of walletReads) expect(read.query).toMatch(/"Wallet"\."applicationId" IN \(/);
  });

  it("reads an endpoint's figures from at most 169 hours of 8 slots, none of its attempts", async () => {
    const db = fresh();
    const stats = await endpointStats(db, volume.endpointId);
    const plans = await plansReading(statements(), "WebhookLatencyHour");
    expect(plans.flat().some((node) => node["Relation Name"] === "WebhookAttempt")).toBe(false);
    expectIndexed(plans, "WebhookLatencyHour", "WebhookLatencyHour_pkey", 2 * 169 * 8);
    // The hours hold every seeded attempt of the window: the same counts as the attempts themselves.
    const [exact] = await prisma().$queryRaw<{ day: number; week: number }[]>`
      SELECT count(*) FILTER (WHERE a."createdAt" >= date_trunc('hour', now() AT TIME ZONE 'UTC') - interval '23 hours')::int AS "day",
        count(*) FILTER (WHERE a."createdAt" >= date_trunc('hour', now() AT TIME ZONE 'UTC') - interval '167 hours')::int AS "week"
      FROM "WebhookAttempt" a JOIN "WebhookDelivery" d ON d."id" = a."deliveryId" WHERE d."endpointId" = ${volume.endpointId}`;
    expect(stats.map((s) => s.attempts)).toEqual([exact?.day, exact?.week]);
  });

  it("lists an endpoint's latest failures from its failed attempts alone, as the attempts say", async () => {
    const failures = await latestFailures(fresh(), volume.endpointId, 10);
    // What the page means: this endpoint's attempts without a 2xx, newest first, read the long way.
    const expected = await prisma().$queryRaw<{ id: string }[]>`
      SELECT a."id" FROM "WebhookAttempt" a JOIN "WebhookDelivery" d ON d."id" = a."deliveryId"
      WHERE d."endpointId" = ${volume.endpointId}
        AND (a."error" IS NOT NULL OR a."statusCode" IS NULL OR a."statusCode" NOT BETWEEN 200 AND 299)
      ORDER BY a."createdAt" DESC, a."id" DESC LIMIT 10`;
    expect(expected).toHaveLength(10);
    expect(failures.map((f) => f.id)).toEqual(expected.map((row) => row.id));
    // Not every attempt filtered for failures (a scan of the table, 0.3 s at 110,000 attempts).
    expectIndexed(
      await plansReading(statements(), "WebhookAttempt"),
      "WebhookAttempt",
      "WebhookAttempt_failedEndpointId_createdAt_id_idx",
      10,
    );
  });

  it("pages a busy wallet's transactions reading only the page's entries", async () => {
    const tenant = { applicationId: app.appId, livemode: false };
    const page = await listWalletTransactions(fresh(), tenant, volume.busyWallet.externalUserId, {
      limit: 20,
      starting_after: undefined,
    });
    expect(page.data).toHaveLength(20);
    // Each seeded transfer credits 1.00: the newest leaves the balance at their number.
    expect(page.data[0]?.balanceAfter).toBe(Math.floor(ROWS / 2));
    expect(page.data[19]?.balanceAfter).toBe(Math.floor(ROWS / 2) - 19);
    // Not the primary key walked backwards past the later wallet's ROWS entries, which the planner
    // picks for `accountId = …` when the wallet holds a large share of them.
    expectIndexed(await plansReading(statements(), "LedgerEntry"), "LedgerEntry", "LedgerEntry_accountId_id_idx", 25);

    // A later page starts at its cursor in the same index: its depth costs nothing either.
    const next = await listWalletTransactions(fresh(), tenant, volume.busyWallet.externalUserId, {
      limit: 20,
      starting_after: page.data[19]?.id,
    });
    expect(next.data.map((row) => row.balanceAfter)).toEqual(
      Array.from({ length: 20 }, (_, i) => Math.floor(ROWS / 2) - 20 - i),
    );
    expectIndexed(await plansReading(statements(), "LedgerEntry"), "LedgerEntry", "LedgerEntry_accountId_id_idx", 25);
  });
});

describe("endpoint latency from pre-aggregated hours", () => {
  it("stores the same bucket bounds as the code reads", async () => {
    const [row] = await prisma().$queryRaw<{ bounds: number[] }[]>`SELECT webhook_latency_bounds() AS "bounds"`;
    expect(row?.bounds).toEqual(LATENCY_BOUNDS);
    // Each bucket is at most a tenth of its lower bound wide, so its midpoint is within 5%.
    LATENCY_BOUNDS.forEach((low, i) => {
      const next = LATENCY_BOUNDS[i + 1] ?? 2 ** 31;
      expect((next - 1 - low) / 2).toBeLessThanOrEqual(LATENCY_RELATIVE_PRECISION * low);
    });
  });

  it("gives p50 and p95 within 5% of percentile_cont over the attempts, and counts as the attempts do", async () => {
    const latency = fc.oneof(
      { weight: 3, arbitrary: fc.integer({ min: 0, max: 3_000 }) },
      { weight: 1, arbitrary: fc.integer({ min: 0, max: 2 ** 31 - 1 }) },
    );
    const attempt = fc.record({
      latencyMs: fc.option(latency, { freq: 8 }),
      statusCode: fc.option(fc.constantFrom(200, 204, 301, 404, 500), { freq: 8 }),
      failed: fc.boolean(),
      minutesAgo: fc.integer({ min: 0, max: 9 * 24 * 60 }),
    });
    await fc.assert(
      fc.asyncProperty(fc.array(attempt, { minLength: 1, maxLength: 40 }), async (attempts) => {
        const { endpointId, deliveryId } = await endpointWithDelivery();
        const now = Date.now();
        await prisma().webhookAttempt.createMany({
          data: attempts.map((a) => ({
            id: newId("wha"),
            deliveryId,
            requestHeaders: {},
            statusCode: a.statusCode,
            latencyMs: a.latencyMs,
            error: a.failed ? "connection refused" : null,
            createdAt: new Date(now - a.minutesAgo * 60_000),
          })),
        });
        const stats = await endpointStats(prisma(), endpointId);
        const exact = await prisma().$queryRaw<
          { window: string; attempts: number; succeeded: number; p50: number | null; p95: number | null }[]
        >`
          SELECT w."window", count(a."id")::int AS "attempts",
            (count(a."id") FILTER (WHERE a."error" IS NULL AND a."statusCode" BETWEEN 200 AND 299))::int AS "succeeded",
            percentile_cont(0.5) WITHIN GROUP (ORDER BY a."latencyMs") AS "p50",
            percentile_cont(0.95) WITHIN GROUP (ORDER BY a."latencyMs") AS "p95"
          FROM (VALUES (1, '24h', interval '23 hours'), (2, '7d', interval '167 hours')) AS w("order", "window", "span")
          LEFT JOIN "WebhookAttempt" a ON a."deliveryId" = ${deliveryId}
            AND a."createdAt" >= date_trunc('hour', now() AT TIME ZONE 'UTC') - w."span"
          GROUP BY w."order", w."window" ORDER BY w."order"`;
        expect(stats.map((s) => [s.window, s.attempts, s.succeeded])).toEqual(
          exact.map((e) => [e.window, e.attempts, e.succeeded]),
        );
        stats.forEach((s, i) => {
          const e = exact[i];
          for (const [got, want] of [
            [s.p50LatencyMs, e?.p50 ?? null],
            [s.p95LatencyMs, e?.p95 ?? null],
          ] as const) {
            if (want === null) expect(got).toBeNull();
            else
              expect(Math.abs((got ?? Number.NaN) - want)).toBeLessThanOrEqual(
                LATENCY_RELATIVE_PRECISION * want + 1e-6,
              );
          }
        });
      }),
      { numRuns: 25 },
    );
  });

  it("names the endpoint on exactly the attempts that got no 2xx, whoever inserts them", async () => {
    const attempt = fc.record({
      statusCode: fc.option(fc.integer({ min: 100, max: 599 }), { freq: 4 }),
      error: fc.option(fc.constantFrom("connection refused", "timed out"), { freq: 3 }),
    });
    await fc.assert(
      fc.asyncProperty(fc.array(attempt, { minLength: 1, maxLength: 12 }), async (attempts) => {
        const { endpointId, deliveryId } = await endpointWithDelivery();
        const ids = attempts.map(() => newId("wha"));
        await prisma().webhookAttempt.createMany({
          data: attempts.map((a, i) => ({ id: ids[i] ?? "", deliveryId, requestHeaders: {}, ...a })),
        });
        const rows = await prisma().webhookAttempt.findMany({
          where: { deliveryId },
          select: { id: true, failedEndpointId: true },
        });
        const named = new Map(rows.map((row) => [row.id, row.failedEndpointId]));
        attempts.forEach((a, i) => {
          const ok = a.error === null && a.statusCode !== null && a.statusCode >= 200 && a.statusCode <= 299;
          expect(named.get(ids[i] ?? "")).toBe(ok ? null : endpointId);
        });
      }),
      { numRuns: 25 },
    );
  });

  it("counts an attempt once: an insert that gives way or a transaction that rolls back adds nothing", async () => {
    const { endpointId, deliveryId } = await endpointWithDelivery();
    const id = newId("wha");
    const insert = () => prisma().$executeRaw`
      INSERT INTO "WebhookAttempt" ("id", "deliveryId", "requestHeaders", "statusCode", "latencyMs")
      VALUES (${id}, ${deliveryId}, '{}', 200, 120) ON CONFLICT DO NOTHING`;
    expect(await insert()).toBe(1);
    expect(await insert()).toBe(0);
    await expect(
      prisma().$transaction(async (tx) => {
        await tx.$executeRaw`
          INSERT INTO "WebhookAttempt" ("id", "deliveryId", "requestHeaders", "statusCode", "latencyMs")
          VALUES (${newId("wha")}, ${deliveryId}, '{}', 500, 3000)`;
        throw new Error("the worker died before commit");
      }),
    ).rejects.toThrow("the worker died");
    const [day] = await endpointStats(prisma(), endpointId);
    expect(day).toMatchObject({ attempts: 1, succeeded: 1 });
    expect(Math.abs((day?.p50LatencyMs ?? 0) - 120)).toBeLessThanOrEqual(6);
  });
});

async function endpointWithDelivery() {
  const endpointId = newId("we");
  await prisma().webhookEndpoint.create({
    data: {
      id: endpointId,
      applicationId: app.appId,
      livemode: false,
      url: "https://receiver.example.test/h",
      events: [],
    },
  });
  const { id: deliveryId } = await createDeliveryByHand(app.appId, endpointId, "wal_latency", "failed");
  return { endpointId, deliveryId };
}
