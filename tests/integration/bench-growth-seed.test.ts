// The growth benchmark's seeding (bench/support/growth-seed.ts) writes data the service itself could
// have written: after two phases (S, then grown to 10×S) every wallet's cached balance equals its
// entries, events are numbered per wallet with no gap, each event has its delivery and attempt,
// attempts past retention have no bodies, and the treasury's own ledger check finds it balanced.
import { describe, expect, it } from "vitest";
import { prisma } from "@/lib/db/client";
import { computeTreasuryStats } from "@/lib/treasury/compute-treasury-stats";
import {
  BUSY_EXTERNAL_USER_ID,
  createGrowthApplication,
  growApplication,
  growthCounts,
} from "@/bench/support/growth-seed";

type Row = Record<string, unknown>;

async function query(sql: string, ...params: unknown[]): Promise<Row[]> {
  return prisma().$queryRawUnsafe<Row[]>(sql, ...params);
}

describe("growth benchmark seeding", () => {
  it("grows an application tenfold with consistent ledger, events and deliveries", { timeout: 600_000 }, async () => {
    const databaseUrl = process.env.DATABASE_URL;
    if (!databaseUrl) throw new Error("DATABASE_URL is not set");
    const quiet = () => undefined;
    let app = await createGrowthApplication(`test${Date.now()}`);
    app = await growApplication(databaseUrl, app, 2_000, quiet);
    const small = await growthCounts(databaseUrl, app);
    app = await growApplication(databaseUrl, app, 18_000, quiet);
    const big = await growthCounts(databaseUrl, app);

    // About the sizes asked for (the busy wallet's share rounds), tenfold apart.
    expect(small.ledgerEntries).toBeGreaterThanOrEqual(1_800);
    expect(small.ledgerEntries).toBeLessThanOrEqual(2_200);
    expect(big.ledgerEntries / small.ledgerEntries).toBeGreaterThan(9);
    expect(big.ledgerEntries / small.ledgerEntries).toBeLessThan(11);
    expect(big.wallets).toBeGreaterThan(small.wallets * 5);

    const [balances] = await query(
      `SELECT count(*)::int AS accounts,
              count(*) FILTER (WHERE a."postedMinor" <> coalesce(s.total, 0))::int AS mismatched,
              min(a."postedMinor")::text AS lowest
       FROM "LedgerAccount" a
       LEFT JOIN (SELECT "accountId", sum(amount) AS total FROM "LedgerEntry" GROUP BY "accountId") s ON s."accountId" = a.id
       WHERE a."applicationId" = $1`,
      app.applicationId,
    );
    expect(balances).toMatchObject({ accounts: big.wallets, mismatched: 0 });
    expect(BigInt(String(balances?.lowest))).toBeGreaterThanOrEqual(0n);

    const [sequences] = await query(
      `SELECT count(*)::int AS wallets,
              count(*) FILTER (WHERE e.n <> e.top OR e.bottom <> 1 OR w."eventSequence" <> e.top)::int AS broken
       FROM (SELECT "walletId", count(*) AS n, max(sequence) AS top, min(sequence) AS bottom
             FROM "Event" WHERE "applicationId" = $1 GROUP BY "walletId") e
       JOIN "Wallet" w ON w.id = e."walletId"`,
      app.applicationId,
    );
    expect(sequences).toMatchObject({ wallets: big.wallets, broken: 0 });
    // Every seeded event has a delivery and its attempt; the busy wallet's two events made by the
    // domain functions before the endpoint existed have none.
    expect(big.deliveries).toBe(big.events - 2);
    expect(big.attempts).toBe(big.deliveries);

    const [retention] = await query(
      `SELECT count(*) FILTER (WHERE a."requestBody" IS NOT NULL AND a."createdAt" < (now() AT TIME ZONE 'UTC') - interval '30 days')::int AS expired_with_body,
              count(*) FILTER (WHERE a."requestBody" IS NULL AND a."createdAt" >= (now() AT TIME ZONE 'UTC') - interval '30 days')::int AS recent_without_body
       FROM "WebhookAttempt" a JOIN "WebhookDelivery" d ON d.id = a."deliveryId" WHERE d."applicationId" = $1`,
      app.applicationId,
    );
    expect(retention).toMatchObject({ expired_with_body: 0, recent_without_body: 0 });

    // The busy wallet: the same 600 transfers in its last 400 days at both sizes, its history before growing.
    const [busy] = await query(
      `SELECT count(*) FILTER (WHERE e."createdAt" >= (now() AT TIME ZONE 'UTC') - interval '400 days')::int AS recent,
              count(*) FILTER (WHERE e."createdAt" < (now() AT TIME ZONE 'UTC') - interval '400 days')::int AS older
       FROM "LedgerEntry" e JOIN "LedgerAccount" a ON a.id = e."accountId" JOIN "Wallet" w ON w.id = a."walletId"
       WHERE w."externalUserId" = $1 AND w."applicationId" = $2`,
      BUSY_EXTERNAL_USER_ID,
      app.applicationId,
    );
    expect(busy?.recent).toBe(600);
    expect(Number(busy?.older)).toBeGreaterThanOrEqual(450);

    const stats = await computeTreasuryStats(prisma(), new Date());
    expect(stats.ledger_balanced).toBe(true);
  });
});
