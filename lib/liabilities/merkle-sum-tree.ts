// The server's side of the Merkle-sum tree: hashing with node:crypto (synchronous, several times
// faster than WebCrypto for the millions of hashes of a snapshot), a streaming builder that keeps
// one pending node per level, and the sibling path of one leaf. The byte layouts are the shared
// ones of merkle-sum-encoding.ts; the tree's shape is the decision record's: pairs left to right,
// an odd last node carried up a level unchanged.
import { hash } from "node:crypto";
import {
  emptyPreimage,
  leafPreimage,
  MAX_SUM,
  NODE_PREIMAGE_BYTES,
  nodePreimage,
  saltMessage,
} from "./merkle-sum-encoding";

export type TreeNode = { hash: Buffer; sum: bigint };
export type PathStep = { side: "left" | "right"; hash: string; sum_minor: string };

// node:crypto's one-shot hash: several times faster than createHash/createHmac objects per call,
// which matters at millions of calls per snapshot.
const sha256 = (bytes: Uint8Array): Buffer => hash("sha256", bytes, "buffer");

const HMAC_BLOCK = 64;
const padded = new WeakMap<Buffer, { inner: Buffer; outerMessage: Buffer }>();

/**
 * A leaf's salt: HMAC-SHA256 (RFC 2104) keyed by the snapshot's secret seed, so revealing one
 * reveals no other. Written out with the one-shot hash, the padded keys made once per seed.
 */
export function leafSalt(seed: Buffer, walletId: string): Buffer {
  let keys = padded.get(seed);
  if (!keys) {
    if (seed.length > HMAC_BLOCK) throw new RangeError("an HMAC seed longer than a block would be hashed first");
    const key = Buffer.alloc(HMAC_BLOCK);
    seed.copy(key);
    // The outer message is the outer padded key and then the inner hash, rewritten in place each call.
    const outerMessage = Buffer.alloc(HMAC_BLOCK + 32);
    Buffer.from(key.map((b) => b ^ 0x5c)).copy(outerMessage);
    keys = { inner: Buffer.from(key.map((b) => b ^ 0x36)), outerMessage };
    padded.set(seed, keys);
  }
  const inner = sha256(Buffer.concat([keys.inner, saltMessage(walletId)]));
  inner.copy(keys.outerMessage, HMAC_BLOCK);
  return sha256(keys.outerMessage);
}

export function leafNode(seed: Buffer, walletId: string, balance: bigint): TreeNode {
  if (balance < 0n) throw new NegativeBalanceError(walletId, balance);
  return { hash: sha256(leafPreimage(leafSalt(seed, walletId), walletId, balance)), sum: balance };
}

// One preimage buffer for every node: hash() copies what it reads, and nothing here is concurrent.
const nodeScratch = new Uint8Array(NODE_PREIMAGE_BYTES);

export function parentNode(left: TreeNode, right: TreeNode): TreeNode {
  const sum = left.sum + right.sum;
  if (sum > MAX_SUM) throw new RangeError("a liabilities tree's total passed 2^64-1 minor units");
  return { hash: sha256(nodePreimage(left.hash, left.sum, right.hash, right.sum, nodeScratch)), sum };
}

export const EMPTY_ROOT: TreeNode = { hash: sha256(emptyPreimage()), sum: 0n };

/** A wallet whose entries sum below zero: the ledger's guards forbid it, so the snapshot refuses. */
export class NegativeBalanceError extends Error {
  constructor(
    readonly walletId: string,
    readonly balance: bigint,
  ) {
    super(`wallet ${walletId} has a negative balance (${balance} minor units); no snapshot is published`);
  }
}

/**
 * Builds a root from nodes pushed left to right in O(log n) memory: pending[level] holds the one
 * node of that level still waiting for its right sibling. Equal to pairing a whole level at a time
 * and carrying an odd last node up unchanged.
 */
export class StreamingTree {
  private readonly pending: (TreeNode | undefined)[] = [];
  count = 0;

  push(node: TreeNode): void {
    this.count++;
    let carry = node;
    for (let level = 0; ; level++) {
      const left = this.pending[level];
      if (!left) {
        this.pending[level] = carry;
        return;
      }
      this.pending[level] = undefined;
      carry = parentNode(left, carry);
    }
  }

  /** The root: the pending nodes folded from the lowest level up, each one the left of what rises. */
  root(): TreeNode {
    let carry: TreeNode | undefined;
    for (const node of this.pending) {
      if (!node) continue;
      carry = carry ? parentNode(node, carry) : node;
    }
    return carry ?? EMPTY_ROOT;
  }
}

export function rootOf(nodes: readonly TreeNode[]): TreeNode {
  const tree = new StreamingTree();
  for (const node of nodes) tree.push(node);
  return tree.root();
}

/** The siblings from `nodes[index]` up to the root of `nodes`, one level at a time. */
export function pathOf(nodes: readonly TreeNode[], index: number): PathStep[] {
  const path: PathStep[] = [];
  let level = nodes;
  let at = index;
  while (level.length > 1) {
    const siblingAt = at % 2 === 0 ? at + 1 : at - 1;
    const sibling = level[siblingAt];
    // An odd last node has no sibling at this level: it rises unchanged, adding no step.
    if (sibling) {
      path.push({ side: at % 2 === 0 ? "right" : "left", hash: sibling.hash.toString("hex"), sum_minor: sibling.sum.toString() });
    }
    const next: TreeNode[] = [];
    for (let i = 0; i < level.length; i += 2) {
      const left = level[i];
      const right = level[i + 1];
      if (left) next.push(right ? parentNode(left, right) : left);
    }
    level = next;
    at = Math.floor(at / 2);
  }
  return path;
}
