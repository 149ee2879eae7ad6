// Running totals and the incremental ledger verification (docs/decisions/running-totals.md): after
// generated sequences of writes through the domain functions, with writes rolled back mid-way and
// verification runs killed before they commit, the totals equal a full recomputation and the
// treasury figures equal the full-scan computation they replaced; the verification catches
// entries tampered with in SQL; and the treasury read never scans LedgerEntry.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { captureAuthorization } from "@/lib/authorizations/capture-authorization";
import { refundAuthorization } from "@/lib/authorizations/refund-authorization";
import { reverseAuthorization } from "@/lib/authorizations/reverse-authorization";
import { spendCard } from "@/lib/authorizations/spend-card";
import { issueCard } from "@/lib/cards/issue-card";
import { setCardStatus } from "@/lib/cards/set-card-status";
import { prisma, transaction, type Db } from "@/lib/db/client";
import { DomainError } from "@/lib/errors";
import { Prisma } from "@/lib/generated/prisma/client";
import { fundWallet } from "@/lib/ledger/fund-wallet";
import {
  ledgerTotalsQuery,
  readLedgerTotals,
  recomputeLedgerTotals,
  totalsByKey,
  VOLUME_WINDOW_MS,
} from "@/lib/ledger/running-totals";
import {
  hasFindings,
  lastVerification,
  mismatchedVolumeHours,
  runLedgerVerification,
  verifyLedgerBatch,
  verifyLedgerFully,
  type BatchOutcome,
} from "@/lib/ledger/verify-ledger";
import { toMajor } from "@/lib/money/amount";
import type { TreasuryCurrency } from "@/lib/schemas/treasury";
import type { Tenant } from "@/lib/tenant";
import { computeTreasuryStats, coverageRatio } from "@/lib/treasury/compute-treasury-stats";
import { createWallet } from "@/lib/wallets/create-wallet";
import { createMerchantApp, uniqueUserId } from "../helpers/fixtures";

/** The treasury figures as computed before running totals: every row scanned (the reference). */
async function treasuryByFullScan(db: Db, now: Date): Promise<TreasuryCurrency[]> {
  const since = new Date(now.getTime() - VOLUME_WINDOW_MS);
  const [wallets, cards, balances, volume, overdrawn] = [
    await db.$queryRaw<{ currency: string; count: bigint }[]>`
      SELECT currency, COUNT(*) AS count FROM "Wallet" WHERE livemode = true GROUP BY currency`,
    await db.$queryRaw<{ currency: string; count: bigint }[]>`
      SELECT currency, COUNT(*) AS count FROM "Card" WHERE livemode = true AND status = 'active' GROUP BY currency`,
    await db.$queryRaw<{ kind: string; currency: string; total: string }[]>`
      SELECT a.kind::text AS kind, a.currency, COALESCE(SUM(e.amount), 0)::text AS total
      FROM "LedgerAccount" a LEFT JOIN "LedgerEntry" e ON e."accountId" = a.id
      WHERE a.livemode = true GROUP BY a.kind, a.currency`,
    await db.$queryRaw<{ currency: string; total: string }[]>`
      SELECT e.currency, (-SUM(e.amount))::text AS total
      FROM "LedgerTransfer" t
      JOIN "LedgerEntry" e ON e."transferId" = t.id
      JOIN "LedgerAccount" a ON a.id = e."accountId" AND a.kind = 'wallet'
      WHERE t.livemode = true AND t.kind IN ('capture', 'refund') AND t."createdAt" >= ${since}
      GROUP BY e.currency`,
    // Every live wallet below zero, whatever took it there.
    await db.$queryRaw<{ currency: string; count: bigint; total: string }[]>`
      SELECT currency, COUNT(*) AS count, SUM("postedMinor" - "heldMinor")::text AS total FROM "LedgerAccount"
      WHERE livemode = true AND kind = 'wallet' AND "postedMinor" - "heldMinor" < 0 GROUP BY currency`,
  ];
  type F = {
    wallets: number;
    activeCards: number;
    liabilities: bigint;
    reserves: bigint;
    volume: bigint;
    overdrawnWallets: number;
    overdrawn: bigint;
  };
  const by = new Map<string, F>();
  const f = (c: string) => {
    if (!by.has(c)) {
      by.set(c, {
        wallets: 0,
        activeCards: 0,
        liabilities: 0n,
        reserves: 0n,
        volume: 0n,
        overdrawnWallets: 0,
        overdrawn: 0n,
      });
    }
    return by.get(c)!;
  };
  for (const r of wallets) f(r.currency).wallets = Number(r.count);
  for (const r of cards) f(r.currency).activeCards = Number(r.count);
  for (const r of balances) {
    if (r.kind === "wallet") f(r.currency).liabilities += BigInt(r.total);
    else f(r.currency).reserves -= BigInt(r.total);
  }
  for (const r of volume) f(r.currency).volume = BigInt(r.total);
  for (const r of overdrawn) {
    f(r.currency).overdrawnWallets = Number(r.count);
    f(r.currency).overdrawn = BigInt(r.total);
  }
  return [...by.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([currency, x]) => ({
      currency,
      wallets: x.wallets,
      active_cards: x.activeCards,
      liabilities: toMajor(x.liabilities, currency),
      reserves: toMajor(x.reserves, currency),
      coverage_ratio: coverageRatio(x.reserves, x.liabilities),
      card_volume_30d: toMajor(x.volume, currency),
      overdrawn_wallets: x.overdrawnWallets,
      overdrawn_amount: toMajor(x.overdrawn, currency),
    }));
}

