// GET /api/public/verify/document?id=: whether a signed statement or letter was revoked.
import { prisma } from "@/lib/db/client";
import { documentStatus } from "@/lib/documents/document-status";
import { publicRoute } from "@/lib/http/public-route";
import { routeMethods } from "@/lib/http/route-methods";
import { getDocumentStatusOperation } from "@/lib/operations";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeMethods(
  publicRoute(getDocumentStatusOperation, async ({ query }) => ({
    body: await documentStatus(prisma(), query.id),
    headers: { "cache-control": "no-store" },
  })),
);
