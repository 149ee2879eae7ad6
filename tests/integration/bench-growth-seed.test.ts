// The growth benchmark's seeding (bench/support/growth-seed.ts) writes data the service itself could
// have written: after two phases (S, then grown to 10×S) every wallet's cached balance equals its
// entries, events are numbered per wallet with no gap, each event has its delivery and attempt,
// attempts past retention have no bodies, and the treasury's own ledger check finds it balanced.
// The application's balance has a fixed year of movements and a growing past; the busy card has one
// authorization with a long network history; half the seeded captures carry their network steps.
import { describe, expect, it } from "vitest";
import { prisma } from "@/lib/db/client";
import { computeTreasuryStats } from "@/lib/treasury/compute-treasury-stats";
import {
  BUSY_EXTERNAL_USER_ID,
  BUSY_NETWORK_CLEARINGS,
  BUSY_NETWORK_INCREMENTS,
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
    app = await growApplication(databaseUrl, app, 4_000, quiet);
    const small = await growthCounts(databaseUrl, app);
    const networkSteps = async () =>
      Number(
        (await query(`SELECT count(*)::int AS n FROM "NetworkStep" WHERE "applicationId" = $1`, app.applicationId))[0]
          ?.n,
      );
    const smallSteps = await networkSteps();
    app = await growApplication(databaseUrl, app, 36_000, quiet);
    const big = await growthCounts(databaseUrl, app);

    // About the sizes asked for (the busy wallet's and the balance's shares round), tenfold apart.
    expect(small.ledgerEntries).toBeGreaterThanOrEqual(3_600);
    expect(small.ledgerEntries).toBeLessThanOrEqual(4_400);
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
    // Every wallet's account and the application's balance account.
    expect(balances).toMatchObject({ accounts: big.wallets + 1, mismatched: 0 });
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
    // Every seeded event has a delivery and its attempt; the events the domain functions made before
    // the endpoint existed have none: the busy wallet's and the payee's creation, the busy card's
    // issue, and its network authorization's approval, increments and clearings.
    expect(big.deliveries).toBe(big.events - 3 - 1 - BUSY_NETWORK_INCREMENTS - BUSY_NETWORK_CLEARINGS);
    expect(big.attempts).toBe(big.deliveries);

    const [retention] = await query(
      `SELECT count(*) FILTER (WHERE a."requestBody" IS NOT NULL AND a."createdAt" < (now() AT TIME ZONE 'UTC') - interval '30 days')::int AS expired_with_body,
              count(*) FILTER (WHERE a."requestBody" IS NULL AND a."createdAt" >= (now() AT TIME ZONE 'UTC') - interval '30 days')::int AS recent_without_body
       FROM "WebhookAttempt" a JOIN "WebhookDelivery" d ON d.id = a."deliveryId" WHERE d."applicationId" = $1`,
      app.applicationId,
    );
    expect(retention).toMatchObject({ expired_with_body: 0, recent_without_body: 0 });

    // The busy wallet: the same 600 transfers in its last 400 days at both sizes (and the funding and
    // clearings of its network authorization), its history before growing.
    const [busy] = await query(
      `SELECT count(*) FILTER (WHERE e."createdAt" >= (now() AT TIME ZONE 'UTC') - interval '400 days')::int AS recent,
              count(*) FILTER (WHERE e."createdAt" < (now() AT TIME ZONE 'UTC') - interval '400 days')::int AS older
       FROM "LedgerEntry" e JOIN "LedgerAccount" a ON a.id = e."accountId" JOIN "Wallet" w ON w.id = a."walletId"
       WHERE w."externalUserId" = $1 AND w."applicationId" = $2`,
      BUSY_EXTERNAL_USER_ID,
      app.applicationId,
    );
    expect(busy?.recent).toBe(600 + 1 + BUSY_NETWORK_CLEARINGS);
    expect(Number(busy?.older)).toBeGreaterThanOrEqual(450);

    // The busy card's authorization: its approval, increments and clearings, in order.
    const steps = await query(
      `SELECT kind FROM "NetworkStep" WHERE "authorizationId" = $1 ORDER BY "createdAt", id`,
      app.busyAuthorizationId,
    );
    expect(steps.map((s) => s.kind)).toEqual([
      "authorization",
      ...Array<string>(BUSY_NETWORK_INCREMENTS).fill("increment"),
      ...Array<string>(BUSY_NETWORK_CLEARINGS).fill("clearing"),
    ]);
    // Half the seeded captures came through the network, two steps each: the table grows with the rest.
    expect((await networkSteps()) - steps.length).toBeGreaterThan((smallSteps - steps.length) * 8);

    // The balance: the same 600 movements in the settlement report's year at both sizes, an older
    // past that grew, a top-up row or a transfer row for each, never below zero.
    const [movements] = await query(
      `SELECT count(*) FILTER (WHERE e."createdAt" >= (now() AT TIME ZONE 'UTC') - interval '366 days')::int AS recent,
              count(*) FILTER (WHERE e."createdAt" < (now() AT TIME ZONE 'UTC') - interval '366 days')::int AS older,
              count(tu.id)::int AS top_ups, count(tr.id)::int AS transfers, min(e."balanceAfter")::text AS lowest
       FROM "LedgerEntry" e
       LEFT JOIN "TopUp" tu ON tu."ledgerTransferId" = e."transferId"
       LEFT JOIN "Transfer" tr ON tr."ledgerTransferId" = e."transferId"
       WHERE e."accountId" = $1`,
      app.balanceAccountId,
    );
    expect(movements).toMatchObject({ recent: 600 });
    expect(Number(movements?.older)).toBeGreaterThanOrEqual(900);
    expect(Number(movements?.top_ups) + Number(movements?.transfers)).toBe(
      Number(movements?.recent) + Number(movements?.older),
    );
    expect(BigInt(String(movements?.lowest))).toBeGreaterThanOrEqual(0n);

    const stats = await computeTreasuryStats(prisma(), new Date());
    expect(stats.ledger_balanced).toBe(true);
  });
});
