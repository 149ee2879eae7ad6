// The operation serving the OpenAPI document itself.
import { z } from "zod";
import { withExample } from "@/lib/schemas/common";
import { PRODUCT_NAME, SCHEMA_VERSION } from "@/lib/version";
import { defineOperation } from "./define";

const openApiDocumentSchema = withExample(z.object({ openapi: z.string() }).passthrough(), {
  id: "OpenApiDocument",
  description: "An OpenAPI 3.1 document; the example is abridged.",
  example: {
    openapi: "3.1.0",
    info: { title: PRODUCT_NAME, version: SCHEMA_VERSION },
    servers: [{ url: "http://localhost:3000", description: "Local development (npm run dev)" }],
    paths: {},
  },
});

export const getOpenApiDocumentOperation = defineOperation({
  operationId: "getOpenApiDocument",
  method: "GET",
  path: "/api/public/openapi.json",
  surface: "public",
  summary: "This OpenAPI 3.1 document",
  description:
    "No key needed; limited per client address like every public route (same budget and `x-ratelimit-*` headers). `Cache-Control: public, max-age=300`.",
  tags: ["Verification"],
  success: { status: 200, description: "The OpenAPI 3.1 document.", schema: openApiDocumentSchema },
});
