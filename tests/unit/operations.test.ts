// Each operation is declared once in lib/operations and reached through exactly one route file:
// every route file under app/api/public serves some declared path (and every path has its file),
// each file routes its declared methods to their operations and answers the rest with 405, and
// the declarations agree with themselves (unique ids, writes are the non-GET methods).
import { readdirSync } from "node:fs";
import path from "node:path";
import { describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { CLIENT_ADDRESS_HEADER } from "@/lib/client-address";
import { publicRoute } from "@/lib/http/public-route";
import { REPO_ROOT } from "@/lib/db/paths";
import { allowedMethods, HTTP_METHODS, OPERATIONS } from "@/lib/operations";
import { CATCH_ALL_ROUTE_FILE, resolveRoute, routeFileOf } from "../helpers/route-fetch";

const PUBLIC_DIR = path.join(REPO_ROOT, "app", "api", "public");
const routeFiles = readdirSync(PUBLIC_DIR, { recursive: true, encoding: "utf8" })
  .filter((file) => path.basename(file) === "route.ts")
  .map((file) => path.join(PUBLIC_DIR, file))
  .filter((file) => file !== CATCH_ALL_ROUTE_FILE)
  .sort();
const paths = [...new Set(OPERATIONS.map((operation) => operation.path))];

describe("lib/operations", () => {
  it("reaches every route file under app/api/public, and every declared path has its file", () => {
    expect([...new Set(paths.map(routeFileOf))].sort()).toEqual(routeFiles);
  });

  it("routes each template to its own file, and unknown paths to the catch-all", () => {
    for (const template of paths) {
      expect(resolveRoute(template.replace(/\{\w+\}/g, "x")).file, template).toBe(routeFileOf(template));
    }
    expect(resolveRoute("/api/public/sdk/v1/nothing/here").file).toBe(CATCH_ALL_ROUTE_FILE);
  });

  it("declares each operation id, and each method on a path, once", () => {
    const ids = OPERATIONS.map((operation) => operation.operationId);
    expect(new Set(ids).size).toBe(ids.length);
    const routes = OPERATIONS.map((operation) => `${operation.method} ${operation.path}`);
    expect(new Set(routes).size).toBe(routes.length);
  });

  it("keeps the SDK under /api/public/sdk/v1 and the keyless routes read-only", () => {
    for (const operation of OPERATIONS) {
      if (operation.surface === "sdk") {
        expect(operation.path.startsWith("/api/public/sdk/v1/"), operation.operationId).toBe(true);
      } else {
        expect(operation.method, operation.operationId).toBe("GET");
        expect(operation.path.startsWith("/api/public/sdk/"), operation.operationId).toBe(false);
      }
    }
  });

  it.each(paths)(
    "%s: its file routes the declared methods to their operations; Allow lists exactly them",
    async (template) => {
      const routeModule: Record<string, { operation?: { operationId: string } }> = await import(routeFileOf(template));
      const declared = OPERATIONS.filter((operation) => operation.path === template);
      expect(allowedMethods(template).sort()).toEqual(declared.map((operation) => operation.method).sort());
      for (const method of [...HTTP_METHODS, "OPTIONS"]) {
        expect(typeof routeModule[method], `${template} exports ${method}`).toBe("function");
        const operation = declared.find((candidate) => candidate.method === method);
        expect(routeModule[method]?.operation?.operationId, `${method} ${template}`).toBe(operation?.operationId);
      }
    },
  );

  it("refuses, outside production, an answer its operation's success schema does not describe", async () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const drifting = publicRoute(
      { operationId: "driftingOperation", success: { status: 200, schema: z.object({ count: z.number() }) } },
      async () => ({ body: { count: "3" } }),
    );
    const response = await drifting(
      new Request("http://localhost/api/public/x", { headers: { [CLIENT_ADDRESS_HEADER]: "192.0.2.77" } }),
    );
    expect(response.status).toBe(500);
    const { error } = (await response.json()) as { error: { code: string; message: string } };
    expect(error.code).toBe("internal_error");
    expect(error.message).toMatch(/driftingOperation .*count/);
    logged.mockRestore();
  });
});
