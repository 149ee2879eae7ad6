// The OpenAPI document is valid OpenAPI 3.1 by an independent validator, and documents the public routes.
import SwaggerParser from "@apidevtools/swagger-parser";
import { describe, expect, it } from "vitest";
import { openApiDocument } from "@/lib/openapi/document";

describe("OpenAPI document", () => {
  it("passes @apidevtools/swagger-parser validation", async () => {
    // Validated as served: the JSON text, parsed afresh (the validator also mutates what it is given).
    const served: Parameters<typeof SwaggerParser.validate>[0] = JSON.parse(JSON.stringify(openApiDocument()));
    await expect(SwaggerParser.validate(served)).resolves.toBeTruthy();
  });

  it("describes the verification, treasury, statement and proof routes with their errors and headers", () => {
    const doc = openApiDocument();
    const paths = doc.paths ?? {};
    for (const path of [
      "/api/public/verify/statement-token",
      "/api/public/verify/proof",
      "/api/public/treasury/stats.json",
      "/api/public/sdk/v1/wallets/{externalUserId}/statements",
      "/api/public/sdk/v1/statements/{id}/revoke",
      "/api/public/sdk/v1/wallets/{externalUserId}/proofs",
      "/api/public/sdk/v1/proofs/{id}/revoke",
    ]) {
      expect(paths, path).toHaveProperty([path]);
    }
    const proof = paths["/api/public/verify/proof"]?.get;
    expect(Object.keys(proof?.responses ?? {})).toEqual(expect.arrayContaining(["200", "400", "429", "500"]));
    expect(proof?.responses?.["200"]).toMatchObject({
      headers: { "x-ratelimit-limit": expect.anything(), "x-service-schema-version": expect.anything() },
    });
    const statements = paths["/api/public/sdk/v1/wallets/{externalUserId}/statements"]?.post;
    expect(statements?.security).toEqual([{ bearerAuth: ["statements:write"] }]);
  });
});
