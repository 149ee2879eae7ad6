// GET /api/public/verify/statement-token?token=: the public statement check (always 200, never cached).
import { prisma } from "@/lib/db/client";
import { publicRoute } from "@/lib/http/public-route";
import { statementTokenQuerySchema } from "@/lib/schemas/statement";
import { verifyStatementToken } from "@/lib/statements/verify-statement-token";

export const GET = publicRoute({ query: statementTokenQuerySchema }, async ({ query }) => ({
  body: await verifyStatementToken(prisma(), query.token),
  headers: { "cache-control": "no-store" },
}));
