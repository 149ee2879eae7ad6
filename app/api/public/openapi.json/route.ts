// GET /api/public/openapi.json: the OpenAPI 3.1 document, generated from the validating zod schemas.
// Limited per client address like every public route, with the same x-ratelimit-* headers.
import { publicRoute } from "@/lib/http/public-route";
import { routeMethods } from "@/lib/http/route-methods";
import { getOpenApiDocumentOperation } from "@/lib/operations";
import { openApiDocument } from "@/lib/openapi/document";

// Built and serialized once per process: the document only changes with a deploy.
let serialized: string | undefined;

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeMethods(
  publicRoute(getOpenApiDocumentOperation, async () => ({
    json: (serialized ??= JSON.stringify(openApiDocument())),
    headers: { "cache-control": "public, max-age=300" },
  })),
);
