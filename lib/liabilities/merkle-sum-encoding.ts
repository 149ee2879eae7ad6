// The byte layouts hashed by the proof of liabilities (docs/decisions/proof-of-liabilities.md):
// leaf, node, empty tree and snapshot. Shared by the server that builds the trees and by every
// verifier (the client package, the CLI, the /treasury/verify page), so there is one definition.
// No imports and no node: APIs: it runs as is in a browser. Keep imports relative (packages/client).

/** Domain tags: a leaf's bytes can never be read as a node's, nor either as a snapshot's. */
export const LEAF_TAG = "wallet-card/liabilities/leaf/v1";
export const NODE_TAG = "wallet-card/liabilities/node/v1";
export const EMPTY_TAG = "wallet-card/liabilities/empty/v1";
export const SALT_TAG = "wallet-card/liabilities/salt/v1";
export const SNAPSHOT_TAG = "wallet-card/liabilities/snapshot/v1";

/** Every sum is an unsigned 64-bit integer of minor units: a larger one is not valid. */
export const MAX_SUM = 2n ** 64n - 1n;
const MIN_SIGNED = -(2n ** 63n);
const MAX_SIGNED = 2n ** 63n - 1n;

export const HASH_BYTES = 32;
export const SALT_BYTES = 32;

const utf8 = new TextEncoder();

function tag(name: string): Uint8Array {
  return concat([utf8.encode(name), new Uint8Array([0])]);
}

