// Checks a wallet's inclusion proof against a published liability snapshot, and a run of snapshots
// as a hash chain, with WebCrypto's SHA-256 only: the same code runs in the client package
// (@wallet-card/client/liabilities), the CLI (`liabilities verify`) and the /treasury/verify page.
// Input is whatever was pasted or downloaded, so every field is checked here and every fault is a
// verdict with its reason, never an exception. Keep imports relative (packages/client builds it).
import {
  emptyPreimage,
  fromHex,
  HASH_BYTES,
  leafPreimage,
  MAX_SUM,
  nodePreimage,
  SALT_BYTES,
  snapshotPreimage,
  toHex,
  type SnapshotCurrencyFields,
  type SnapshotFields,
} from "./merkle-sum-encoding.ts";

export type ProofVerdict =
  | {
      valid: true;
      snapshot: string;
      as_of: string;
      currency: string;
      wallet: string;
      balance_minor: string;
      total_minor: string;
      root_hash: string;
    }
  | { valid: false; reason: string };

export type ChainVerdict = { valid: true; length: number; head: string | null } | { valid: false; reason: string };

const MAX_PATH = 64;
const MAX_ID = 255;

async function sha256(bytes: Uint8Array): Promise<Uint8Array> {
  // A copy into a fresh ArrayBuffer: WebCrypto's types refuse a view over a SharedArrayBuffer.
  return new Uint8Array(await globalThis.crypto.subtle.digest("SHA-256", new Uint8Array(bytes)));
}

class Invalid extends Error {}

function fail(reason: string): never {
  throw new Invalid(reason);
}

function record(value: unknown, what: string): Record<string, unknown> {
  if (typeof value !== "object" || value === null || Array.isArray(value)) fail(`${what} is not a JSON object`);
  return value as Record<string, unknown>;
}

function str(value: unknown, what: string, max = MAX_ID): string {
  if (typeof value !== "string" || value.length === 0 || value.length > max) fail(`${what} is missing or not a string`);
  return value;
}

/** A sum: a decimal string of minor units (a JSON number loses precision past 2^53), 0..2^64-1. */
function sum(value: unknown, what: string): bigint {
  if (typeof value !== "string") fail(`${what} is not a decimal string of minor units`);
  if (/^-\d+$/.test(value) && value !== "-0") fail(`${what} is negative (${value}): every sum must be 0 or more`);
  if (!/^(0|[1-9]\d*)$/.test(value)) fail(`${what} is not a decimal string of minor units`);
  const parsed = BigInt(value);
  if (parsed > MAX_SUM) fail(`${what} overflows: ${value} is more than 2^64-1`);
  return parsed;
}

function hash(value: unknown, what: string): Uint8Array {
  return fromHex(value, HASH_BYTES) ?? fail(`${what} is not 64 lowercase hex digits`);
}

function signedMinor(value: unknown, what: string): string {
  if (typeof value !== "string" || !/^-?(0|[1-9]\d*)$/.test(value)) fail(`${what} is not a decimal string of minor units`);
  return value;
}

/** The snapshot's fields as published, checked; its hash must recompute from them. */
async function readSnapshot(value: unknown, what = "the snapshot"): Promise<SnapshotFields & { hash: string }> {
  const raw = record(value, what);
  const sequence = raw.sequence;
  if (typeof sequence !== "number" || !Number.isInteger(sequence) || sequence < 1 || sequence > 0xffffffff) {
    fail(`${what}'s sequence is not a positive whole number`);
  }
  if (!Array.isArray(raw.currencies)) fail(`${what} has no currencies list`);
  const currencies: SnapshotCurrencyFields[] = raw.currencies.map((entry: unknown, i: number) => {
    const c = record(entry, `${what}'s currencies[${i}]`);
    const leafCount = c.leaf_count;
    if (typeof leafCount !== "number" || !Number.isSafeInteger(leafCount) || leafCount < 0) {
      fail(`${what}'s leaf_count of currencies[${i}] is not a whole number`);
    }
    const root = c.root_hash;
    hash(root, `${what}'s root_hash of currencies[${i}]`);
    return {
      currency: str(c.currency, `${what}'s currencies[${i}].currency`, 16),
      root_hash: root as string,
      total_minor: sum(c.total_minor, `${what}'s total_minor of currencies[${i}]`).toString(),
      leaf_count: leafCount,
      reserves_minor: signedMinor(c.reserves_minor, `${what}'s reserves_minor of currencies[${i}]`),
    };
  });
  const previous = raw.previous_hash;
  if (previous !== null) hash(previous, `${what}'s previous_hash`);
  const fields: SnapshotFields = {
    id: str(raw.id, `${what}'s id`),
    sequence,
    as_of: str(raw.as_of, `${what}'s as_of`, 64),
    previous_hash: previous as string | null,
    currencies,
  };
  const claimed = toHex(hash(raw.hash, `${what}'s hash`));
  let preimage: Uint8Array;
  try {
    preimage = snapshotPreimage(fields);
  } catch (error) {
    fail(`${what} cannot be encoded: ${error instanceof Error ? error.message : String(error)}`);
  }
  const recomputed = toHex(await sha256(preimage));
  if (recomputed !== claimed) fail(`${what}'s hash does not match its contents (it recomputes to ${recomputed})`);
  return { ...fields, hash: claimed };
}

