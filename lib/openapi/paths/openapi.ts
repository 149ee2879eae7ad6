// OpenAPI operation for the document itself.
import { z } from "zod";
import type { ZodOpenApiPathsObject } from "zod-openapi";
import { publicOperation } from "../operation";

export const openApiPaths: ZodOpenApiPathsObject = {
  "/api/public/openapi.json": {
    get: publicOperation({
      operationId: "getOpenApiDocument",
      summary: "This OpenAPI 3.1 document",
      description: "Not rate-limited; `Cache-Control: public, max-age=300`.",
      tags: ["Verification"],
      rateLimited: false,
      success: {
        description: "The OpenAPI 3.1 document.",
        schema: z.object({ openapi: z.string() }).passthrough().meta({ id: "OpenApiDocument" }),
      },
    }),
  },
};