export function concat(parts: readonly Uint8Array[]): Uint8Array {
  let length = 0;
  for (const part of parts) length += part.length;
  const out = new Uint8Array(length);
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

/** Unsigned 64-bit big-endian; a value outside 0..2^64-1 throws (callers check first). */
export function u64(value: bigint): Uint8Array {
  if (value < 0n || value > MAX_SUM) throw new RangeError(`${value} is outside 0..2^64-1`);
  const out = new Uint8Array(8);
  new DataView(out.buffer).setBigUint64(0, value);
  return out;
}

/** Signed 64-bit big-endian two's complement (reserves may in principle be negative). */
export function i64(value: bigint): Uint8Array {
  if (value < MIN_SIGNED || value > MAX_SIGNED) throw new RangeError(`${value} is outside the signed 64-bit range`);
  const out = new Uint8Array(8);
  new DataView(out.buffer).setBigInt64(0, value);
  return out;
}

function u32(value: number): Uint8Array {
  const out = new Uint8Array(4);
  new DataView(out.buffer).setUint32(0, value);
  return out;
}

/** A string as its UTF-8 bytes after a 2-byte big-endian length, so no two fields can run together. */
export function text(value: string): Uint8Array {
  const bytes = utf8.encode(value);
  if (bytes.length > 0xffff) throw new RangeError("a string field is longer than 65535 bytes");
  const length = new Uint8Array(2);
  new DataView(length.buffer).setUint16(0, bytes.length);
  return concat([length, bytes]);
}

export function toHex(bytes: Uint8Array): string {
  let out = "";
  for (const byte of bytes) out += byte.toString(16).padStart(2, "0");
  return out;
}

/** Lowercase hex of exactly `length` bytes, or undefined. */
export function fromHex(value: unknown, length: number): Uint8Array | undefined {
  if (typeof value !== "string" || value.length !== length * 2 || !/^[0-9a-f]*$/.test(value)) return undefined;
  const out = new Uint8Array(length);
  for (let i = 0; i < length; i++) out[i] = parseInt(value.slice(i * 2, i * 2 + 2), 16);
  return out;
}

// The tags' bytes, made once: a snapshot hashes millions of leaves and nodes.
const LEAF_PREFIX = tag(LEAF_TAG);
const NODE_PREFIX = tag(NODE_TAG);
const SALT_PREFIX = tag(SALT_TAG);

/** What a leaf hashes: tag, the leaf's salt, the wallet id, its balance. */
export function leafPreimage(salt: Uint8Array, walletId: string, balance: bigint): Uint8Array {
  if (salt.length !== SALT_BYTES) throw new RangeError(`a salt is ${SALT_BYTES} bytes`);
  if (balance < 0n || balance > MAX_SUM) throw new RangeError(`${balance} is outside 0..2^64-1`);
  const id = utf8.encode(walletId);
  if (id.length > 0xffff) throw new RangeError("a wallet id is longer than 65535 bytes");
  const out = new Uint8Array(LEAF_PREFIX.length + SALT_BYTES + 2 + id.length + 8);
  const view = new DataView(out.buffer);
  out.set(LEAF_PREFIX, 0);
  let at = LEAF_PREFIX.length;
  out.set(salt, at);
  at += SALT_BYTES;
  view.setUint16(at, id.length);
  out.set(id, at + 2);
  view.setBigUint64(at + 2 + id.length, balance);
  return out;
}

export const NODE_PREIMAGE_BYTES = NODE_PREFIX.length + 2 * (HASH_BYTES + 8);

/**
 * What a node hashes: tag, then each child's hash and sum (both sums, not only their total).
 * `out`, when given, is written and returned instead of a new array (the server reuses one).
 */
export function nodePreimage(
  leftHash: Uint8Array,
  leftSum: bigint,
  rightHash: Uint8Array,
  rightSum: bigint,
  out = new Uint8Array(NODE_PREIMAGE_BYTES),
): Uint8Array {
  if (leftHash.length !== HASH_BYTES || rightHash.length !== HASH_BYTES) throw new RangeError(`a hash is ${HASH_BYTES} bytes`);
  if (leftSum < 0n || leftSum > MAX_SUM || rightSum < 0n || rightSum > MAX_SUM) throw new RangeError("a sum is outside 0..2^64-1");
  const view = new DataView(out.buffer, out.byteOffset, out.byteLength);
  out.set(NODE_PREFIX, 0);
  let at = NODE_PREFIX.length;
  out.set(leftHash, at);
  view.setBigUint64(at + HASH_BYTES, leftSum);
  at += HASH_BYTES + 8;
  out.set(rightHash, at);
  view.setBigUint64(at + HASH_BYTES, rightSum);
  return out;
}

/** The root of a currency with no wallets hashes this, with sum 0. */
export function emptyPreimage(): Uint8Array {
  return tag(EMPTY_TAG);
}

/** What the HMAC that derives one leaf's salt from the snapshot's secret seed signs: tag, then the wallet id. */
export function saltMessage(walletId: string): Uint8Array {
  const id = utf8.encode(walletId);
  if (id.length > 0xffff) throw new RangeError("a wallet id is longer than 65535 bytes");
  const out = new Uint8Array(SALT_PREFIX.length + 2 + id.length);
  out.set(SALT_PREFIX, 0);
  new DataView(out.buffer).setUint16(SALT_PREFIX.length, id.length);
  out.set(id, SALT_PREFIX.length + 2);
  return out;
}

export type SnapshotCurrencyFields = {
  currency: string;
  root_hash: string;
  total_minor: string;
  leaf_count: number;
  reserves_minor: string;
};

export type SnapshotFields = {
  id: string;
  sequence: number;
  as_of: string;
  previous_hash: string | null;
  currencies: readonly SnapshotCurrencyFields[];
};

/**
 * What a snapshot's hash covers: its id, place in the chain, instant, the previous snapshot's hash
 * (32 zero bytes for the first) and, per currency in the order given (the server sorts by code),
 * the root, total, leaf count and reserves. Throws on a field it cannot encode.
 */
export function snapshotPreimage(snapshot: SnapshotFields): Uint8Array {
  const previous = snapshot.previous_hash === null ? new Uint8Array(HASH_BYTES) : fromHex(snapshot.previous_hash, HASH_BYTES);
  if (!previous) throw new RangeError("previous_hash is not 64 lowercase hex digits");
  const parts = [
    tag(SNAPSHOT_TAG),
    text(snapshot.id),
    u32(snapshot.sequence),
    text(snapshot.as_of),
    previous,
    u32(snapshot.currencies.length),
  ];
  for (const entry of snapshot.currencies) {
    const root = fromHex(entry.root_hash, HASH_BYTES);
    if (!root) throw new RangeError(`root_hash of ${entry.currency} is not 64 lowercase hex digits`);
    parts.push(
      text(entry.currency),
      root,
      u64(BigInt(entry.total_minor)),
      u64(BigInt(entry.leaf_count)),
      i64(BigInt(entry.reserves_minor)),
    );
  }
  return concat(parts);
}
