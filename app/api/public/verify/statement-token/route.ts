// GET /api/public/verify/statement-token?token=: the public statement check (always 200, never cached).
import { prisma } from "@/lib/db/client";
import { publicRoute } from "@/lib/http/public-route";
import { routeMethods } from "@/lib/http/route-methods";
import { verifyStatementTokenOperation } from "@/lib/operations";
import { verifyStatementToken } from "@/lib/statements/verify-statement-token";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeMethods(
  publicRoute(verifyStatementTokenOperation, async ({ query }) => ({
    body: await verifyStatementToken(prisma(), query.token),
    headers: { "cache-control": "no-store" },
  })),
);