type Write =
  | { kind: "fund"; wallet: number; amount: number }
  | { kind: "spend"; card: number; amount: number }
  | { kind: "capture"; auth: number; amount: number | null }
  | { kind: "refund"; auth: number; amount: number | null }
  | { kind: "reverse"; auth: number }
  | { kind: "card"; card: number; status: "active" | "frozen" | "canceled" }
  | { kind: "wallet"; live: boolean; currency: "USD" | "JPY" };
type Step = { kind: "write"; write: Write; crash: boolean } | { kind: "verify"; limit: number; killed: boolean };

const amount = fc.integer({ min: 1, max: 5_000 });
const write: fc.Arbitrary<Write> = fc.oneof(
  { weight: 3, arbitrary: fc.record({ kind: fc.constant("fund" as const), wallet: fc.nat(7), amount }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant("spend" as const), card: fc.nat(7), amount }) },
  {
    weight: 2,
    arbitrary: fc.record({ kind: fc.constant("capture" as const), auth: fc.nat(30), amount: fc.option(amount) }),
  },
  {
    weight: 2,
    arbitrary: fc.record({ kind: fc.constant("refund" as const), auth: fc.nat(30), amount: fc.option(amount) }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("reverse" as const), auth: fc.nat(30) }) },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant("card" as const),
      card: fc.nat(7),
      status: fc.constantFrom("active" as const, "frozen" as const, "canceled" as const),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant("wallet" as const),
      live: fc.boolean(),
      currency: fc.constantFrom("USD" as const, "JPY" as const),
    }),
  },
);
const step: fc.Arbitrary<Step> = fc.oneof(
  {
    weight: 6,
    // One write in five crashes.
    arbitrary: fc.record({ kind: fc.constant("write" as const), write, crash: fc.nat(4).map((n) => n === 0) }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant("verify" as const),
      limit: fc.integer({ min: 1, max: 5 }),
      killed: fc.boolean(),
    }),
  },
);

class Crash extends Error {}

type Holder = { tenant: Tenant; externalUserId: string; currency: string };

async function addWallet(tenant: Tenant, currency: string, holders: Holder[], cards: { id: string; holder: Holder }[]) {
  const holder = { tenant, externalUserId: uniqueUserId("totals"), currency };
  await transaction((tx) =>
    createWallet(tx, tenant, { externalUserId: holder.externalUserId, currency, email: "t@example.com" }),
  );
  const card = await transaction((tx) =>
    issueCard(tx, tenant, { externalUserId: holder.externalUserId, kind: "virtual", currency }),
  );
  holders.push(holder);
  cards.push({ id: card.id, holder });
}

