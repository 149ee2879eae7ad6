// GET /api/public/sdk/v1/wallets/{externalUserId}/liability-proof: the wallet's inclusion proof in a
// liability snapshot (the newest, or ?snapshot=).
import { routeMethods } from "@/lib/http/route-methods";
import { sdkRoute } from "@/lib/http/sdk-route";
import { liabilityProof } from "@/lib/liabilities/liability-proof";
import { getLiabilityProofOperation } from "@/lib/operations";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeMethods(
  sdkRoute(getLiabilityProofOperation, async ({ tenant, params, query, db }) => ({
    body: await liabilityProof(db, tenant, params.externalUserId, query.snapshot),
  })),
);
