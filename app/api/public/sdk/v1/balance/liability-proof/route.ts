// GET /api/public/sdk/v1/balance/liability-proof?currency=: the application's own balance's inclusion
// proof in a liability snapshot (the newest, or ?snapshot=).
import { routeMethods } from "@/lib/http/route-methods";
import { sdkRoute } from "@/lib/http/sdk-route";
import { balanceLiabilityProof } from "@/lib/liabilities/liability-proof";
import { getBalanceLiabilityProofOperation } from "@/lib/operations";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeMethods(
  sdkRoute(getBalanceLiabilityProofOperation, async ({ tenant, query, db }) => ({
    body: await balanceLiabilityProof(db, tenant, query.currency, query.snapshot),
  })),
);
