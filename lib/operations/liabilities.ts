// Proof-of-liabilities operations: the published snapshots (public, no key) and a wallet's
// inclusion proof (docs/decisions/proof-of-liabilities.md).
import {
  balanceLiabilityProofQuerySchema,
  liabilityProofQuerySchema,
  liabilityProofSchema,
  liabilitySnapshotListSchema,
  liabilitySnapshotPathSchema,
  liabilitySnapshotSchema,
  listLiabilitySnapshotsQuerySchema,
} from "@/lib/schemas/liabilities";
import { walletPathSchema } from "@/lib/schemas/wallet";
import { defineOperation } from "./define";

const WHAT_IT_PROVES =
  "A snapshot commits, per currency, to every live wallet's balance (and every application's own balance) at `as_of` in a Merkle-sum tree whose root sum equals the treasury figures' liabilities at that instant; each names the previous snapshot's hash, so the history cannot be rewritten unnoticed. It proves what we owe is at least what each holder can check for themselves; it does not prove the reserves exist outside our ledger.";

export const listLiabilitySnapshotsOperation = defineOperation({
  operationId: "listLiabilitySnapshots",
  method: "GET",
  path: "/api/public/treasury/liabilities",
  surface: "public",
  summary: "List liability snapshots",
  description: `Published proof-of-liabilities snapshots, newest first. ${WHAT_IT_PROVES}`,
  tags: ["Treasury"],
  query: listLiabilitySnapshotsQuerySchema,
  success: { status: 200, description: "A page of snapshots.", schema: liabilitySnapshotListSchema },
});

export const getLiabilitySnapshotOperation = defineOperation({
  operationId: "getLiabilitySnapshot",
  method: "GET",
  path: "/api/public/treasury/liabilities/{id}",
  surface: "public",
  summary: "Retrieve a liability snapshot",
  description:
    "One published snapshot: verify an inclusion proof against its root, and its `hash` against the next one's `previous_hash`.",
  tags: ["Treasury"],
  params: liabilitySnapshotPathSchema,
  success: { status: 200, description: "The snapshot.", schema: liabilitySnapshotSchema },
  errors: ["liability_snapshot_not_found"],
});

export const getLiabilityProofOperation = defineOperation({
  operationId: "getLiabilityProof",
  method: "GET",
  path: "/api/public/sdk/v1/wallets/{externalUserId}/liability-proof",
  surface: "sdk",
  summary: "Prove a wallet's inclusion in a liability snapshot",
  description:
    "The wallet's leaf (balance at the snapshot's instant and its salt) and the sibling path to its currency's root. Give it to the holder: they recompute the root against the published snapshot at /treasury/verify, with `verifyLiabilityProof` of `@wallet-card/client/liabilities`, or with `npm run cli -- liabilities verify`. Live wallets only.",
  tags: ["Wallets"],
  scope: "wallets:read",
  params: walletPathSchema,
  query: liabilityProofQuerySchema,
  success: { status: 200, description: "The inclusion proof.", schema: liabilityProofSchema },
  errors: ["wallet_not_found", "liability_snapshot_not_found", "liability_proof_unavailable"],
});

export const getBalanceLiabilityProofOperation = defineOperation({
  operationId: "getBalanceLiabilityProof",
  method: "GET",
  path: "/api/public/sdk/v1/balance/liability-proof",
  surface: "sdk",
  summary: "Prove the application's balance's inclusion in a liability snapshot",
  description:
    "The platform owes the application its balance as it owes each holder their wallet's, so each live balance (per currency) is a leaf of the snapshot beside the wallets, named by its balance account's id. The same proof as a wallet's, checked the same ways. Live mode only.",
  tags: ["Money movement"],
  scope: "wallets:read",
  query: balanceLiabilityProofQuerySchema,
  success: { status: 200, description: "The inclusion proof.", schema: liabilityProofSchema },
  errors: ["liability_snapshot_not_found", "liability_proof_unavailable"],
});