/** One write in its own transaction; with `crash`, the transaction is rolled back after the write. */
async function apply(
  w: Write,
  crash: boolean,
  ctx: {
    live: Tenant;
    test: Tenant;
    holders: Holder[];
    cards: { id: string; holder: Holder }[];
    auths: { id: string; tenant: Tenant; currency: string }[];
  },
) {
  const pick = <T>(list: T[], i: number) => list[i % list.length]!;
  const major = (minor: number, currency: string) => toMajor(BigInt(minor), currency);
  const run = async (work: (tx: Db) => Promise<unknown>) => {
    try {
      await transaction(async (tx) => {
        const result = await work(tx);
        if (crash) throw new Crash();
        return result;
      });
    } catch (error) {
      if (!(error instanceof Crash) && !(error instanceof DomainError)) throw error;
    }
  };
  if (w.kind === "wallet") {
    // Wallet creation crashes too: the rolled-back wallet and card must leave no count behind.
    if (crash) {
      const tenant = w.live ? ctx.live : ctx.test;
      await run(async (tx) => {
        const externalUserId = uniqueUserId("crashed");
        await createWallet(tx, tenant, { externalUserId, currency: w.currency, email: "t@example.com" });
        await issueCard(tx, tenant, { externalUserId, kind: "virtual", currency: w.currency });
      });
    } else await addWallet(w.live ? ctx.live : ctx.test, w.currency, ctx.holders, ctx.cards);
  } else if (w.kind === "fund") {
    const h = pick(ctx.holders, w.wallet);
    await run((tx) => fundWallet(tx, h.tenant, h.externalUserId, { amount: major(w.amount, h.currency) }));
  } else if (w.kind === "spend") {
    const c = pick(ctx.cards, w.card);
    await run(async (tx) => {
      const outcome = await spendCard(
        tx,
        c.holder.tenant,
        c.id,
        { amount: major(w.amount, c.holder.currency), merchant: { name: "Shop" } },
        "sdk",
      );
      if (outcome.approved && !crash)
        ctx.auths.push({ id: outcome.authorization.id, tenant: c.holder.tenant, currency: c.holder.currency });
    });
  } else if (w.kind === "card") {
    const c = pick(ctx.cards, w.card);
    await run((tx) => setCardStatus(tx, c.holder.tenant, c.id, w.status));
  } else {
    if (ctx.auths.length === 0) return;
    const a = pick(ctx.auths, w.auth);
    if (w.kind === "reverse") await run((tx) => reverseAuthorization(tx, a.tenant, a.id));
    else {
      const body = w.amount === null ? {} : { amount: major(w.amount, a.currency) };
      if (w.kind === "capture") await run((tx) => captureAuthorization(tx, a.tenant, a.id, body));
      else await run((tx) => refundAuthorization(tx, a.tenant, a.id, body));
    }
  }
}

/** In one snapshot: both modes' totals against a recomputation, and the treasury against the full scan. */
async function expectTotalsExact(now: Date) {
  const since = new Date(now.getTime() - VOLUME_WINDOW_MS);
  await prisma().$transaction(
    async (tx) => {
      for (const livemode of [true, false]) {
        const kept = totalsByKey(await readLedgerTotals(tx, livemode, since));
        const full = totalsByKey(await recomputeLedgerTotals(tx, livemode, since));
        expect(Object.fromEntries(kept)).toEqual(Object.fromEntries(full));
      }
      const stats = await computeTreasuryStats(tx, now);
      expect(stats.currencies).toEqual(await treasuryByFullScan(tx, now));
    },
    { isolationLevel: Prisma.TransactionIsolationLevel.RepeatableRead },
  );
}

