// Statements and the retention runs cost what they read, not the size of the tables (issue 28):
// the stored running balance (LedgerEntry.balanceAfter, docs/decisions/statement-costs.md) equals
// the sum of the entries under generated writes, rollbacks and racing writers; statements built
// from it equal a recomputation from the entries; the plans of the statement's reads and of the
// retention batches use their indexes (docs/decisions/retention.md); and retention still removes
// exactly what is due when batches split rows of one instant.
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { prisma, transaction } from "@/lib/db/client";
import { Prisma } from "@/lib/generated/prisma/client";
import { lockWalletAccount, ensureReserveAccount } from "@/lib/ledger/accounts";
import { fundWallet } from "@/lib/ledger/fund-wallet";
import { attemptBatchQuery, dropExpiredAttemptBodies } from "@/lib/maintenance/attempt-retention";
import { deleteExpiredRequestLogs, requestLogBatchQuery } from "@/lib/maintenance/request-log-retention";
import { toMajor } from "@/lib/money/amount";
import { newId, randomBase62 } from "@/lib/ids";
import { lastEntryBeforeQuery, periodEntriesQuery, readStatementPeriod } from "@/lib/statements/statement-period";
import type { Tenant } from "@/lib/tenant";
import { createWallet } from "@/lib/wallets/create-wallet";
import { createMerchantApp, uniqueUserId } from "../helpers/fixtures";
import { nextStreamSequence } from "../helpers/stream-sequence";

const DAY = 24 * 60 * 60 * 1000;
let tenant: Tenant;

beforeAll(async () => {
  const { application } = await createMerchantApp("statement and retention costs");
  tenant = { applicationId: application.id, livemode: false };
});

async function newWallet() {
  const externalUserId = uniqueUserId();
  const wallet = await transaction((tx) =>
    createWallet(tx, tenant, { externalUserId, currency: "USD", email: "c@example.com" }),
  );
  const account = await prisma().ledgerAccount.findUniqueOrThrow({ where: { walletId: wallet.id } });
  return { wallet, externalUserId, accountId: account.id };
}

/**
 * A transfer between the wallet and the reserve at a chosen instant, written as post-transfer
 * writes one (wallet lock, cached balance, transfer and both entries), so past days can be filled;
 * debits too are "funding" transfers here, as a capture must name an authorization.
 * `crash` throws after the entries are in: the transaction rolls back and must leave no trace.
 */
async function postAt(walletId: string, amount: bigint, at: Date, crash: boolean): Promise<boolean> {
  try {
    return await transaction(async (db) => {
      const account = await lockWalletAccount(db, walletId);
      if (account.postedMinor + amount < 0n) return false;
      const reserve = await ensureReserveAccount(db, false, "USD");
      await db.ledgerAccount.update({ where: { id: account.id }, data: { postedMinor: { increment: amount } } });
      const transferId = newId("ltr");
      await db.ledgerTransfer.create({
        data: { id: transferId, applicationId: tenant.applicationId, livemode: false, kind: "funding", createdAt: at },
      });
      await db.ledgerEntry.createMany({
        data: [
          { transferId, accountId: account.id, currency: "USD", amount, createdAt: at },
          { transferId, accountId: reserve.id, currency: "USD", amount: -amount, createdAt: at },
        ],
      });
      if (crash) throw new Error("crash after the entries");
      return true;
    });
  } catch (error) {
    if (crash && error instanceof Error && error.message === "crash after the entries") return false;
    throw error;
  }
}

/** Every entry of the account in id order with its running sum, recomputed from the amounts. */
async function recompute(accountId: string) {
  const entries = await prisma().ledgerEntry.findMany({ where: { accountId }, orderBy: { id: "asc" } });
  let running = 0n;
  return entries.map((entry) => {
    running += entry.amount;
    return { ...entry, running };
  });
}

