// GET /api/public/verify/proof?account=&kind=&reference=: the public proof-letter check.
import { prisma } from "@/lib/db/client";
import { publicRoute } from "@/lib/http/public-route";
import { routeMethods } from "@/lib/http/route-methods";
import { verifyProofOperation } from "@/lib/operations";
import { verifyProof } from "@/lib/proofs/verify-proof";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeMethods(
  publicRoute(verifyProofOperation, async ({ query }) => ({
    body: await verifyProof(prisma(), query),
    headers: { "cache-control": "no-store" },
  })),
);
