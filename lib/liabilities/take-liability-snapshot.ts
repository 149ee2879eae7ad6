// Takes and publishes one proof-of-liabilities snapshot (docs/decisions/proof-of-liabilities.md):
// streams every live wallet's posted balance in wallet-id order, in batches behind a keyset cursor,
// into one Merkle-sum tree per currency, storing the leaves 1,024 to a row for later proofs, and
// publishes the snapshot row last. All of it is one REPEATABLE READ transaction, so the trees, the
// ledger totals the treasury figures publish and the reserves are one instant of the ledger, and a
// run killed half-way commits nothing at all. It refuses to publish unless each tree's total equals
// the treasury figures' liabilities and the ledger verification has found nothing wrong.
// Memory holds one batch, one chunk per currency and each tree's pending nodes. It runs on a
// node-postgres connection of its own rather than Prisma, which keeps the parameters of the
// statements it ran (the chunks' leaves) alive: O(n) memory, measured in
// bench/findings/2026-11-26-liability-snapshots.md.
import { createHash, randomBytes } from "node:crypto";
import pg from "pg";
import { parseConfig } from "@/lib/config";
import { seal } from "@/lib/crypto/secret-box";
import { randomBase62 } from "@/lib/ids";
import { LIVE_LEDGER_TOTALS_SQL } from "@/lib/treasury/compute-treasury-stats";
import { snapshotPreimage, type SnapshotCurrencyFields, type SnapshotFields } from "./merkle-sum-encoding";
import { leafNode, rootOf, StreamingTree, type TreeNode } from "./merkle-sum-tree";

/** Leaves per stored chunk: a power of two, so every full chunk is a whole subtree of the tree. */
export const CHUNK_LEAVES = 1024;
const DEFAULT_BATCH = 10_000;
// Any constant shared by every process that snapshots: only one run at a time extends the chain.
const SNAPSHOT_LOCK = 726_000_026;

export type SnapshotOptions = {
  /** The database; DATABASE_URL, read afresh (tests and the launcher set it after start-up), when unset. */
  connectionString?: string;
  /** Wallets read per query. */
  batchSize?: number;
  /** Leaves per stored chunk, a power of two up to CHUNK_LEAVES (tests use small ones to get many chunks). */
  chunkLeaves?: number;
  /** Chunks of snapshots older than this many days are deleted (their proofs are no longer served). */
  proofRetentionDays?: number;
  /** Called after each batch is read, inside the transaction (tests interleave writes; the bench samples). */
  onBatch?: (wallets: number) => Promise<void> | void;
};

export type SnapshotOutcome =
  | { taken: true; id: string; sequence: number; hash: string; wallets: number; prunedChunks: number }
  | { taken: false; reason: string };

type ChunkRow = {
  currency: string;
  index: number;
  walletIds: string[];
  balances: bigint[];
  root: TreeNode;
};

type CurrencyTree = {
  tree: StreamingTree;
  ids: string[];
  balances: bigint[];
  leaves: TreeNode[];
  chunks: number;
  count: number;
};

export async function takeLiabilitySnapshot(options: SnapshotOptions = {}): Promise<SnapshotOutcome> {
  const connectionString = options.connectionString ?? parseConfig(process.env).DATABASE_URL;
  if (!connectionString) throw new Error("DATABASE_URL is not set");
  const client = new pg.Client({ connectionString, application_name: "liability-snapshot" });
  await client.connect();
  // A dropped connection fails the statement in flight; without a listener it would end the process.
  client.on("error", () => undefined);
  try {
    await client.query("BEGIN ISOLATION LEVEL REPEATABLE READ");
    const outcome = await snapshotIn(client, options);
    await client.query(outcome.taken ? "COMMIT" : "ROLLBACK");
    return outcome;
  } catch (error) {
    await client.query("ROLLBACK").catch(() => undefined);
    throw error;
  } finally {
    await client.end().catch(() => undefined);
  }
}

