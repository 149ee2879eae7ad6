// A method a path does not declare answers 405 method_not_allowed in the error envelope, with an
// Allow header listing the path's declared methods (from lib/operations) and the usual headers,
// counted against the rate limit like the surface's other requests; OPTIONS answers 204 with the
// same Allow, and HEAD follows GET as Next.js runs it.
import { describe, expect, it } from "vitest";
import { allowedMethods, HTTP_METHODS, OPERATIONS } from "@/lib/operations";
import { SCHEMA_VERSION } from "@/lib/version";
import { setupApp } from "../helpers/fixtures";
import { createRouteFetch } from "../helpers/route-fetch";

const paths = [...new Set(OPERATIONS.map((operation) => operation.path))];
const undeclared = paths.flatMap((template) =>
  HTTP_METHODS.filter((method) => !allowedMethods(template).includes(method)).map(
    (method) => [method, template] as const,
  ),
);
const concrete = (template: string) => `http://localhost${template.replace(/\{\w+\}/g, "x_1")}`;

let addresses = 0;
/** Each case its own key and client address, so no case spends another's rate-limit budget. */
async function caller(options: { checkAgainstDocument?: boolean } = {}) {
  const { key } = await setupApp();
  addresses += 1;
  const address = `198.51.${process.pid % 250}.${addresses % 250}`;
  return { key, fetch: createRouteFetch({ address, ...options }) };
}

function expectUsualHeaders(response: Response, template: string) {
  expect(response.headers.get("allow")).toBe(allowedMethods(template).join(", "));
  expect(response.headers.get("x-service-schema-version")).toBe(SCHEMA_VERSION);
  expect(response.headers.get("x-request-id")).toMatch(/^req_/);
  for (const name of ["x-ratelimit-limit", "x-ratelimit-remaining", "x-ratelimit-reset"]) {
    expect(response.headers.get(name), name).toMatch(/^\d+$/);
  }
}

describe("405 method_not_allowed", () => {
  it("is checked on every undeclared method of every path", () => {
    // GET /wallets, DELETE /cards/{id}, POST /treasury/stats.json among them.
    expect(undeclared).toEqual(
      expect.arrayContaining([
        ["GET", "/api/public/sdk/v1/wallets"],
        ["DELETE", "/api/public/sdk/v1/cards/{id}"],
        ["POST", "/api/public/treasury/stats.json"],
      ]),
    );
  });

  it.each(undeclared)(
    "%s %s answers 405 in the envelope with Allow and the usual headers",
    async (method, template) => {
      const { key, fetch } = await caller();
      const response = await fetch(
        new Request(concrete(template), {
          method,
          headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
          body: method === "GET" ? undefined : "{}",
        }),
      );
      expect(response.status).toBe(405);
      expectUsualHeaders(response, template);
      const body = (await response.json()) as { error: Record<string, unknown> };
      expect(body.error).toMatchObject({ type: "invalid_request_error", code: "method_not_allowed" });
      expect(body.error.message).toContain(allowedMethods(template).join(", "));
      expect(body.error.request_id).toBe(response.headers.get("x-request-id"));
    },
  );

  it("answers 405 without a key too, counted per client address", async () => {
    const { fetch } = await caller();
    const send = () => fetch(new Request(concrete("/api/public/sdk/v1/wallets"), { method: "GET" }));
    const first = await send();
    expect(first.status).toBe(405);
    const second = await send();
    expect(Number(second.headers.get("x-ratelimit-remaining"))).toBe(
      Number(first.headers.get("x-ratelimit-remaining")) - 1,
    );
  });

  it("counts against the key like any SDK request", async () => {
    const { key, fetch } = await caller();
    const headers = { authorization: `Bearer ${key}` };
    const refused = await fetch(new Request(concrete("/api/public/sdk/v1/cards/{id}"), { method: "DELETE", headers }));
    expect(refused.headers.get("x-ratelimit-remaining")).toBe("59");
    const read = await fetch(new Request(concrete("/api/public/sdk/v1/cards/{id}"), { headers }));
    expect(read.status).toBe(404);
    expect(read.headers.get("x-ratelimit-remaining")).toBe("58");
  });

  it("answers a path that resolves to another route's, such as /wallets/./statements, by that route's methods", async () => {
    const { key, fetch } = await caller();
    const response = await fetch(
      // Resolves to /wallets/statements: the wallet "statements" (GET reads it, POST updates it).
      new Request("http://localhost/api/public/sdk/v1/wallets/./statements", {
        method: "DELETE",
        headers: { authorization: `Bearer ${key}` },
      }),
    );
    expect(response.status).toBe(405);
    expect(response.headers.get("allow")).toBe("GET, POST");
  });

  it.each(paths)("OPTIONS %s answers 204 with Allow and the usual headers", async (template) => {
    const { key, fetch } = await caller({ checkAgainstDocument: false });
    const response = await fetch(
      new Request(concrete(template), { method: "OPTIONS", headers: { authorization: `Bearer ${key}` } }),
    );
    expect(response.status).toBe(204);
    expectUsualHeaders(response, template);
  });

  it("HEAD runs GET where GET is declared, and answers 405 with Allow, without a body, where it is not", async () => {
    const { key, fetch } = await caller({ checkAgainstDocument: false });
    const head = (template: string) =>
      fetch(new Request(concrete(template), { method: "HEAD", headers: { authorization: `Bearer ${key}` } }));
    const treasury = await head("/api/public/treasury/stats.json");
    expect(treasury.status).toBe(200);
    const wallets = await head("/api/public/sdk/v1/wallets");
    expect(wallets.status).toBe(405);
    expect(wallets.headers.get("allow")).toBe("POST");
    expect(await wallets.text()).toBe("");
  });
});
