// The ledger verification, run by the worker every minute (lib/jobs/ledger-verification.ts) instead
// of a scan on the request path (docs/decisions/running-totals.md). The pending running-total deltas
// are its checkpoint: each batch checks its deltas against the entries they name, the transfers of
// those entries for balance and the accounts they touched against their caches, then folds the
// deltas into LedgerTotal, all in one transaction. A run that dies leaves the deltas pending for
// the next one; a delta is never folded in unchecked.
import type { Db } from "@/lib/db/client";
import { Prisma, type PrismaClient } from "@/lib/generated/prisma/client";
import { checkLedgerInvariant } from "./check-invariant";
import {
  readLedgerTotals,
  recomputeLedgerTotals,
  totalsByKey,
  volumeBoundaries,
  VOLUME_WINDOW_MS,
} from "./running-totals";

const BATCH_SIZE = 2_000;
/** Batches per run: a backlog larger than this is worked off over the next runs. */
const MAX_BATCHES = 50;
/** A run that folds this many deltas vacuums their table (docs/decisions/running-totals.md). */
const VACUUM_AFTER = 10 * BATCH_SIZE;
const SAMPLE = 100;
// Folded volume buckets are kept one day past the window, so a read at any instant of a day finds its own.
const VOLUME_KEEP_MS = VOLUME_WINDOW_MS + 24 * 60 * 60 * 1000;
// Any constant: it only serialises verification runs, which all fold into the same LedgerTotal rows.
const LOCK_KEY = 7_361_105_242;

export type VerificationFindings = {
  /** Deltas whose amount or group differs from the entries they name. */
  mismatchedDeltas: string[];
  unbalancedTransfers: string[];
  /** Accounts whose cached posted or held balance differs from their entries and open holds, or whose available balance is negative. */
  mismatchedAccounts: string[];
  /** Totals that differ from a full recomputation (a full verification only). */
  mismatchedTotals: string[];
};

export type BatchOutcome = {
  deltas: number;
  throughEntryId: bigint;
  findings: { live: VerificationFindings; test: VerificationFindings };
};

const noFindings = (): VerificationFindings => ({
  mismatchedDeltas: [],
  unbalancedTransfers: [],
  mismatchedAccounts: [],
  mismatchedTotals: [],
});

export function hasFindings(f: VerificationFindings): boolean {
  return (
    f.mismatchedDeltas.length + f.unbalancedTransfers.length + f.mismatchedAccounts.length + f.mismatchedTotals.length >
    0
  );
}

/**
 * Checks and folds in the oldest `limit` pending deltas, in the caller's transaction (which must
 * be one, for the lock and so checks and fold commit together), and records the result per mode.
 */
