// Takes and publishes one proof-of-liabilities snapshot (docs/decisions/proof-of-liabilities.md):
// streams every live wallet's posted balance in wallet-id order, in batches behind a keyset cursor,
// into one Merkle-sum tree per currency, storing the leaves 1,024 to a row for later proofs, and
// publishes the snapshot row last. All of it is one REPEATABLE READ transaction, so the trees, the
// ledger totals the treasury figures publish and the reserves are one instant of the ledger, and a
// run killed half-way commits nothing at all. It refuses to publish unless every wallet's posted
// balance equals its entries' sum and each tree's total equals the treasury figures' liabilities.
// Memory holds one batch, one chunk per currency and each tree's pending nodes.
import { createHash, randomBytes } from "node:crypto";
import { seal } from "@/lib/crypto/secret-box";
import type { Db } from "@/lib/db/client";
import { Prisma, type PrismaClient } from "@/lib/generated/prisma/client";
import { randomBase62 } from "@/lib/ids";
import { liveLedgerTotals } from "@/lib/treasury/compute-treasury-stats";
import { snapshotPreimage, type SnapshotCurrencyFields, type SnapshotFields } from "./merkle-sum-encoding";
import { leafNode, rootOf, StreamingTree, type TreeNode } from "./merkle-sum-tree";

/** Leaves per stored chunk: a power of two, so every full chunk is a whole subtree of the tree. */
export const CHUNK_LEAVES = 1024;
const DEFAULT_BATCH = 10_000;
// One transaction reads everything; at a million wallets that is tens of seconds on a small machine.
const DEFAULT_TIMEOUT_MS = 10 * 60 * 1000;
// Any constant shared by every process that snapshots: only one run at a time extends the chain.
const SNAPSHOT_LOCK = 726_000_026;

export type SnapshotOptions = {
  /** Wallets read per query. */
  batchSize?: number;
  /** Leaves per stored chunk, a power of two up to CHUNK_LEAVES (tests use small ones to get many chunks). */
  chunkLeaves?: number;
  timeoutMs?: number;
  /** Chunks of snapshots older than this many days are deleted (their proofs are no longer served). */
  proofRetentionDays?: number;
  /** Called after each batch is read, inside the transaction (tests interleave writes; the bench samples). */
  onBatch?: (wallets: number) => Promise<void> | void;
};

export type SnapshotOutcome =
  | { taken: true; id: string; sequence: number; hash: string; wallets: number; prunedChunks: number }
  | { taken: false; reason: string };

type ChunkRow = {
  snapshotId: string;
  currency: string;
  index: number;
  firstWalletId: string;
  walletIds: string[];
  balances: bigint[];
  rootHash: Uint8Array<ArrayBuffer>;
  rootSum: bigint;
};

type CurrencyTree = {
  tree: StreamingTree;
  ids: string[];
  balances: bigint[];
  leaves: TreeNode[];
  chunks: number;
  count: number;
};

export async function takeLiabilitySnapshot(client: PrismaClient, options: SnapshotOptions = {}): Promise<SnapshotOutcome> {
  const timeout = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  return client.$transaction((tx) => snapshotIn(tx, options), {
    isolationLevel: Prisma.TransactionIsolationLevel.RepeatableRead,
    timeout,
    maxWait: 10_000,
  });
}