describe("ledger running totals", () => {
  it("equal a full recomputation after generated writes, crashed writes and killed verifications", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(step, { minLength: 15, maxLength: 40, size: "max" }),
        fc.option(fc.double({ min: 0, max: 1, noNaN: true })),
        async (steps, windowStart) => {
          const { application } = await createMerchantApp("running totals");
          const live: Tenant = { applicationId: application.id, livemode: true };
          const test: Tenant = { applicationId: application.id, livemode: false };
          const ctx = {
            live,
            test,
            holders: [] as Holder[],
            cards: [] as { id: string; holder: Holder }[],
            auths: [] as { id: string; tenant: Tenant; currency: string }[],
          };
          const started = Date.now();
          await addWallet(live, "USD", ctx.holders, ctx.cards);
          await addWallet(live, "JPY", ctx.holders, ctx.cards);
          await addWallet(test, "USD", ctx.holders, ctx.cards);
          for (const h of ctx.holders)
            await apply({ kind: "fund", wallet: ctx.holders.indexOf(h), amount: 9_000 }, false, ctx);

          for (const s of steps) {
            if (s.kind === "write") await apply(s.write, s.crash, ctx);
            else if (s.killed) {
              // A verification that dies before committing: nothing it checked is folded in.
              await expect(
                prisma().$transaction(async (tx) => {
                  await verifyLedgerBatch(tx, { limit: s.limit });
                  throw new Crash();
                }),
              ).rejects.toBeInstanceOf(Crash);
            } else {
              const outcome: BatchOutcome = await prisma().$transaction((tx) =>
                verifyLedgerBatch(tx, { limit: s.limit }),
              );
              expect(hasFindings(outcome.findings.live) || hasFindings(outcome.findings.test)).toBe(false);
            }
          }
          // The 30-day window starts somewhere inside this sequence (to the millisecond), so the
          // minute it starts in is read partly from its transfers and the rest from the buckets;
          // or on the minute this sequence started in, whose whole bucket then counts.
          const ended = Date.now();
          const start =
            windowStart === null
              ? Math.floor(started / 60_000) * 60_000
              : started + Math.floor(windowStart * (ended - started));
          const now = new Date(start + VOLUME_WINDOW_MS);
          await expectTotalsExact(now);
          await expectTotalsExact(new Date());
          const verified = await runLedgerVerification(prisma());
          expect(verified.balanced).toBe(true);
          await expectTotalsExact(now);
        },
      ),
      { numRuns: 6 },
    );
    expect(await verifyLedgerFully(prisma())).toMatchObject({ live: true, test: true });
    const state = await lastVerification(prisma(), true);
    expect(state?.balanced).toBe(true);
    const stats = await computeTreasuryStats(prisma());
    expect(stats.ledger_balanced).toBe(true);
    expect(stats.ledger_checked_at).toBe(state!.checkedAt.toISOString());
  }, 300_000);
});

/** Runs `work` in a transaction that is always rolled back, so other tests never see the tampering. */
async function rolledBack(work: (tx: Db) => Promise<void>) {
  await expect(
    prisma().$transaction(
      async (tx) => {
        await work(tx);
        throw new Crash();
      },
      { timeout: 60_000 },
    ),
  ).rejects.toThrow(Crash);
}

async function verifyAll(tx: Db) {
  const found = {
    mismatchedDeltas: [] as string[],
    unbalancedTransfers: [] as string[],
    mismatchedAccounts: [] as string[],
  };
  for (;;) {
    const outcome = await verifyLedgerBatch(tx, { limit: 500 });
    found.mismatchedDeltas.push(...outcome.findings.test.mismatchedDeltas);
    found.unbalancedTransfers.push(...outcome.findings.test.unbalancedTransfers);
    found.mismatchedAccounts.push(...outcome.findings.test.mismatchedAccounts);
    if (outcome.deltas < 500) return found;
  }
}

async function fundedTestWallet(tx: Db) {
  const { application } = await createMerchantApp("tampered");
  const tenant: Tenant = { applicationId: application.id, livemode: false };
  const externalUserId = uniqueUserId("tampered");
  const wallet = await createWallet(tx, tenant, { externalUserId, currency: "USD", email: "t@example.com" });
  await fundWallet(tx, tenant, externalUserId, { amount: 50 });
  const [account] = await tx.$queryRaw<
    { id: string }[]
  >`SELECT id FROM "LedgerAccount" WHERE "walletId" = ${wallet.id}`;
  return { tenant, externalUserId, accountId: account!.id };
}