export async function verifyLedgerBatch(
  tx: Db,
  { limit = BATCH_SIZE }: { limit?: number } = {},
): Promise<BatchOutcome> {
  await tx.$executeRaw`SELECT pg_advisory_xact_lock(${LOCK_KEY}::bigint)`;
  const ids = (
    await tx.$queryRaw<{ id: string }[]>`
      SELECT id::text AS id FROM "LedgerTotalDelta" ORDER BY id LIMIT ${limit}`
  ).map((row) => row.id);
  const findings = { live: noFindings(), test: noFindings() };
  const of = (livemode: boolean) => (livemode ? findings.live : findings.test);
  let throughEntryId = 0n;

  if (ids.length > 0) {
    // Each statement reads one snapshot, so an account's cache and its entries are seen together.
    const deltas = await tx.$queryRaw<{ id: string; livemode: boolean }[]>`
      SELECT d.id::text AS id, d.livemode
      FROM "LedgerTotalDelta" d
      CROSS JOIN LATERAL (
        SELECT COUNT(*) AS n,
               COALESCE(SUM(CASE WHEN d.metric = 'card_volume' THEN -e.amount ELSE e.amount END), 0) AS total
        FROM "LedgerEntry" e
        JOIN "LedgerAccount" a ON a.id = e."accountId"
        JOIN "LedgerTransfer" t ON t.id = e."transferId"
        WHERE e.id = ANY(d."entryIds") AND e.currency = a.currency AND e.currency = d.currency
          AND CASE WHEN d.metric = 'card_volume'
                THEN t.livemode = d.livemode AND a.kind = 'wallet' AND t.kind IN ('capture', 'refund')
                     AND date_trunc('minute', t."createdAt") = d.bucket
                ELSE a.livemode = d.livemode AND a.kind::text = d.metric END
      ) r
      WHERE d.id = ANY(${ids}::text[]::bigint[])
        AND d.metric IN ('wallet', 'reserve', 'balance', 'card_volume')
        AND cardinality(d."entryIds") > 0
        AND (r.n <> cardinality(d."entryIds") OR r.total <> d.amount)
      LIMIT ${SAMPLE}`;
    for (const row of deltas) of(row.livemode).mismatchedDeltas.push(row.id);

    const [through] = await tx.$queryRaw<{ through: string | null }[]>`
      SELECT MAX(entry)::text AS through
      FROM "LedgerTotalDelta" d, unnest(d."entryIds") entry
      WHERE d.id = ANY(${ids}::text[]::bigint[])`;
    throughEntryId = BigInt(through?.through ?? 0);

    const transfers = await tx.$queryRaw<{ id: string; livemode: boolean }[]>`
      WITH checked AS (
        SELECT DISTINCT e."transferId" AS id
        FROM "LedgerTotalDelta" d, unnest(d."entryIds") entry, "LedgerEntry" e
        WHERE d.id = ANY(${ids}::text[]::bigint[]) AND e.id = entry
      )
      SELECT DISTINCT t.id, t.livemode
      FROM checked JOIN "LedgerTransfer" t ON t.id = checked.id
      JOIN "LedgerEntry" e ON e."transferId" = t.id
      GROUP BY t.id, t.livemode, e.currency
      HAVING SUM(e.amount) <> 0
      LIMIT ${SAMPLE}`;
    for (const row of transfers) of(row.livemode).unbalancedTransfers.push(row.id);

    // A wallet entry's stored running balance (LedgerEntry.balanceAfter, docs/decisions/statement-costs.md)
    // must be the one before it plus its amount, and the account's cached posted balance its newest
    // entry's: by induction over the checked entries, the sum of all of them, read with two index
    // reads per entry instead of a sum over the wallet's history. Held must equal the open holds,
    // available must not be negative; the shared reserves keep no cache, so theirs stay at zero.
    const accounts = await tx.$queryRaw<{ id: string; livemode: boolean }[]>`
      WITH entries AS (
        SELECT DISTINCT e.id, e."accountId", e.amount, e."balanceAfter"
        FROM "LedgerTotalDelta" d, unnest(d."entryIds") entry, "LedgerEntry" e
        WHERE d.id = ANY(${ids}::text[]::bigint[]) AND d.metric IN ('wallet', 'reserve', 'balance') AND e.id = entry
      ), broken AS (
        SELECT DISTINCT b."accountId" AS id
        FROM entries b JOIN "LedgerAccount" a ON a.id = b."accountId" AND a.kind IN ('wallet', 'balance')
        LEFT JOIN LATERAL (
          SELECT p."balanceAfter" FROM "LedgerEntry" p
          WHERE p."accountId" = b."accountId" AND p.id < b.id ORDER BY p.id DESC LIMIT 1
        ) p ON TRUE
        WHERE b."balanceAfter" IS DISTINCT FROM COALESCE(p."balanceAfter", 0) + b.amount
      )
      SELECT a.id, a.livemode
      FROM (SELECT DISTINCT "accountId" AS id FROM entries) touched JOIN "LedgerAccount" a ON a.id = touched.id
      LEFT JOIN LATERAL (
        SELECT "balanceAfter" AS total FROM "LedgerEntry" WHERE "accountId" = a.id ORDER BY id DESC LIMIT 1
      ) e ON a.kind IN ('wallet', 'balance')
      LEFT JOIN LATERAL (
        SELECT COALESCE(SUM("heldAmount"), 0) AS total FROM "Authorization"
        WHERE "walletId" = a."walletId" AND status = 'pending' AND a.kind = 'wallet'
      ) h ON TRUE
      LEFT JOIN LATERAL (
        SELECT COALESCE(SUM(amount), 0) AS total FROM "Payout"
        WHERE "holdAccountId" = a.id AND status IN ('pending', 'in_transit')
      ) p ON TRUE
      WHERE a.id IN (SELECT id FROM broken)
         OR (a.kind = 'wallet' AND (a."postedMinor" IS DISTINCT FROM e.total OR a."heldMinor" <> h.total + p.total
             OR (a."postedMinor" - a."heldMinor" < 0 AND NOT EXISTS (
               SELECT 1 FROM "NetworkStep" s WHERE s."walletId" = a."walletId" AND s.overdrew))))
         OR (a.kind = 'balance' AND (a."postedMinor" IS DISTINCT FROM e.total OR a."heldMinor" <> p.total
             OR a."postedMinor" < 0))
         OR (a.kind = 'reserve' AND (a."postedMinor" <> 0 OR a."heldMinor" <> 0))
      LIMIT ${SAMPLE}`;
    for (const row of accounts) of(row.livemode).mismatchedAccounts.push(row.id);

    // Card volume goes into its minute and its hour in the same statement, so every snapshot sees
    // both or neither. Ordered, though only this lock's holder ever writes LedgerTotal.
    await tx.$executeRaw`
      WITH moved AS (
        DELETE FROM "LedgerTotalDelta" WHERE id = ANY(${ids}::text[]::bigint[])
        RETURNING livemode, metric, currency, bucket, amount
      ), folded AS (
        SELECT livemode, metric, currency, bucket, amount FROM moved
        UNION ALL
        SELECT livemode, 'card_volume_hour', currency, date_trunc('hour', bucket), amount
        FROM moved WHERE metric = 'card_volume'
      )
      INSERT INTO "LedgerTotal" (livemode, metric, currency, bucket, amount)
      SELECT livemode, metric, currency, bucket, SUM(amount) FROM folded
      GROUP BY livemode, metric, currency, bucket
      ORDER BY livemode, metric, currency, bucket
      ON CONFLICT (livemode, metric, currency, bucket)
      DO UPDATE SET amount = "LedgerTotal".amount + EXCLUDED.amount`;
    await tx.$executeRaw`
      DELETE FROM "LedgerTotal"
      WHERE metric IN ('card_volume', 'card_volume_hour') AND bucket < ${new Date(Date.now() - VOLUME_KEEP_MS)}`;
  }

  for (const livemode of [true, false]) await record(tx, livemode, of(livemode), ids.length, throughEntryId);
  return { deltas: ids.length, throughEntryId, findings };
}

