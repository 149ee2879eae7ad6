// A wallet's inclusion proof in a liability snapshot: its leaf's balance and salt, and the sibling
// path to its currency's root. Nothing per proof is stored: the path is recomputed from the stored
// chunk holding the wallet (1,024 leaves at most) and the stored roots of its currency's chunks.
import { unseal } from "@/lib/crypto/secret-box";
import type { Db } from "@/lib/db/client";
import { DomainError } from "@/lib/errors";
import { toMajor } from "@/lib/money/amount";
import type { LiabilityProofRecord } from "@/lib/schemas/liabilities";
import type { Tenant } from "@/lib/tenant";
import { leafNode, leafSalt, pathOf, type TreeNode } from "./merkle-sum-tree";
import { storedCurrencies } from "./snapshot-record";
import { sealContext } from "./take-liability-snapshot";

export async function liabilityProof(
  db: Db,
  tenant: Tenant,
  externalUserId: string,
  snapshotId: string | undefined,
): Promise<LiabilityProofRecord> {
  const wallet = await db.wallet.findUnique({
    where: { applicationId_livemode_externalUserId: { applicationId: tenant.applicationId, livemode: tenant.livemode, externalUserId } },
    select: { id: true, currency: true, livemode: true },
  });
  if (!wallet) throw new DomainError("wallet_not_found", `No wallet for externalUserId ${externalUserId}.`, { param: "externalUserId" });
  const snapshot = snapshotId
    ? await db.liabilitySnapshot.findUnique({ where: { id: snapshotId } })
    : await db.liabilitySnapshot.findFirst({ orderBy: { sequence: "desc" } });
  if (!snapshot) {
    throw snapshotId
      ? new DomainError("liability_snapshot_not_found", `No liability snapshot ${snapshotId} is published.`, { param: "snapshot" })
      : new DomainError("liability_snapshot_not_found", "No liability snapshot is published yet.");
  }
  const unavailable = (why: string) =>
    new DomainError("liability_proof_unavailable", `Wallet ${wallet.id} has no leaf in snapshot ${snapshot.id}: ${why}.`);
  if (!wallet.livemode) throw unavailable("snapshots count live wallets only, and this is a test-mode wallet");
  const entry = storedCurrencies(snapshot).find((c) => c.currency === wallet.currency);
  const chunk = await db.liabilityChunk.findFirst({
    where: { snapshotId: snapshot.id, currency: wallet.currency, firstWalletId: { lte: wallet.id } },
    orderBy: { firstWalletId: "desc" },
  });
  const at = chunk ? chunk.walletIds.indexOf(wallet.id) : -1;
  if (!entry || !chunk || at < 0) {
    const pruned = entry && entry.leaf_count > 0 && !(await db.liabilityChunk.findFirst({ where: { snapshotId: snapshot.id }, select: { index: true } }));
    throw unavailable(pruned ? "its proofs were deleted after their retention" : "it was created after the snapshot");
  }

  const seed = Buffer.from(unseal(snapshot.seedSealed, sealContext(snapshot.id)), "hex");
  const leaves = chunk.walletIds.map((id, i) => leafNode(seed, id, chunk.balances[i] ?? 0n));
  const roots = await db.liabilityChunk.findMany({
    where: { snapshotId: snapshot.id, currency: wallet.currency },
    orderBy: { index: "asc" },
    select: { rootHash: true, rootSum: true },
  });
  const chunkRoots: TreeNode[] = roots.map((r) => ({ hash: Buffer.from(r.rootHash), sum: r.rootSum }));
  const balance = chunk.balances[at] ?? 0n;
  return {
    object: "liability_proof",
    snapshot: snapshot.id,
    as_of: snapshot.asOf.toISOString(),
    currency: wallet.currency,
    wallet: wallet.id,
    balance_minor: balance.toString(),
    balance: toMajor(balance, wallet.currency),
    salt: leafSalt(seed, wallet.id).toString("hex"),
    path: [...pathOf(leaves, at), ...pathOf(chunkRoots, chunk.index)],
    root_hash: entry.root_hash,
    total_minor: entry.total_minor,
  };
}
