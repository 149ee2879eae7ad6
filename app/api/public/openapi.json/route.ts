// GET /api/public/openapi.json: the OpenAPI 3.1 document, generated from the validating zod schemas.
import { publicRoute } from "@/lib/http/public-route";
import { openApiDocument } from "@/lib/openapi/document";

export const GET = publicRoute({ rateLimit: false }, async () => ({
  body: openApiDocument(),
  headers: { "cache-control": "public, max-age=300" },
}));
