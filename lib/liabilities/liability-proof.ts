// A wallet's (or the application's balance's) inclusion proof in a liability snapshot: its leaf's
// balance and salt, and the sibling path to its currency's root. Nothing per proof is stored: the path is recomputed from the stored
// chunk holding the wallet (1,024 leaves at most) and the stored roots of its currency's chunks.
import { balanceAccountId } from "@/lib/balance/balance-account";
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
    where: {
      applicationId_livemode_externalUserId: {
        applicationId: tenant.applicationId,
        livemode: tenant.livemode,
        externalUserId,
      },
    },
    select: { id: true, currency: true, livemode: true },
  });
  if (!wallet)
    throw new DomainError("wallet_not_found", `No wallet for externalUserId ${externalUserId}.`, {
      param: "externalUserId",
    });
  return leafProof(
    db,
    { id: wallet.id, currency: wallet.currency, livemode: wallet.livemode, name: `Wallet ${wallet.id}` },
    snapshotId,
  );
}

/**
 * The application's own balance in `currency` as a leaf of the snapshot: the platform owes it too,
 * so its balance account is a leaf beside the wallets (docs/decisions/proof-of-liabilities.md).
 */
export async function balanceLiabilityProof(
  db: Db,
  tenant: Tenant,
  currency: string,
  snapshotId: string | undefined,
): Promise<LiabilityProofRecord> {
  const code = currency.toUpperCase();
  const id = balanceAccountId(tenant, code);
  const account = await db.ledgerAccount.findUnique({ where: { id }, select: { id: true } });
  const name = `The application's ${code} balance`;
  if (!account && tenant.livemode) {
    // Checked after the snapshot's own existence below, as for a wallet: nothing to prove without one.
    await findSnapshot(db, snapshotId);
    throw new DomainError("liability_proof_unavailable", `${name} has never held money, so no snapshot has its leaf.`);
  }
  return leafProof(db, { id, currency: code, livemode: tenant.livemode, name }, snapshotId);
}

async function findSnapshot(db: Db, snapshotId: string | undefined) {
  const snapshot = snapshotId
    ? await db.liabilitySnapshot.findUnique({ where: { id: snapshotId } })
    : await db.liabilitySnapshot.findFirst({ orderBy: { sequence: "desc" } });
  if (!snapshot) {
    throw snapshotId
      ? new DomainError("liability_snapshot_not_found", `No liability snapshot ${snapshotId} is published.`, {
          param: "snapshot",
        })
      : new DomainError("liability_snapshot_not_found", "No liability snapshot is published yet.");
  }
  return snapshot;
}

/** The inclusion proof of the leaf `leaf.id` (a wallet's id, or a balance account's). */
async function leafProof(
  db: Db,
  leaf: { id: string; currency: string; livemode: boolean; name: string },
  snapshotId: string | undefined,
): Promise<LiabilityProofRecord> {
  const snapshot = await findSnapshot(db, snapshotId);
  const unavailable = (why: string) =>
    new DomainError("liability_proof_unavailable", `${leaf.name} has no leaf in snapshot ${snapshot.id}: ${why}.`);
  if (!leaf.livemode) throw unavailable("snapshots count live money only, and this is test mode");
  const entry = storedCurrencies(snapshot).find((c) => c.currency === leaf.currency);
  const chunk = await db.liabilityChunk.findFirst({
    where: { snapshotId: snapshot.id, currency: leaf.currency, firstWalletId: { lte: leaf.id } },
    orderBy: { firstWalletId: "desc" },
  });
  const at = chunk ? chunk.walletIds.indexOf(leaf.id) : -1;
  if (!entry || !chunk || at < 0) {
    const pruned =
      entry &&
      entry.leaf_count > 0 &&
      !(await db.liabilityChunk.findFirst({ where: { snapshotId: snapshot.id }, select: { index: true } }));
    throw unavailable(pruned ? "its proofs were deleted after their retention" : "it was created after the snapshot");
  }

  const seed = Buffer.from(unseal(snapshot.seedSealed, sealContext(snapshot.id)), "hex");
  const leaves = chunk.walletIds.map((id, i) => leafNode(seed, id, chunk.balances[i] ?? 0n));
  const roots = await db.liabilityChunk.findMany({
    where: { snapshotId: snapshot.id, currency: leaf.currency },
    orderBy: { index: "asc" },
    select: { rootHash: true, rootSum: true },
  });
  const chunkRoots: TreeNode[] = roots.map((r) => ({ hash: Buffer.from(r.rootHash), sum: r.rootSum }));
  const balance = chunk.balances[at] ?? 0n;
  return {
    object: "liability_proof",
    snapshot: snapshot.id,
    as_of: snapshot.asOf.toISOString(),
    currency: leaf.currency,
    wallet: leaf.id,
    balance_minor: balance.toString(),
    balance: toMajor(balance, leaf.currency),
    salt: leafSalt(seed, leaf.id).toString("hex"),
    path: [...pathOf(leaves, at), ...pathOf(chunkRoots, chunk.index)],
    root_hash: entry.root_hash,
    total_minor: entry.total_minor,
  };
}