describe("the incremental ledger verification", () => {
  it("catches an entry whose amount was changed in SQL, and keeps the failure recorded", async () => {
    await rolledBack(async (tx) => {
      const { accountId } = await fundedTestWallet(tx);
      const [entry] = await tx.$queryRaw<{ id: bigint; transferId: string }[]>`
        SELECT id, "transferId" FROM "LedgerEntry" WHERE "accountId" = ${accountId}`;
      // Replica mode skips the append-only trigger, as someone editing the table directly could.
      await tx.$executeRaw`SET LOCAL session_replication_role = replica`;
      await tx.$executeRaw`UPDATE "LedgerEntry" SET amount = amount + 1 WHERE id = ${entry!.id}`;
      await tx.$executeRaw`SET LOCAL session_replication_role = origin`;

      const found = await verifyAll(tx);
      expect(found.mismatchedDeltas.length).toBeGreaterThan(0);
      expect(found.unbalancedTransfers).toContain(entry!.transferId);
      expect(found.mismatchedAccounts).toContain(accountId);
      expect((await lastVerification(tx, false))?.balanced).toBe(false);
      // A later run with nothing wrong in its own batch does not clear it.
      await verifyLedgerBatch(tx);
      expect((await lastVerification(tx, false))?.balanced).toBe(false);
      expect((await lastVerification(tx, true))?.balanced ?? true).toBe(true);
    });
  });

  it("catches a balanced transfer inserted in SQL that the wallet's cached balance does not show", async () => {
    await rolledBack(async (tx) => {
      const { accountId } = await fundedTestWallet(tx);
      await tx.$executeRaw`
        INSERT INTO "LedgerTransfer" (id, livemode, kind, "createdAt") VALUES ('ltr_forged', false, 'funding', now())`;
      await tx.$executeRaw`
        INSERT INTO "LedgerEntry" ("transferId", "accountId", currency, amount)
        VALUES ('ltr_forged', ${accountId}, 'USD', 700), ('ltr_forged', 'lacct_reserve_test_USD', 'USD', -700)`;
      const found = await verifyAll(tx);
      expect(found.mismatchedDeltas).toEqual([]);
      expect(found.unbalancedTransfers).toEqual([]);
      expect(found.mismatchedAccounts).toEqual([accountId]);
    });
  });
});

const HOUR = 60 * 60_000;
const DAY = 24 * HOUR;

/**
 * A window start near one of the captures (within two hours either side, so the edges of its hour
 * and minute matter), to the millisecond or on a minute or an hour boundary.
 */
const windowNear = fc.record({
  capture: fc.nat(),
  offset: fc.integer({ min: -2 * HOUR, max: 2 * HOUR }),
  unit: fc.constantFrom(1, 60_000, HOUR),
});
function windowStart(now: Date, capturedAgo: number, near: { offset: number; unit: number }): Date {
  const at = Math.min(
    now.getTime(),
    Math.max(now.getTime() - 30 * DAY - 23 * HOUR, now.getTime() - capturedAgo + near.offset),
  );
  return new Date(Math.floor(at / near.unit) * near.unit);
}