describe("stored running balances and statements", () => {
  it("keeps balanceAfter equal to the running sum and statements equal to a recomputation, rollbacks included", async () => {
    const write = fc.record({
      dayOffset: fc.integer({ min: 0, max: 90 }),
      amount: fc.integer({ min: -5_000, max: 9_000 }).filter((n) => n !== 0),
      crash: fc.boolean(),
    });
    const period = fc.record({ startDay: fc.integer({ min: 0, max: 100 }), days: fc.integer({ min: 0, max: 100 }) });
    await fc.assert(
      fc.asyncProperty(
        fc.array(write, { minLength: 1, maxLength: 12 }),
        fc.array(period, { minLength: 1, maxLength: 4 }),
        async (writes, periods) => {
          const { wallet, externalUserId, accountId } = await newWallet();
          const base = Date.now() - 100 * DAY;
          // Oldest first: a wallet's writes take effect in time order under its lock.
          const sorted = [...writes].sort((a, b) => a.dayOffset - b.dayOffset);
          for (const [i, w] of sorted.entries()) {
            await postAt(wallet.id, BigInt(w.amount), new Date(base + w.dayOffset * DAY + i * 1000), w.crash);
          }
          // And one through the real write path, today.
          await transaction((db) => fundWallet(db, tenant, externalUserId, { amount: 1.25 }));

          const entries = await recompute(accountId);
          for (const entry of entries) expect(entry.balanceAfter).toBe(entry.running);
          const account = await prisma().ledgerAccount.findUniqueOrThrow({ where: { id: accountId } });
          expect(entries.at(-1)?.running).toBe(account.postedMinor);

          for (const p of periods) {
            const from = new Date(base + p.startDay * DAY);
            const to = new Date(from.getTime() + p.days * DAY);
            const got = await readStatementPeriod(prisma(), wallet, accountId, from, to);
            const before = entries.filter((e) => e.createdAt < from);
            const within = entries.filter((e) => e.createdAt >= from && e.createdAt < to);
            const opening = before.reduce((sum, e) => sum + e.amount, 0n);
            const closing = within.reduce((sum, e) => sum + e.amount, opening);
            expect(got.openingMinor).toBe(opening);
            expect(got.closingMinor).toBe(closing);
            let running = opening;
            expect(got.transactions.map((t) => [t.id, t.amount, t.balanceAfter, t.createdAt])).toEqual(
              within.map((e) => {
                running += e.amount;
                return [e.transferId, toMajor(e.amount, "USD"), toMajor(running, "USD"), e.createdAt.toISOString()];
              }),
            );
          }
        },
      ),
      { numRuns: 12 },
    );
  }, 300_000);

  it("gives racing writers of one wallet consecutive running balances", async () => {
    const { externalUserId, accountId } = await newWallet();
    await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        transaction((db) => fundWallet(db, tenant, externalUserId, { amount: i + 1 })),
      ),
    );
    const entries = await recompute(accountId);
    expect(entries).toHaveLength(12);
    for (const entry of entries) expect(entry.balanceAfter).toBe(entry.running);
    expect(entries.at(-1)?.running).toBe(7_800n);
  });

  it("leaves balanceAfter null on accounts that are not wallets", async () => {
    const reserve = await ensureReserveAccount(prisma(), false, "USD");
    const some = await prisma().ledgerEntry.findFirst({ where: { accountId: reserve.id } });
    expect(some).not.toBeNull();
    expect(some?.balanceAfter).toBeNull();
  });
});

type PlanNode = { "Node Type": string; "Relation Name"?: string; "Index Name"?: string; Plans?: PlanNode[] };

async function plan(query: Prisma.Sql): Promise<PlanNode[]> {
  const [row] = await prisma().$queryRaw<{ "QUERY PLAN": [{ Plan: PlanNode }] }[]>(
    Prisma.sql`EXPLAIN (FORMAT JSON) ${query}`,
  );
  if (!row) throw new Error("EXPLAIN returned nothing");
  const nodes: PlanNode[] = [];
  const walk = (node: PlanNode) => {
    nodes.push(node);
    for (const child of node.Plans ?? []) walk(child);
  };
  walk(row["QUERY PLAN"][0].Plan);
  return nodes;
}

function expectIndexPlan(nodes: PlanNode[], table: string, index: string) {
  const shape = JSON.stringify(nodes.map((n) => [n["Node Type"], n["Relation Name"], n["Index Name"]]));
  expect(
    nodes.filter((n) => n["Node Type"] === "Seq Scan").map((n) => n["Relation Name"]),
    shape,
  ).not.toContain(table);
  // A bitmap heap scan reads the table through the bitmap index scans below it, which name the index.
  const below = (n: PlanNode): PlanNode[] => (n.Plans ?? []).flatMap((child) => [child, ...below(child)]);
  const indexes = nodes
    .filter((n) => n["Relation Name"] === table)
    .flatMap((n) => (n["Node Type"] === "Bitmap Heap Scan" ? below(n) : [n]))
    .map((n) => n["Index Name"]);
  expect(indexes, shape).toContain(index);
}