async function snapshotIn(db: pg.Client, options: SnapshotOptions): Promise<SnapshotOutcome> {
  // The first statement fixes the transaction's view of the database; everything below reads it.
  const {
    rows: [lock],
  } = await db.query<{ locked: boolean; now: Date }>("SELECT pg_try_advisory_xact_lock($1) AS locked, now() AS now", [
    SNAPSHOT_LOCK,
  ]);
  if (!lock?.locked) return { taken: false, reason: "another snapshot is being taken" };
  const asOf = lock.now;

  const {
    rows: [previous],
  } = await db.query<{ sequence: number; hash: string }>(
    `SELECT sequence, hash FROM "LiabilitySnapshot" ORDER BY sequence DESC LIMIT 1`,
  );
  const id = `lsnap_${randomBase62(24)}`;
  const seed = randomBytes(32);
  const chunkLeaves = options.chunkLeaves ?? CHUNK_LEAVES;
  if (!Number.isInteger(Math.log2(chunkLeaves)) || chunkLeaves > CHUNK_LEAVES) {
    throw new RangeError(`chunkLeaves must be a power of two up to ${CHUNK_LEAVES}`);
  }
  const trees = new Map<string, CurrencyTree>();
  const pendingRows: ChunkRow[] = [];

  // One INSERT per batch of chunks; ids are prefix_base62 and balances digits, so neither holds a comma.
  const flushRows = async () => {
    const rows = pendingRows.splice(0);
    if (rows.length === 0) return;
    await db.query(
      `INSERT INTO "LiabilityChunk" ("snapshotId", currency, index, "firstWalletId", "walletIds", balances, "rootHash", "rootSum")
       SELECT $1, c.currency, c.index, split_part(c.ids, ',', 1), string_to_array(c.ids, ','),
              string_to_array(c.balances, ',')::bigint[], decode(c.root_hash, 'hex'), c.root_sum::bigint
       FROM unnest($2::text[], $3::int[], $4::text[], $5::text[], $6::text[], $7::text[])
            AS c(currency, index, ids, balances, root_hash, root_sum)`,
      [
        id,
        rows.map((r) => r.currency),
        rows.map((r) => r.index),
        rows.map((r) => r.walletIds.join(",")),
        rows.map((r) => r.balances.join(",")),
        rows.map((r) => r.root.hash.toString("hex")),
        rows.map((r) => r.root.sum.toString()),
      ],
    );
  };
  const closeChunk = (currency: string, t: CurrencyTree) => {
    const root = rootOf(t.leaves);
    t.tree.push(root);
    pendingRows.push({ currency, index: t.chunks++, walletIds: t.ids, balances: t.balances, root });
    t.ids = [];
    t.balances = [];
    t.leaves = [];
  };

  let wallets = 0;
  /** Per currency, the sum of the posted balances below zero (what overdrawn holders owe). */
  const overdrawn = new Map<string, bigint>();
  const batchSize = options.batchSize ?? DEFAULT_BATCH;
  // The posted balance the wallet shows, kept with every entry under the account's row lock;
  // checked against the entries below (summing each wallet's entries here cost 10x as much).
  const readBatch = async (cursor: string) =>
    (
      await db.query<{ walletId: string; currency: string; balance: string }>(
        `SELECT a."walletId", a.currency, a."postedMinor"::text AS balance
         FROM "LedgerAccount" a
         WHERE a.livemode = true AND a.kind = 'wallet' AND a."walletId" > $1
         ORDER BY a."walletId"
         LIMIT $2`,
        [cursor, batchSize],
      )
    ).rows;
  const prefetch = (cursor: string) => {
    const batch = readBatch(cursor);
    // Marked handled: when hashing the batch before it throws, the transaction ends and this read
    // fails with it, unawaited; the hashing's error is the one reported.
    batch.catch(() => undefined);
    return batch;
  };
  const addLeaf = (currency: string, leafId: string, balance: bigint) => {
    let t = trees.get(currency);
    if (!t) {
      t = { tree: new StreamingTree(), ids: [], balances: [], leaves: [], chunks: 0, count: 0 };
      trees.set(currency, t);
    }
    t.leaves.push(leafNode(seed, leafId, balance));
    t.ids.push(leafId);
    t.balances.push(balance);
    t.count++;
    if (t.ids.length === chunkLeaves) closeChunk(currency, t);
  };
  // The applications' own balances are owed too (docs/decisions/proof-of-liabilities.md): a leaf
  // each, named by the balance account's id. They go first: "lacct_…" sorts before every "wal_…",
  // and a proof finds its chunk by the leaf ids' order. One per application and currency: few.
  const balanceRows = (
    await db.query<{ id: string; currency: string; balance: string }>(
      `SELECT a.id, a.currency, a."postedMinor"::text AS balance
       FROM "LedgerAccount" a
       WHERE a.livemode = true AND a.kind = 'balance'
       ORDER BY a.id`,
    )
  ).rows;
  for (const row of balanceRows) addLeaf(row.currency, row.id, BigInt(row.balance));
  await flushRows();

  let next = prefetch("");
  for (;;) {
    const rows = await next;
    const last = rows.at(-1);
    const more = last !== undefined && rows.length === batchSize;
    // The next batch is read while this one is hashed: the database and the hashing overlap.
    if (more) next = prefetch(last.walletId);
    for (const row of rows) {
      const posted = BigInt(row.balance);
      // A wallet the card network overdrew (docs/decisions/card-network.md) is owed nothing: its leaf
      // is 0, and what it owes is kept apart rather than netted against the other holders' claims.
      if (posted < 0n) overdrawn.set(row.currency, (overdrawn.get(row.currency) ?? 0n) + posted);
      addLeaf(row.currency, row.walletId, posted < 0n ? 0n : posted);
    }
    wallets += rows.length;
    await flushRows();
    await options.onBatch?.(wallets);
    if (!more) break;
  }
  for (const [currency, t] of trees) if (t.ids.length > 0) closeChunk(currency, t);
  await flushRows();

  // The same instant's ledger: each tree's total must be the liabilities the treasury figures
  // publish, from the running totals (the same query as theirs), and the ledger verification must
  // not have found a cached balance differing from its entries. Both replace a per-wallet sum of
  // every entry that took 14-26 s at a million wallets (docs/decisions/running-totals.md).
  const {
    rows: [verification],
  } = await db.query<{ balanced: boolean; failedAt: Date | null }>(
    `SELECT balanced, "failedAt" FROM "LedgerVerification" WHERE livemode = true`,
  );
  if (verification && !verification.balanced) {
    throw new Error(
      `the ledger verification found the live ledger inconsistent (since ${verification.failedAt?.toISOString() ?? "?"}); no snapshot is published`,
    );
  }
  const totals = new Map<string, { liabilities: bigint; reserves: bigint }>();
  for (const row of (await db.query<{ kind: string; currency: string; total: string }>(LIVE_LEDGER_TOTALS_SQL)).rows) {
    const entry = totals.get(row.currency) ?? { liabilities: 0n, reserves: 0n };
    if (row.kind === "wallet" || row.kind === "balance") entry.liabilities += BigInt(row.total);
    else if (row.kind === "reserve") entry.reserves -= BigInt(row.total);
    totals.set(row.currency, entry);
  }
  const codes = new Set([...trees.keys(), ...totals.keys()]);
  const currencies: SnapshotCurrencyFields[] = [];
  for (const currency of [...codes].sort()) {
    const t = trees.get(currency);
    const root = t ? t.tree.root() : rootOf([]);
    const ledger = totals.get(currency) ?? { liabilities: 0n, reserves: 0n };
    // The ledger's wallet total nets overdrawn wallets' debts; the tree counts only what is owed.
    const owedByHolders = overdrawn.get(currency) ?? 0n;
    if (root.sum + owedByHolders !== ledger.liabilities) {
      throw new Error(
        `the ${currency} tree sums to ${root.sum} minor units (less ${-owedByHolders} overdrawn) but the ledger's liabilities are ${ledger.liabilities}`,
      );
    }
    currencies.push({
      currency,
      root_hash: root.hash.toString("hex"),
      total_minor: root.sum.toString(),
      leaf_count: t?.count ?? 0,
      reserves_minor: ledger.reserves.toString(),
    });
  }

  const fields: SnapshotFields = {
    id,
    sequence: (previous?.sequence ?? 0) + 1,
    as_of: asOf.toISOString(),
    previous_hash: previous?.hash ?? null,
    currencies,
  };
  const hash = createHash("sha256").update(snapshotPreimage(fields)).digest("hex");
  // Prisma keeps DateTime columns as UTC in "timestamp without time zone", to the millisecond: as_of
  // is stored exactly as it was hashed.
  await db.query(
    `INSERT INTO "LiabilitySnapshot" (id, sequence, "asOf", hash, "previousHash", currencies, "seedSealed")
     VALUES ($1, $2, ($3::timestamptz AT TIME ZONE 'UTC'), $4, $5, $6::jsonb, $7)`,
    [
      id,
      fields.sequence,
      fields.as_of,
      hash,
      fields.previous_hash,
      JSON.stringify(currencies),
      seal(seed.toString("hex"), sealContext(id)),
    ],
  );

  let prunedChunks = 0;
  if (options.proofRetentionDays !== undefined) {
    const cutoff = new Date(asOf.getTime() - options.proofRetentionDays * 24 * 60 * 60 * 1000);
    const pruned = await db.query(
      `DELETE FROM "LiabilityChunk" c USING "LiabilitySnapshot" s
       WHERE c."snapshotId" = s.id AND s."asOf" < ($1::timestamptz AT TIME ZONE 'UTC')`,
      [cutoff.toISOString()],
    );
    prunedChunks = pruned.rowCount ?? 0;
  }
  return { taken: true, id, sequence: fields.sequence, hash, wallets, prunedChunks };
}

/** The seed is sealed to its snapshot: a sealed seed copied to another row does not open there. */
export function sealContext(snapshotId: string): string {
  return `liability-snapshot:${snapshotId}`;
}
