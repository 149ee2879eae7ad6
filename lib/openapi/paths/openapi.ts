// OpenAPI operation for the document itself.
import { z } from "zod";
import type { ZodOpenApiPathsObject } from "zod-openapi";
import { withExample } from "@/lib/schemas/common";
import { SCHEMA_VERSION } from "@/lib/version";
import { publicOperation } from "../operation";

const openApiDocumentSchema = withExample(z.object({ openapi: z.string() }).passthrough(), {
  id: "OpenApiDocument",
  description: "An OpenAPI 3.1 document; the example is abridged.",
  example: {
    openapi: "3.1.0",
    info: { title: "Wallet & Card Service", version: SCHEMA_VERSION },
    servers: [{ url: "http://localhost:3000", description: "Local development (npm run dev)" }],
    paths: {},
  },
});

export const openApiPaths: ZodOpenApiPathsObject = {
  "/api/public/openapi.json": {
    get: publicOperation({
      operationId: "getOpenApiDocument",
      summary: "This OpenAPI 3.1 document",
      description:
        "No key needed; limited per client address like every public route (same budget and `x-ratelimit-*` headers). `Cache-Control: public, max-age=300`.",
      tags: ["Verification"],
      success: { description: "The OpenAPI 3.1 document.", schema: openApiDocumentSchema },
    }),
  },
};