describe("query plans at volume", () => {
  const marker = `cost_${randomBase62(8)}`;
  let walletAccountId = "";
  let deliveryId = "";

  beforeAll(async () => {
    const { wallet, accountId } = await newWallet();
    walletAccountId = accountId;
    const db = prisma();
    // Volume in the test currency XTS, between two reserve-kind accounts of its own: balanced, and
    // apart from every figure another test reads (USD, JPY).
    await db.$executeRaw`
      INSERT INTO "LedgerAccount"("id", "applicationId", "livemode", "kind", "currency")
      VALUES (${`${marker}_a`}, NULL, true, 'reserve', 'XTS'), (${`${marker}_b`}, NULL, true, 'reserve', 'XTS')`;
    // One statement, so the transfers and their entries commit together (balanced at commit).
    await db.$executeRaw`
      WITH transfer AS (
        INSERT INTO "LedgerTransfer"("id", "applicationId", "livemode", "kind", "createdAt")
        SELECT ${marker} || '_' || g, NULL, true, 'funding', now() - g * interval '10 minutes'
        FROM generate_series(1, 20000) g
        RETURNING "id", "createdAt"
      )
      INSERT INTO "LedgerEntry"("transferId", "accountId", "currency", "amount", "createdAt")
      SELECT transfer."id", x.account, 'XTS', x.amount, transfer."createdAt"
      FROM transfer, LATERAL (VALUES (${`${marker}_a`}, 5::bigint), (${`${marker}_b`}, -5::bigint)) x(account, amount)`;
    for (let i = 0; i < 20; i++) await postAt(wallet.id, 100n, new Date(Date.now() - (40 - i) * DAY), false);

    // Request-log rows and attempts of the last 25 days: younger than any retention another test
    // runs, so their runs never see these.
    await db.$executeRaw`
      INSERT INTO "RequestLog"("id", "applicationId", "livemode", "method", "path", "status", "latencyMs", "createdAt")
      SELECT ${marker} || '_' || g, ${tenant.applicationId}, false, 'GET', '/x', 200, 3, now() - g * interval '1 minute'
      FROM generate_series(1, 30000) g`;
    const endpoint = await db.webhookEndpoint.create({
      data: {
        id: newId("we"),
        applicationId: tenant.applicationId,
        livemode: false,
        url: "http://127.0.0.1:9/h",
        events: [],
      },
    });
    const event = await db.event.create({
      data: {
        id: newId("evt"),
        applicationId: tenant.applicationId,
        livemode: false,
        type: "wallet.provisioned",
        data: {},
        sequence: nextStreamSequence(),
      },
    });
    deliveryId = (
      await db.webhookDelivery.create({
        data: {
          id: newId("whd"),
          applicationId: tenant.applicationId,
          livemode: false,
          eventId: event.id,
          endpointId: endpoint.id,
        },
      })
    ).id;
    // Most of the older attempts already dropped, as after months of daily runs.
    await db.$executeRaw`
      INSERT INTO "WebhookAttempt"("id", "deliveryId", "requestHeaders", "requestBody", "createdAt", "bodiesDroppedAt")
      SELECT ${marker} || '_' || g, ${deliveryId}, '{}'::jsonb, CASE WHEN g < 25000 THEN 'body' END,
        now() - g * interval '1 minute', CASE WHEN g >= 25000 THEN now() END
      FROM generate_series(1, 30000) g`;
    await db.$executeRaw`ANALYZE "LedgerEntry"`;
    await db.$executeRaw`ANALYZE "LedgerTransfer"`;
    await db.$executeRaw`ANALYZE "RequestLog"`;
    await db.$executeRaw`ANALYZE "WebhookAttempt"`;
  }, 240_000);

  afterAll(async () => {
    await prisma().$executeRaw`DELETE FROM "RequestLog" WHERE "id" LIKE ${`${marker}_%`}`;
    await prisma().$executeRaw`DELETE FROM "WebhookAttempt" WHERE "deliveryId" = ${deliveryId}`;
  });

  it("reads a statement's opening balance and period along the account's index and transfers by key", async () => {
    const from = new Date(Date.now() - 30 * DAY);
    expectIndexPlan(
      await plan(lastEntryBeforeQuery(walletAccountId, from)),
      "LedgerEntry",
      "LedgerEntry_accountId_createdAt_idx",
    );
    const period = await plan(periodEntriesQuery(walletAccountId, from, new Date()));
    expectIndexPlan(period, "LedgerEntry", "LedgerEntry_accountId_createdAt_idx");
    expectIndexPlan(period, "LedgerTransfer", "LedgerTransfer_pkey");
    // A period the planner thinks holds half the account's history (20,000 entries over 139 days):
    // never the table or the account walked in id order to get the order (what the old ORDER BY id
    // did, through the primary key); a scan of the table is the planner's call for so large a share.
    const half = await plan(periodEntriesQuery(`${marker}_a`, new Date(Date.now() - 70 * DAY), new Date()));
    const entryIndexes = half.filter((n) => n["Relation Name"] === "LedgerEntry").map((n) => n["Index Name"]);
    expect(entryIndexes).not.toContain("LedgerEntry_pkey");
    expect(entryIndexes).not.toContain("LedgerEntry_accountId_id_idx");
  });

  it("finds each request-log batch along the createdAt B-tree", async () => {
    // A daily run's share: the oldest day of about three weeks of rows.
    const nodes = await plan(requestLogBatchQuery(new Date(Date.now() - 20 * DAY), new Date(0), 1_000));
    expectIndexPlan(nodes, "RequestLog", "RequestLog_createdAt_idx");
  });

  it("finds each attempt batch among the attempts still holding bodies only", async () => {
    // Half a day of attempts still holding bodies past the cutoff, behind 5,000 dropped before.
    const nodes = await plan(attemptBatchQuery(new Date(Date.now() - 17 * DAY), new Date(0), 1_000));
    expectIndexPlan(nodes, "WebhookAttempt", "WebhookAttempt_bodiesDroppedAt_createdAt_idx");
    expect(nodes.filter((n) => n["Index Name"] === "WebhookAttempt_createdAt_idx")).toEqual([]);
  });
});

