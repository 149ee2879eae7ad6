// GET /api/public/verify/proof?account=&kind=&reference=: the public proof-letter check.
import { prisma } from "@/lib/db/client";
import { publicRoute } from "@/lib/http/public-route";
import { verifyProof } from "@/lib/proofs/verify-proof";
import { proofVerifyQuerySchema } from "@/lib/schemas/proof";

export const GET = publicRoute({ query: proofVerifyQuerySchema }, async ({ query }) => ({
  body: await verifyProof(prisma(), query),
  headers: { "cache-control": "no-store" },
}));