describe("the 30-day card volume", () => {
  it("equals the full computation from any window start, read from hour buckets, minute buckets, pending deltas and transfers", async () => {
    const capture = fc.record({
      ago: fc.oneof(fc.integer({ min: 0, max: 32 * DAY }), fc.integer({ min: 0, max: 3 * HOUR })),
      amount: fc.integer({ min: 1, max: 1_000_000 }),
      refund: fc.boolean(),
    });
    let tampered = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.array(capture, { minLength: 1, maxLength: 80 }),
        fc.nat(),
        fc.array(windowNear, { minLength: 1, maxLength: 6 }),
        async (captures, split, starts) => {
          await rolledBack(async (tx) => {
            // A currency no other test writes, so concurrent tests cannot move its totals.
            const { authorizationId, accountId, reserveId } = await volumeWallet(tx, "MNT");
            const now = new Date();
            const folded = split % (captures.length + 1);
            const seed = async (rows: typeof captures, offset: number) => {
              if (rows.length === 0) return;
              const transfers = rows.map(
                (row, i) =>
                  Prisma.sql`(${`ltr_vol_${offset + i}`}, false, ${row.refund ? "refund" : "capture"}::"LedgerTransferKind", ${authorizationId}, ${new Date(now.getTime() - row.ago)})`,
              );
              await tx.$executeRaw`
                INSERT INTO "LedgerTransfer" (id, livemode, kind, "authorizationId", "createdAt") VALUES ${Prisma.join(transfers)}`;
              const entries = rows.flatMap((row, i) => {
                const wallet = row.refund ? row.amount : -row.amount;
                return [
                  Prisma.sql`(${`ltr_vol_${offset + i}`}, ${accountId}, 'MNT', ${wallet})`,
                  Prisma.sql`(${`ltr_vol_${offset + i}`}, ${reserveId}, 'MNT', ${-wallet})`,
                ];
              });
              await tx.$executeRaw`
                INSERT INTO "LedgerEntry" ("transferId", "accountId", currency, amount) VALUES ${Prisma.join(entries)}`;
            };
            // Some captures folded into the buckets, the rest still pending deltas.
            await seed(captures.slice(0, folded), 0);
            while ((await verifyLedgerBatch(tx, { limit: 5_000 })).deltas === 5_000);
            await seed(captures.slice(folded), folded);

            for (const near of starts) {
              const since = windowStart(now, captures[near.capture % captures.length]!.ago, near);
              const kept = totalsByKey(await readLedgerTotals(tx, false, since)).get("card_volume:MNT") ?? 0n;
              const full = totalsByKey(await recomputeLedgerTotals(tx, false, since)).get("card_volume:MNT") ?? 0n;
              expect(kept, `window from ${since.toISOString()}`).toBe(full);
            }
            // Every hour bucket equals its minutes; an hour changed in SQL is named by the full verification's check.
            const since = new Date(now.getTime() - VOLUME_WINDOW_MS);
            expect(await mismatchedVolumeHours(tx, false, since)).toEqual([]);
            const [hour] = await tx.$queryRaw<{ bucket: Date }[]>`
              UPDATE "LedgerTotal" SET amount = amount + 1
              WHERE (livemode, metric, currency, bucket) IN (
                SELECT livemode, metric, currency, bucket FROM "LedgerTotal"
                WHERE livemode = false AND metric = 'card_volume_hour' AND currency = 'MNT'
                  AND bucket >= ${new Date(since.getTime() + HOUR)}
                LIMIT 1)
              RETURNING bucket`;
            // Only when a capture was folded into an hour of the window; counted, so some run must.
            if (hour) {
              tampered += 1;
              expect(await mismatchedVolumeHours(tx, false, since)).toEqual([
                `card_volume_hour:MNT:${hour.bucket.toISOString().slice(0, 16)}Z`,
              ]);
            }
          });
        },
      ),
      { numRuns: 25 },
    );
    expect(tampered).toBeGreaterThan(0);
  }, 120_000);
});

/** A test-mode wallet in `currency` with one spend, whose authorization the seeded transfers name. */
async function volumeWallet(tx: Db, currency: string) {
  const { application } = await createMerchantApp("card volume");
  const tenant: Tenant = { applicationId: application.id, livemode: false };
  const externalUserId = uniqueUserId("volume");
  const wallet = await createWallet(tx, tenant, { externalUserId, currency, email: "v@example.com" });
  await fundWallet(tx, tenant, externalUserId, { amount: 50 });
  const card = await issueCard(tx, tenant, { externalUserId, kind: "virtual", currency });
  const spend = await spendCard(tx, tenant, card.id, { amount: 1, merchant: { name: "Shop" } }, "sdk");
  const [account] = await tx.$queryRaw<
    { id: string }[]
  >`SELECT id FROM "LedgerAccount" WHERE "walletId" = ${wallet.id}`;
  const [reserve] = await tx.$queryRaw<{ id: string }[]>`
    SELECT id FROM "LedgerAccount" WHERE livemode = false AND kind = 'reserve' AND currency = ${currency}`;
  return { authorizationId: spend.authorization.id, accountId: account!.id, reserveId: reserve!.id };
}