describe("retention deletes exactly what is due", () => {
  // Ages around a 300-day retention no other test uses, many rows sharing one instant so batches
  // split ties; cutoff by the database's clock, ages an hour or more from it either side.
  const RETENTION_DAYS = 300;
  const age = fc.record({ days: fc.constantFrom(298, 299, 301, 302, 320), tie: fc.integer({ min: 0, max: 2 }) });

  it("deletes every request-log row past the retention and nothing younger, in any batch size", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(age, { minLength: 1, maxLength: 30 }),
        fc.integer({ min: 1, max: 5 }),
        async (ages, batchSize) => {
          const now = Date.now();
          const rows = ages.map((a) => ({
            id: newId("req"),
            applicationId: tenant.applicationId,
            livemode: false,
            method: "GET",
            path: "/retention",
            status: 200,
            latencyMs: 1,
            createdAt: new Date(now - a.days * DAY + a.tie * 60_000),
          }));
          await prisma().requestLog.createMany({ data: rows });
          const deleted = await deleteExpiredRequestLogs(prisma(), { retentionDays: RETENTION_DAYS, batchSize });
          const left = await prisma().requestLog.findMany({
            where: { id: { in: rows.map((r) => r.id) } },
            select: { id: true },
          });
          const due = rows.filter((r) => r.createdAt.getTime() < now - RETENTION_DAYS * DAY);
          expect(deleted).toBe(due.length);
          expect(left.map((r) => r.id).sort()).toEqual(
            rows
              .filter((r) => !due.includes(r))
              .map((r) => r.id)
              .sort(),
          );
          await prisma().requestLog.deleteMany({ where: { id: { in: rows.map((r) => r.id) } } });
        },
      ),
      { numRuns: 15 },
    );
  }, 120_000);

  it("drops the bodies of every attempt past the retention once, and of nothing younger, in any batch size", async () => {
    const endpoint = await prisma().webhookEndpoint.create({
      data: {
        id: newId("we"),
        applicationId: tenant.applicationId,
        livemode: false,
        url: "http://127.0.0.1:9/r",
        events: [],
      },
    });
    const event = await prisma().event.create({
      data: {
        id: newId("evt"),
        applicationId: tenant.applicationId,
        livemode: false,
        type: "wallet.provisioned",
        data: {},
        sequence: nextStreamSequence(),
      },
    });
    const delivery = await prisma().webhookDelivery.create({
      data: {
        id: newId("whd"),
        applicationId: tenant.applicationId,
        livemode: false,
        eventId: event.id,
        endpointId: endpoint.id,
      },
    });
    await fc.assert(
      fc.asyncProperty(
        fc.array(age, { minLength: 1, maxLength: 30 }),
        fc.integer({ min: 1, max: 5 }),
        async (ages, batchSize) => {
          const now = Date.now();
          const rows = ages.map((a) => ({
            id: newId("wha"),
            deliveryId: delivery.id,
            requestHeaders: { "x-service-signature": "ab" },
            requestBody: "body",
            createdAt: new Date(now - a.days * DAY + a.tie * 60_000),
          }));
          await prisma().webhookAttempt.createMany({ data: rows });
          const dropped = await dropExpiredAttemptBodies(prisma(), { retentionDays: RETENTION_DAYS, batchSize });
          const due = new Set(rows.filter((r) => r.createdAt.getTime() < now - RETENTION_DAYS * DAY).map((r) => r.id));
          expect(dropped).toBe(due.size);
          const after = await prisma().webhookAttempt.findMany({ where: { id: { in: rows.map((r) => r.id) } } });
          for (const attempt of after) {
            expect(attempt.requestBody === null).toBe(due.has(attempt.id));
            expect(attempt.bodiesDroppedAt !== null).toBe(due.has(attempt.id));
          }
          expect(await dropExpiredAttemptBodies(prisma(), { retentionDays: RETENTION_DAYS, batchSize })).toBe(0);
          await prisma().webhookAttempt.deleteMany({ where: { id: { in: rows.map((r) => r.id) } } });
        },
      ),
      { numRuns: 15 },
    );
  }, 120_000);
});