/** A failure stays recorded (balanced false, its first findings) until a full verification passes. */
async function record(
  tx: Db,
  livemode: boolean,
  findings: VerificationFindings,
  deltas: number,
  throughEntryId: bigint,
  { reset = false }: { reset?: boolean } = {},
): Promise<void> {
  const failed = hasFindings(findings);
  await tx.$executeRaw`
    INSERT INTO "LedgerVerification" (livemode, balanced, "checkedAt", "throughEntryId", "deltasChecked", "failedAt", findings)
    VALUES (${livemode}, ${!failed}, now(), ${throughEntryId}, ${deltas}, ${failed ? new Date() : null},
            ${failed ? JSON.stringify(findings) : null}::jsonb)
    ON CONFLICT (livemode) DO UPDATE SET
      balanced = ${reset ? Prisma.sql`EXCLUDED.balanced` : Prisma.sql`"LedgerVerification".balanced AND EXCLUDED.balanced`},
      "checkedAt" = EXCLUDED."checkedAt",
      "throughEntryId" = GREATEST("LedgerVerification"."throughEntryId", EXCLUDED."throughEntryId"),
      "deltasChecked" = "LedgerVerification"."deltasChecked" + EXCLUDED."deltasChecked",
      "failedAt" = ${reset ? Prisma.sql`EXCLUDED."failedAt"` : Prisma.sql`COALESCE("LedgerVerification"."failedAt", EXCLUDED."failedAt")`},
      findings = ${reset ? Prisma.sql`EXCLUDED.findings` : Prisma.sql`COALESCE("LedgerVerification".findings, EXCLUDED.findings)`}`;
}

/**
 * One scheduled run: batches in their own transactions until the pending deltas are worked off
 * (or MAX_BATCHES, the rest left for the next run). Returns the deltas checked and the findings.
 */
export async function runLedgerVerification(
  client: PrismaClient,
  {
    batchSize = BATCH_SIZE,
    maxBatches = MAX_BATCHES,
    vacuumAfter = VACUUM_AFTER,
  }: { batchSize?: number; maxBatches?: number; vacuumAfter?: number } = {},
): Promise<{ deltas: number; balanced: boolean; vacuumed: boolean; findings: BatchOutcome["findings"] }> {
  let deltas = 0;
  let balanced = true;
  // Every batch's findings, for the findings counter (lib/metrics): a run may find in several batches.
  const findings = { live: noFindings(), test: noFindings() };
  for (let i = 0; i < maxBatches; i++) {
    const outcome = await client.$transaction((tx) => verifyLedgerBatch(tx, { limit: batchSize }), {
      timeout: 60_000,
      maxWait: 10_000,
    });
    deltas += outcome.deltas;
    balanced &&= !hasFindings(outcome.findings.live) && !hasFindings(outcome.findings.test);
    for (const mode of ["live", "test"] as const)
      for (const kind of Object.keys(findings[mode]) as (keyof VerificationFindings)[])
        findings[mode][kind].push(...outcome.findings[mode][kind]);
    if (outcome.deltas < batchSize) break;
  }
  // Every read of the totals scans the pending deltas, dead rows included, until a vacuum clears
  // them: right after a fold of 385 k deltas the treasury read measured 14 ms instead of 3.
  // Outside any transaction (VACUUM refuses one); SKIP_LOCKED, so it never waits for a lock.
  const vacuumed = deltas >= vacuumAfter;
  if (vacuumed) await client.$executeRawUnsafe(`VACUUM (SKIP_LOCKED) "LedgerTotalDelta"`);
  return { deltas, balanced, vacuumed, findings };
}

