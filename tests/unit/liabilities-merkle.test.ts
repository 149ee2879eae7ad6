// The Merkle-sum tree's shape and encoding (docs/decisions/proof-of-liabilities.md): the streaming
// builder equals pairing a level at a time with an odd node carried up, every leaf's path verifies
// with the browser's verifier, the salt is standard HMAC-SHA256, a negative balance is refused, and
// the documented examples are a real snapshot and proof.
import { createHmac, randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { saltMessage } from "@/lib/liabilities/merkle-sum-encoding";
import { leafNode, leafSalt, NegativeBalanceError, parentNode, pathOf, rootOf, type TreeNode } from "@/lib/liabilities/merkle-sum-tree";
import { emptyRootHash, snapshotHash, verifyLiabilityProof } from "@/lib/liabilities/verify-liability-proof";
import { LIABILITY_EXAMPLE_PROOF, LIABILITY_EXAMPLE_SNAPSHOT } from "@/lib/schemas/liabilities";

/** The definition: pair left to right, carry an odd last node up unchanged, until one is left. */
function levelByLevel(nodes: TreeNode[]): TreeNode {
  let level = nodes;
  while (level.length > 1) {
    const next: TreeNode[] = [];
    for (let i = 0; i < level.length; i += 2) {
      const right = level[i + 1];
      next.push(right ? parentNode(level[i]!, right) : level[i]!);
    }
    level = next;
  }
  return level[0]!;
}

describe("the Merkle-sum tree", () => {
  const seed = randomBytes(32);
  const leaves = Array.from({ length: 37 }, (_, i) => leafNode(seed, `wal_${i}`, BigInt(i * 3)));

  it("builds the same root streaming as level by level, for every size", () => {
    for (let n = 1; n <= leaves.length; n++) {
      const expected = levelByLevel(leaves.slice(0, n));
      const root = rootOf(leaves.slice(0, n));
      expect(root.hash.equals(expected.hash)).toBe(true);
      expect(root.sum).toBe(expected.sum);
    }
  });

  it("gives every leaf a path the browser's verifier recomputes to the root", async () => {
    for (const n of [1, 2, 3, 5, 8, 13, 37]) {
      const root = rootOf(leaves.slice(0, n));
      const snapshot = {
        id: "lsnap_test",
        sequence: 1,
        as_of: "2026-11-26T00:00:00.000Z",
        previous_hash: null,
        currencies: [
          { currency: "USD", root_hash: root.hash.toString("hex"), total_minor: root.sum.toString(), leaf_count: n, reserves_minor: "0" },
        ],
      };
      const published = { ...snapshot, hash: await snapshotHash(snapshot) };
      for (let i = 0; i < n; i++) {
        const proof = {
          snapshot: "lsnap_test",
          currency: "USD",
          wallet: `wal_${i}`,
          balance_minor: String(i * 3),
          salt: leafSalt(seed, `wal_${i}`).toString("hex"),
          path: pathOf(leaves.slice(0, n), i),
        };
        expect(await verifyLiabilityProof(proof, published)).toMatchObject({ valid: true });
      }
    }
  });

  it("derives each salt as HMAC-SHA256(seed, salt message)", () => {
    for (const id of ["wal_a", "wal_4mX0aJ1n0S2bqz0f1Xk8Qe7T", "é"]) {
      expect(leafSalt(seed, id).equals(createHmac("sha256", seed).update(saltMessage(id)).digest())).toBe(true);
    }
  });

  it("refuses a negative balance", () => {
    expect(() => leafNode(seed, "wal_neg", -1n)).toThrow(NegativeBalanceError);
  });

  it("has an empty root for a currency without wallets", async () => {
    expect(rootOf([]).hash.toString("hex")).toBe(await emptyRootHash());
    expect(rootOf([]).sum).toBe(0n);
  });

  it("documents a real snapshot and a proof that verifies against it", async () => {
    expect(await verifyLiabilityProof(LIABILITY_EXAMPLE_PROOF, LIABILITY_EXAMPLE_SNAPSHOT)).toMatchObject({ valid: true });
  });
});
