// GET /api/public/jwks.json (and /.well-known/jwks.json): the keys that sign documents.
import { prisma } from "@/lib/db/client";
import { publishedKeys } from "@/lib/documents/signing-keys";
import { publicRoute } from "@/lib/http/public-route";
import { routeMethods } from "@/lib/http/route-methods";
import { getDocumentKeysOperation } from "@/lib/operations";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeMethods(
  publicRoute(getDocumentKeysOperation, async () => ({
    body: await publishedKeys(prisma()),
    headers: { "cache-control": "public, max-age=60", "access-control-allow-origin": "*" },
  })),
);