/** The hash a snapshot's fields recompute to, or the reason they cannot be read. */
export async function snapshotHash(snapshot: SnapshotFields): Promise<string> {
  return toHex(await sha256(snapshotPreimage(snapshot)));
}

/** The root hash of a currency without wallets (sum 0). */
export async function emptyRootHash(): Promise<string> {
  return toHex(await sha256(emptyPreimage()));
}

/**
 * Recomputes the root from `proof` (GET …/liability-proof, as served) and compares it with the
 * currency's root in `snapshot` (GET /api/public/treasury/liabilities/{id}, fetched separately:
 * the proof's own copy of the root is not trusted), whose hash must recompute too.
 */
export async function verifyLiabilityProof(proof: unknown, snapshot: unknown): Promise<ProofVerdict> {
  try {
    const p = record(proof, "the proof");
    const published = await readSnapshot(snapshot);
    const snapshotId = str(p.snapshot, "the proof's snapshot");
    if (snapshotId !== published.id) {
      fail(`the proof is for snapshot ${snapshotId}, but the published snapshot given is ${published.id}`);
    }
    const currency = str(p.currency, "the proof's currency", 16);
    const entry = published.currencies.find((c) => c.currency === currency);
    if (!entry) fail(`snapshot ${published.id} has no ${currency} tree`);
    const wallet = str(p.wallet, "the proof's wallet");
    const balance = sum(p.balance_minor, "the proof's balance_minor");
    const salt = fromHex(p.salt, SALT_BYTES) ?? fail("the proof's salt is not 64 lowercase hex digits");
    if (!Array.isArray(p.path)) fail("the proof's path is not a list");
    if (p.path.length > MAX_PATH) fail(`the proof's path has ${p.path.length} steps, more than ${MAX_PATH}`);

    let nodeHash = await sha256(leafPreimage(salt, wallet, balance));
    let nodeSum = balance;
    for (const [i, raw] of p.path.entries()) {
      const step = record(raw, `path[${i}]`);
      const siblingHash = hash(step.hash, `path[${i}].hash`);
      const siblingSum = sum(step.sum_minor, `path[${i}].sum_minor`);
      const total = nodeSum + siblingSum;
      if (total > MAX_SUM) fail(`the sums overflow at path[${i}]: ${total} is more than 2^64-1`);
      if (step.side === "left") nodeHash = await sha256(nodePreimage(siblingHash, siblingSum, nodeHash, nodeSum));
      else if (step.side === "right") nodeHash = await sha256(nodePreimage(nodeHash, nodeSum, siblingHash, siblingSum));
      else fail(`path[${i}].side is neither "left" nor "right"`);
      nodeSum = total;
    }
    const root = toHex(nodeHash);
    if (root !== entry.root_hash) {
      fail(`the path recomputes to root ${root}, not the published ${currency} root ${entry.root_hash}`);
    }
    if (nodeSum.toString() !== entry.total_minor) {
      fail(`the path sums to ${nodeSum}, not the published ${currency} total ${entry.total_minor}`);
    }
    return {
      valid: true,
      snapshot: published.id,
      as_of: published.as_of,
      currency,
      wallet,
      balance_minor: balance.toString(),
      total_minor: entry.total_minor,
      root_hash: root,
    };
  } catch (error) {
    if (error instanceof Invalid) return { valid: false, reason: error.message };
    return { valid: false, reason: `the input cannot be read: ${error instanceof Error ? error.message : String(error)}` };
  }
}

/**
 * Checks published snapshots (any order, e.g. a page of GET /api/public/treasury/liabilities) as a
 * chain: each hash recomputes, the sequences run without a gap, and each names its predecessor's hash.
 */
export async function verifySnapshotChain(snapshots: unknown): Promise<ChainVerdict> {
  try {
    if (!Array.isArray(snapshots)) fail("the snapshots are not a list");
    const read = [];
    for (const [i, s] of snapshots.entries()) read.push(await readSnapshot(s, `snapshots[${i}]`));
    read.sort((a, b) => a.sequence - b.sequence);
    for (const [i, after] of read.entries()) {
      const before = read[i - 1];
      if (!before) continue;
      if (after.sequence !== before.sequence + 1) fail(`no snapshot between sequence ${before.sequence} and ${after.sequence}`);
      if (after.previous_hash !== before.hash) {
        fail(`snapshot ${after.id} names previous hash ${after.previous_hash}, but ${before.id}'s hash is ${before.hash}`);
      }
    }
    const first = read[0];
    if (first?.sequence === 1 && first.previous_hash !== null) fail("the first snapshot names a previous hash");
    return { valid: true, length: read.length, head: read.at(-1)?.hash ?? null };
  } catch (error) {
    if (error instanceof Invalid) return { valid: false, reason: error.message };
    return { valid: false, reason: `the input cannot be read: ${error instanceof Error ? error.message : String(error)}` };
  }
}