/**
 * The full verification, daily on the worker's crontab (lib/jobs/ledger-full-verification.ts), by
 * `cli ledger verify` after an incident, and for the tests: works off the pending deltas,
 * then in one snapshot compares every total with a full recomputation and runs the full invariant
 * check (lib/ledger/check-invariant.ts). Its result replaces the recorded one, clearing a failure.
 * It scans every entry: never on a request path.
 */
export async function verifyLedgerFully(client: PrismaClient, now = new Date()): Promise<FullVerification> {
  await runLedgerVerification(client);
  const since = new Date(now.getTime() - VOLUME_WINDOW_MS);
  // One snapshot for the totals, the recomputation and the invariant; recorded afterwards, so a
  // scheduled run recording meanwhile cannot make this transaction fail to serialise.
  const findings = await client.$transaction(
    async (tx) => {
      const byMode = { live: noFindings(), test: noFindings() };
      for (const livemode of [true, false]) {
        const f = livemode ? byMode.live : byMode.test;
        const kept = totalsByKey(await readLedgerTotals(tx, livemode, since));
        const full = totalsByKey(await recomputeLedgerTotals(tx, livemode, since));
        for (const key of new Set([...kept.keys(), ...full.keys()])) {
          if (kept.get(key) !== full.get(key)) f.mismatchedTotals.push(key);
        }
        for (const hour of await mismatchedVolumeHours(tx, livemode, since)) f.mismatchedTotals.push(hour);
        const invariant = await checkLedgerInvariant(tx, { livemode });
        f.unbalancedTransfers.push(...invariant.unbalancedTransfers, ...invariant.currencyMismatchedEntries);
        f.mismatchedAccounts.push(
          ...invariant.mismatchedAccounts.map((a) => a.accountId),
          ...invariant.negativeAvailableAccounts,
        );
      }
      return byMode;
    },
    { isolationLevel: Prisma.TransactionIsolationLevel.RepeatableRead, timeout: 600_000, maxWait: 10_000 },
  );
  await client.$transaction(async (tx) => {
    await tx.$executeRaw`SELECT pg_advisory_xact_lock(${LOCK_KEY}::bigint)`;
    await record(tx, true, findings.live, 0, 0n, { reset: true });
    await record(tx, false, findings.test, 0, 0n, { reset: true });
  });
  return { live: !hasFindings(findings.live), test: !hasFindings(findings.test), findings };
}

export type FullVerification = {
  live: boolean;
  test: boolean;
  findings: { live: VerificationFindings; test: VerificationFindings };
};

/**
 * Hour buckets of card volume from the window's first whole hour on that differ from the sum of
 * their minutes (both are kept for the whole window), as `card_volume_hour:<currency>:<hour>`.
 */
export async function mismatchedVolumeHours(tx: Db, livemode: boolean, since: Date): Promise<string[]> {
  const rows = await tx.$queryRaw<{ key: string }[]>`
    SELECT 'card_volume_hour:' || currency || ':' || to_char(bucket, 'YYYY-MM-DD"T"HH24:MI"Z"') AS key
    FROM (
      SELECT currency, bucket, amount FROM "LedgerTotal"
      WHERE livemode = ${livemode} AND metric = 'card_volume_hour'
      UNION ALL
      SELECT currency, date_trunc('hour', bucket), -amount FROM "LedgerTotal"
      WHERE livemode = ${livemode} AND metric = 'card_volume'
    ) hours
    WHERE bucket >= ${volumeBoundaries(since).hourFrom}
    GROUP BY currency, bucket
    HAVING SUM(amount) <> 0
    ORDER BY currency, bucket
    LIMIT ${SAMPLE}`;
  return rows.map((row) => row.key);
}

export type VerificationState = { balanced: boolean; checkedAt: Date } | null;

/** The recorded result for a mode; null before the first verification. */
export async function lastVerification(db: Db, livemode: boolean): Promise<VerificationState> {
  const row = await db.ledgerVerification.findUnique({
    where: { livemode },
    select: { balanced: true, checkedAt: true },
  });
  return row;
}