async function snapshotIn(tx: Db, options: SnapshotOptions): Promise<SnapshotOutcome> {
  // The first statement fixes the transaction's view of the database; everything below reads it.
  const [lock] = await tx.$queryRaw<{ locked: boolean; now: Date }[]>`
    SELECT pg_try_advisory_xact_lock(${SNAPSHOT_LOCK}) AS locked, now() AS now`;
  if (!lock?.locked) return { taken: false, reason: "another snapshot is being taken" };
  const asOf = lock.now;

  const previous = await tx.liabilitySnapshot.findFirst({ orderBy: { sequence: "desc" }, select: { sequence: true, hash: true } });
  const id = `lsnap_${randomBase62(24)}`;
  const seed = randomBytes(32);
  const chunkLeaves = options.chunkLeaves ?? CHUNK_LEAVES;
  if (!Number.isInteger(Math.log2(chunkLeaves)) || chunkLeaves > CHUNK_LEAVES) {
    throw new RangeError(`chunkLeaves must be a power of two up to ${CHUNK_LEAVES}`);
  }
  const trees = new Map<string, CurrencyTree>();
  const pendingRows: ChunkRow[] = [];

  // One raw INSERT per batch with array parameters: Prisma's createMany took ~40 ms a chunk
  // serializing 1,024-element arrays.
  const flushRows = async () => {
    const rows = pendingRows.splice(0);
    if (rows.length === 0) return;
    // Ids and balances travel as one comma-joined text each (ids are prefix_base62, never holding
    // a comma): passed as arrays, Prisma kept ~130 bytes per element alive until the transaction
    // ended, which grew without bound at a million wallets (bench/findings/2026-11-26-liability-snapshots.md).
    const values = rows.map(
      (row) => Prisma.sql`(${row.snapshotId}, ${row.currency}, ${row.index}, ${row.firstWalletId},
        string_to_array(${row.walletIds.join(",")}, ','), string_to_array(${row.balances.join(",")}, ',')::bigint[],
        ${row.rootHash}, ${row.rootSum})`,
    );
    await tx.$executeRaw`
      INSERT INTO "LiabilityChunk" ("snapshotId", currency, index, "firstWalletId", "walletIds", balances, "rootHash", "rootSum")
      VALUES ${Prisma.join(values)}`;
  };
  const closeChunk = (currency: string, t: CurrencyTree) => {
    const root = rootOf(t.leaves);
    t.tree.push(root);
    pendingRows.push({
      snapshotId: id,
      currency,
      index: t.chunks++,
      firstWalletId: t.ids[0] ?? "",
      walletIds: t.ids,
      balances: t.balances,
      rootHash: new Uint8Array(root.hash),
      rootSum: root.sum,
    });
    t.ids = [];
    t.balances = [];
    t.leaves = [];
  };

  let wallets = 0;
  const batchSize = options.batchSize ?? DEFAULT_BATCH;
  // The posted balance the wallet shows, kept with every entry under the account's row lock;
  // checked against the entries below (summing each wallet's entries here cost 10x as much).
  const readBatch = (cursor: string) => tx.$queryRaw<{ walletId: string; currency: string; balance: string }[]>`
    SELECT a."walletId", a.currency, a."postedMinor"::text AS balance
    FROM "LedgerAccount" a
    WHERE a.livemode = true AND a.kind = 'wallet' AND a."walletId" > ${cursor}
    ORDER BY a."walletId"
    LIMIT ${batchSize}`;
  const prefetch = (cursor: string) => {
    const batch = readBatch(cursor);
    // Marked handled: when hashing the batch before it throws, the transaction ends and this read
    // fails with it, unawaited; the hashing's error is the one reported.
    batch.catch(() => undefined);
    return batch;
  };
  let next = prefetch("");
  for (;;) {
    const rows = await next;
    const last = rows.at(-1);
    const more = last !== undefined && rows.length === batchSize;
    // The next batch is read while this one is hashed: the database and the hashing overlap.
    if (more) next = prefetch(last.walletId);
    for (const row of rows) {
      let t = trees.get(row.currency);
      if (!t) {
        t = { tree: new StreamingTree(), ids: [], balances: [], leaves: [], chunks: 0, count: 0 };
        trees.set(row.currency, t);
      }
      const balance = BigInt(row.balance);
      t.leaves.push(leafNode(seed, row.walletId, balance));
      t.ids.push(row.walletId);
      t.balances.push(balance);
      t.count++;
      if (t.ids.length === chunkLeaves) closeChunk(row.currency, t);
    }
    wallets += rows.length;
    await flushRows();
    await options.onBatch?.(wallets);
    if (!more) break;
  }
  for (const [currency, t] of trees) if (t.ids.length > 0) closeChunk(currency, t);
  await flushRows();

  // The same instant's ledger: every leaf's balance must be its wallet's entry sum, and each tree's
  // total the liabilities the treasury figures publish (the same query as theirs).
  const [mismatch] = await tx.$queryRaw<{ walletId: string; postedMinor: string; entrySum: string }[]>`
    SELECT a."walletId", a."postedMinor"::text AS "postedMinor", COALESCE(e.total, 0)::text AS "entrySum"
    FROM "LedgerAccount" a
    LEFT JOIN (SELECT "accountId", SUM(amount) AS total FROM "LedgerEntry" GROUP BY "accountId") e ON e."accountId" = a.id
    WHERE a.livemode = true AND a.kind = 'wallet' AND a."postedMinor" <> COALESCE(e.total, 0)
    LIMIT 1`;
  if (mismatch) {
    throw new Error(
      `wallet ${mismatch.walletId} shows ${mismatch.postedMinor} but its entries sum to ${mismatch.entrySum}; no snapshot is published`,
    );
  }
  const totals = new Map<string, { liabilities: bigint; reserves: bigint }>();
  for (const row of await liveLedgerTotals(tx)) {
    const entry = totals.get(row.currency) ?? { liabilities: 0n, reserves: 0n };
    if (row.kind === "wallet") entry.liabilities += BigInt(row.total);
    else if (row.kind === "reserve") entry.reserves -= BigInt(row.total);
    totals.set(row.currency, entry);
  }
  const codes = new Set([...trees.keys(), ...totals.keys()]);
  const currencies: SnapshotCurrencyFields[] = [];
  for (const currency of [...codes].sort()) {
    const t = trees.get(currency);
    const root = t ? t.tree.root() : rootOf([]);
    const ledger = totals.get(currency) ?? { liabilities: 0n, reserves: 0n };
    if (root.sum !== ledger.liabilities) {
      throw new Error(`the ${currency} tree sums to ${root.sum} minor units but the ledger's liabilities are ${ledger.liabilities}`);
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
  await tx.liabilitySnapshot.create({
    data: {
      id,
      sequence: fields.sequence,
      asOf,
      hash,
      previousHash: fields.previous_hash,
      currencies,
      seedSealed: seal(seed.toString("hex"), sealContext(id)),
    },
  });

  let prunedChunks = 0;
  if (options.proofRetentionDays !== undefined) {
    const cutoff = new Date(asOf.getTime() - options.proofRetentionDays * 24 * 60 * 60 * 1000);
    prunedChunks = await tx.$executeRaw`
      DELETE FROM "LiabilityChunk" c USING "LiabilitySnapshot" s
      WHERE c."snapshotId" = s.id AND s."asOf" < ${cutoff}`;
  }
  return { taken: true, id, sequence: fields.sequence, hash, wallets, prunedChunks };
}

/** The seed is sealed to its snapshot: a sealed seed copied to another row does not open there. */
export function sealContext(snapshotId: string): string {
  return `liability-snapshot:${snapshotId}`;
}