type PlanNode = { "Node Type": string; "Relation Name"?: string; Plans?: PlanNode[] };
const nodes = (plan: PlanNode): PlanNode[] => [plan, ...(plan.Plans ?? []).flatMap(nodes)];

describe("the treasury read", () => {
  it("reads LedgerEntry only through an index, over a ledger of 20,000 entries", async () => {
    await rolledBack(async (tx) => {
      const { tenant, externalUserId, accountId } = await fundedTestWallet(tx);
      const card = await issueCard(tx, tenant, { externalUserId, kind: "virtual", currency: "USD" });
      const spend = await spendCard(tx, tenant, card.id, { amount: 1, merchant: { name: "Shop" } }, "sdk");
      // 10,000 live captures over the last 40 days, set-based, then the planner's statistics.
      await tx.$executeRaw`
        INSERT INTO "LedgerTransfer" (id, livemode, kind, "authorizationId", "createdAt")
        SELECT 'ltr_seed_' || g, true, 'capture', ${spend.authorization.id}, now() - g * INTERVAL '3 minutes'
        FROM generate_series(1, 10000) g`;
      await tx.$executeRaw`
        INSERT INTO "LedgerEntry" ("transferId", "accountId", currency, amount, "createdAt")
        SELECT 'ltr_seed_' || g, CASE WHEN side = 1 THEN ${accountId} ELSE 'lacct_reserve_test_USD' END, 'USD',
               CASE WHEN side = 1 THEN -g ELSE g END, now() - g * INTERVAL '3 minutes'
        FROM generate_series(1, 10000) g, generate_series(1, 2) side`;
      await tx.$executeRaw`ANALYZE "LedgerTransfer"`;
      await tx.$executeRaw`ANALYZE "LedgerEntry"`;
      // A window start inside a minute, so the statement's partial-minute part is planned.
      const since = new Date(Date.now() - VOLUME_WINDOW_MS - 12_345);
      const [row] = await tx.$queryRaw<{ "QUERY PLAN": [{ Plan: PlanNode }] }[]>(
        Prisma.sql`EXPLAIN (FORMAT JSON) ${ledgerTotalsQuery(true, since)}`,
      );
      const all = nodes(row!["QUERY PLAN"][0].Plan);
      const scans = all.filter((n) => n["Relation Name"] === "LedgerEntry" || n["Relation Name"] === "LedgerTransfer");
      expect(scans.length).toBeGreaterThan(0);
      for (const scan of scans) expect(scan["Node Type"], JSON.stringify(scan)).not.toBe("Seq Scan");
    });
  });
});

describe("the pending deltas' table", () => {
  const manualVacuums = async () => {
    // Its own transaction, so a fresh snapshot of the statistics (they are cached per transaction).
    const [row] = await prisma().$queryRaw<{ n: bigint }[]>`
      SELECT vacuum_count AS n FROM pg_stat_user_tables WHERE relid = to_regclass('"LedgerTotalDelta"')`;
    return Number(row!.n);
  };

  // The two ends of the threshold: whatever this shared database's other tests have left pending
  // (0 or more deltas), one run is under MAX_SAFE_INTEGER and at or over 0.
  it("is vacuumed by a run that folded at least its threshold of deltas, and not by one under it", async () => {
    const before = await manualVacuums();
    const small = await runLedgerVerification(prisma(), { vacuumAfter: Number.MAX_SAFE_INTEGER });
    expect(small.vacuumed).toBe(false);
    expect(await manualVacuums()).toBe(before);

    const backlog = await runLedgerVerification(prisma(), { vacuumAfter: 0 });
    expect(backlog.vacuumed).toBe(true);
    expect(await manualVacuums()).toBe(before + 1);
  });

  it("is autovacuumed after a fixed number of dead rows, whatever its size", async () => {
    const [row] = await prisma().$queryRaw<{ options: string[] }[]>`
      SELECT reloptions AS options FROM pg_class WHERE oid = to_regclass('"LedgerTotalDelta"')`;
    expect(row!.options).toEqual(
      expect.arrayContaining(["autovacuum_vacuum_scale_factor=0", "autovacuum_vacuum_threshold=5000"]),
    );
  });
});
