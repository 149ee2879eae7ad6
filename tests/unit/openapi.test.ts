// The OpenAPI document is valid OpenAPI 3.1 by an independent validator, documents the public routes,
// and tells an integrator where to send requests, under which name, licence and contact.
import SwaggerParser from "@apidevtools/swagger-parser";
import { describe, expect, it } from "vitest";
import { documentServers, LOCAL_DEVELOPMENT_SERVER, openApiDocument } from "@/lib/openapi/document";
import { OPERATIONS } from "@/lib/operations";

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

  it("documents exactly the operations declared in lib/operations, each at its path and method", () => {
    const documented = Object.entries(openApiDocument().paths ?? {}).flatMap(([path, item]) =>
      (["get", "post", "put", "patch", "delete"] as const).flatMap((method) =>
        item?.[method] ? [`${item[method].operationId} ${method.toUpperCase()} ${path}`] : [],
      ),
    );
    expect(documented).toEqual(OPERATIONS.map((op) => `${op.operationId} ${op.method} ${op.path}`));
  });

  it("names the product Wallet & Card Service and carries a licence and a contact", () => {
    const { info } = openApiDocument();
    expect(info.title).toBe("Wallet & Card Service");
    expect(info.license).toMatchObject({ name: expect.any(String), identifier: expect.any(String) });
    expect(info.contact?.url).toMatch(/^https?:\/\/.+\/merchant\/sdk$/);
  });

  it("lists PUBLIC_BASE_URL first when it is set, and the local development server always", () => {
    expect(documentServers(undefined)).toEqual([LOCAL_DEVELOPMENT_SERVER]);
    expect(documentServers("https://wallets.example.org/")).toEqual([
      { url: "https://wallets.example.org", description: "This deployment (PUBLIC_BASE_URL)" },
      LOCAL_DEVELOPMENT_SERVER,
    ]);
    expect(documentServers(LOCAL_DEVELOPMENT_SERVER.url)).toEqual([LOCAL_DEVELOPMENT_SERVER]);
    expect(openApiDocument().servers?.at(-1)).toEqual(LOCAL_DEVELOPMENT_SERVER);
  });

  it("describes every path, query and header parameter", () => {
    const doc = JSON.parse(JSON.stringify(openApiDocument()));
    const undescribed: string[] = [];
    for (const section of ["paths", "webhooks"]) {
      for (const [route, item] of Object.entries<
        Record<string, { parameters?: { in: string; name: string; description?: string }[] }>
      >(doc[section])) {
        for (const [method, op] of Object.entries(item)) {
          for (const p of op.parameters ?? [])
            if (!p.description) undescribed.push(`${method} ${route} ${p.in} ${p.name}`);
        }
      }
    }
    expect(undescribed).toEqual([]);
  });
});
