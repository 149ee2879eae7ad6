// Inputs at the HTTP edge never produce a 5xx (docs/decisions/edges-of-http.md), proved on the real
// route handlers in-process: NUL characters in any field of every operation the OpenAPI document
// lists, bodies over 1 MiB, nesting of any depth, and one request id per request.
// tests/system/readme-start.test.ts proves the parts that live in scripts/serve.ts over HTTP.
import { randomBytes } from "node:crypto";
import fc from "fast-check";
import { afterEach, describe, expect, it, vi } from "vitest";
import { POST as createWallet } from "@/app/api/public/sdk/v1/wallets/route";
import { GET as verifyStatementToken } from "@/app/api/public/verify/statement-token/route";
import { prisma } from "@/lib/db/client";
import { randomBase62 } from "@/lib/ids";
import { canonicalJson } from "@/lib/http/canonical-json";
import { CLIENT_ADDRESS_HEADER } from "@/lib/client-address";
import { refuseApiPath } from "@/lib/http/edge";
import { ApiError } from "@/lib/http/errors";
import { refuseNulCharacters } from "@/lib/http/nul-characters";
import { MAX_BODY_BYTES } from "@/lib/http/parse-input";
import { publicRoute } from "@/lib/http/public-route";
import { REQUEST_ID_HEADER } from "@/lib/http/request-id";
import { sdkRoute } from "@/lib/http/sdk-route";
import { openApiDocument } from "@/lib/openapi/document";
import { createKey, setupApp, uniqueUserId } from "../helpers/fixtures";
import { createRouteFetch } from "../helpers/route-fetch";
import { onLogLine } from "@/lib/logging/logger";

type JsonSchema = {
  $ref?: string;
  properties?: Record<string, JsonSchema>;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  example?: unknown;
};
type Parameter = { in: string; name: string; schema?: JsonSchema; example?: unknown };
type DocOperation = {
  parameters?: Parameter[];
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
};
type Doc = { paths: Record<string, Record<string, DocOperation>>; components: { schemas: Record<string, JsonSchema> } };

type Operation = {
  method: string;
  template: string;
  pathParams: Record<string, string>;
  query: Record<string, string>;
  body?: Record<string, unknown>;
  /** Every property path the request body's schema names (`merchant.name`, `address.line1`...). */
  bodyFields: string[][];
};

// The document as served; every operation it lists is probed, so a new route is covered unasked.
const doc: Doc = JSON.parse(JSON.stringify(openApiDocument()));

function resolve(schema: JsonSchema): JsonSchema {
  const name = schema.$ref?.split("/").pop();
  return name ? (doc.components.schemas[name] ?? {}) : schema;
}

function fieldsOf(schema: JsonSchema, prefix: string[] = [], depth = 0): string[][] {
  const resolved = resolve(schema);
  if (depth > 4) return [];
  const variants = [...(resolved.anyOf ?? []), ...(resolved.oneOf ?? []), ...(resolved.allOf ?? [])];
  return [
    ...Object.entries(resolved.properties ?? {}).flatMap(([name, property]) => [
      [...prefix, name],
      ...fieldsOf(property, [...prefix, name], depth + 1),
    ]),
    ...variants.flatMap((variant) => fieldsOf(variant, prefix, depth + 1)),
  ];
}

function exampleOf(parameter: Parameter): unknown {
  return parameter.schema?.example ?? parameter.example;
}

const OPERATIONS: Operation[] = Object.entries(doc.paths).flatMap(([template, methods]) =>
  Object.entries(methods).map(([method, operation]) => {
    const parameters = operation.parameters ?? [];
    const bodySchema = operation.requestBody?.content["application/json"]?.schema;
    const example = bodySchema ? resolve(bodySchema).example : undefined;
    return {
      method: method.toUpperCase(),
      template,
      pathParams: Object.fromEntries(
        parameters.filter((p) => p.in === "path").map((p) => [p.name, String(exampleOf(p))]),
      ),
      query: Object.fromEntries(
        parameters
          .filter((p) => p.in === "query" && exampleOf(p) !== null && exampleOf(p) !== undefined)
          .map((p) => [p.name, String(exampleOf(p))]),
      ),
      body: bodySchema ? { ...(example as Record<string, unknown>) } : undefined,
      bodyFields: bodySchema ? fieldsOf(bodySchema) : [],
    };
  }),
);
const WRITES = OPERATIONS.filter((op) => op.body !== undefined);
const WITH_PATH = OPERATIONS.filter((op) => Object.keys(op.pathParams).length > 0);
// The statement-token check declares no 400 in the document, so it is probed apart, below.
const WITH_QUERY = OPERATIONS.filter(
  (op) => Object.keys(op.query).length > 0 && op.template !== "/api/public/verify/statement-token",
);

function urlOf(op: Operation, pathParams = op.pathParams, query = op.query): string {
  const path = op.template.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(pathParams[name] ?? ""));
  const search = new URLSearchParams(query).toString();
  return `http://localhost${path}${search ? `?${search}` : ""}`;
}

/** Keys that stay under the 60-per-minute limit: a fresh one every 40 requests. */
function keyPool(appId: string, first: string) {
  let key = first;
  let used = 0;
  return async () => {
    if (++used > 40) {
      key = (await createKey(appId)).secret;
      used = 1;
    }
    return key;
  };
}

const unknownKey = fc
  .string({ minLength: 1, maxLength: 8 })
  .filter((k) => !k.includes("\u0000") && !k.includes("."))
  .map((k) => [k]);

/** Any string with at least one NUL character, at any position. */
const withNul = fc
  .tuple(fc.string({ maxLength: 20 }), fc.array(fc.string({ maxLength: 5 }), { minLength: 1, maxLength: 3 }))
  .map(([head, tails]) => head + tails.map((tail) => `\u0000${tail}`).join(""));

function setAt(target: Record<string, unknown>, path: string[], value: unknown): void {
  let at = target;
  for (const name of path.slice(0, -1)) {
    const next = at[name];
    at[name] = next !== null && typeof next === "object" && !Array.isArray(next) ? { ...next } : {};
    at = at[name] as Record<string, unknown>;
  }
  at[path[path.length - 1]!] = value;
}

async function expectNulRefused(response: Response, param: string) {
  const text = await response.text();
  expect(response.status, text).toBe(400);
  const body = JSON.parse(text);
  expect(body.error).toMatchObject({ type: "invalid_request_error", code: "validation_failed", param });
  expect(body.error.details[0]).toMatchObject({ path: param, code: "nul_character" });
  expect(body.error.request_id).toBe(response.headers.get("x-request-id"));
  expect(response.headers.get("x-service-schema-version")).toBe("1.1");
  expect(response.headers.get("x-ratelimit-limit")).toBe("60");
}

describe("NUL characters", () => {
  it("finds every operation in the OpenAPI document to probe", () => {
    expect(WRITES.map((op) => op.template)).toEqual(
      expect.arrayContaining([
        "/api/public/sdk/v1/wallets",
        "/api/public/sdk/v1/cards/{id}/authorizations",
        "/api/public/sdk/v1/wallets/{externalUserId}/statements",
        "/api/public/sdk/v1/test/wallets/{externalUserId}/fund",
      ]),
    );
    const fields = WRITES.flatMap((op) => op.bodyFields.map((f) => f.join(".")));
    expect(fields).toEqual(expect.arrayContaining(["name", "address.line1", "merchant.name", "description"]));
    expect(WITH_QUERY.flatMap((op) => Object.keys(op.query))).toEqual(expect.arrayContaining(["reference"]));
  });

  it("refuses a NUL in any field of any write's body with 400 validation_failed naming the field", async () => {
    const app = await setupApp();
    const nextKey = keyPool(app.appId, app.key);
    const field = fc.constantFrom(...WRITES).chain((op) =>
      fc.record({
        op: fc.constant(op),
        // A field the schema names, or one it does not (unknown keys are inputs too).
        path: fc.oneof(op.bodyFields.length > 0 ? fc.constantFrom(...op.bodyFields) : unknownKey, unknownKey),
        value: withNul,
      }),
    );
    await fc.assert(
      fc.asyncProperty(field, async ({ op, path, value }) => {
        const body = structuredClone(op.body ?? {});
        setAt(body, path, value);
        const response = await createRouteFetch()(
          new Request(urlOf(op), {
            method: op.method,
            headers: { authorization: `Bearer ${await nextKey()}`, "content-type": "application/json" },
            body: JSON.stringify(body),
          }),
        );
        await expectNulRefused(response, path.join("."));
      }),
      { numRuns: 150 },
    );
  });

  it("refuses a NUL in a body's key, naming the path to it", async () => {
    const app = await setupApp();
    const response = await createRouteFetch()(
      new Request("http://localhost/api/public/sdk/v1/wallets", {
        method: "POST",
        headers: { authorization: `Bearer ${app.key}`, "content-type": "application/json" },
        body: JSON.stringify({ externalUserId: uniqueUserId(), address: { "li\u0000ne1": "x" } }),
      }),
    );
    await expectNulRefused(response, "address.li\u0000ne1");
  });

  it("refuses a NUL in any path id of any operation", async () => {
    const app = await setupApp();
    const nextKey = keyPool(app.appId, app.key);
    const probe = fc.record({ op: fc.constantFrom(...WITH_PATH), value: withNul });
    await fc.assert(
      fc.asyncProperty(probe, async ({ op, value }) => {
        const name = Object.keys(op.pathParams)[0]!;
        const response = await createRouteFetch()(
          new Request(urlOf(op, { ...op.pathParams, [name]: value }), {
            method: op.method,
            headers: { authorization: `Bearer ${await nextKey()}`, "content-type": "application/json" },
            body: op.body ? JSON.stringify(op.body) : undefined,
          }),
        );
        await expectNulRefused(response, name);
      }),
      { numRuns: 80 },
    );
  });

  it("refuses a NUL in any query filter or cursor, SDK and public routes alike", async () => {
    const app = await setupApp();
    const nextKey = keyPool(app.appId, app.key);
    const probe = fc
      .constantFrom(...WITH_QUERY)
      .chain((op) =>
        fc.record({ op: fc.constant(op), name: fc.constantFrom(...Object.keys(op.query)), value: withNul }),
      );
    await fc.assert(
      fc.asyncProperty(probe, async ({ op, name, value }) => {
        // Public routes limit per address: each probe comes from its own.
        const address = `2001:db8::${randomBytes(2).toString("hex")}:${randomBytes(2).toString("hex")}`;
        const response = await createRouteFetch({ address })(
          new Request(urlOf(op, op.pathParams, { ...op.query, [name]: value }), {
            method: op.method,
            headers: { authorization: `Bearer ${await nextKey()}` },
          }),
        );
        await expectNulRefused(response, name);
      }),
      { numRuns: 80 },
    );
  });

  it("refuses a NUL in a statement token like any other input (the one rule has no exceptions)", async () => {
    const response = await verifyStatementToken(
      new Request("http://localhost/api/public/verify/statement-token?token=vst_%00", {
        headers: { [CLIENT_ADDRESS_HEADER]: "2001:db8::5747" },
      }),
    );
    await expectNulRefused(response, "token");
  });

  it("walks inputs of any depth without overflowing the stack", () => {
    let deep: unknown = "end\u0000";
    for (let i = 0; i < 200_000; i++) deep = i % 2 ? [deep] : { k: deep };
    let refusal: unknown;
    try {
      refuseNulCharacters({ junk: deep }, "body");
    } catch (error) {
      refusal = error;
    }
    expect(refusal).toBeInstanceOf(ApiError);
    expect(refusal instanceof ApiError && refusal.param).toBe(`junk${".0.k".repeat(100_000)}`);
  });
});

describe("request bodies over 1 MiB", () => {
  const request = (body: BodyInit, headers: Record<string, string> = {}) => {
    // A streamed body needs `duplex` (Node's fetch; not yet in the DOM types).
    const init: RequestInit & { duplex: "half" } = {
      method: "POST",
      headers: { "content-type": "application/json", [CLIENT_ADDRESS_HEADER]: "127.0.0.1", ...headers },
      body,
      duplex: "half",
    };
    return new Request("http://localhost/api/public/sdk/v1/wallets", init);
  };

  it("refuses a declared Content-Length over the limit with 413 payload_too_large, before reading", async () => {
    const app = await setupApp();
    let pulled = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled++;
        controller.enqueue(new Uint8Array(64 * 1024));
      },
    });
    const response = await createWallet(
      request(stream, { authorization: `Bearer ${app.key}`, "content-length": String(MAX_BODY_BYTES + 1) }),
    );
    const body = await response.json();
    expect(response.status).toBe(413);
    expect(body.error).toMatchObject({ type: "invalid_request_error", code: "payload_too_large" });
    expect(body.error.request_id).toBe(response.headers.get("x-request-id"));
    expect(response.headers.get("x-service-schema-version")).toBe("1.1");
    expect(response.headers.get("x-ratelimit-limit")).toBe("60");
    expect(pulled).toBeLessThanOrEqual(2); // at most what the stream queued before anyone read
  });

  it("refuses a streamed (chunked) body as soon as it passes the limit, without reading the rest", async () => {
    const app = await setupApp();
    let sent = 0;
    // An endless body: only a reader that stops can answer at all.
    const endless = new ReadableStream<Uint8Array>({
      pull(controller) {
        sent += 64 * 1024;
        controller.enqueue(new TextEncoder().encode(" ".repeat(64 * 1024)));
      },
    });
    const response = await createWallet(request(endless, { authorization: `Bearer ${app.key}` }));
    expect(response.status).toBe(413);
    expect((await response.json()).error.code).toBe("payload_too_large");
    expect(sent).toBeLessThan(MAX_BODY_BYTES + 4 * 64 * 1024);
  });

  it("reads a body of exactly 1 MiB, and refuses one byte more", async () => {
    const app = await setupApp();
    const json = JSON.stringify({ externalUserId: uniqueUserId(), currency: "USD", email: "ada@example.com" });
    const over = await createWallet(
      request(json.padEnd(MAX_BODY_BYTES + 1, " "), { authorization: `Bearer ${app.key}` }),
    );
    expect(over.status).toBe(413);
    const exact = await createWallet(request(json.padEnd(MAX_BODY_BYTES, " "), { authorization: `Bearer ${app.key}` }));
    expect(exact.status).toBe(201);
  });
});

describe("nesting depth", () => {
  // The encoding before it became iterative: fingerprints stored by it must still match.
  function recursiveCanonicalJson(value: unknown): string {
    if (Array.isArray(value)) return `[${value.map(recursiveCanonicalJson).join(",")}]`;
    if (value !== null && typeof value === "object") {
      const entries = Object.entries(value as Record<string, unknown>)
        .filter(([, v]) => v !== undefined)
        .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
      return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${recursiveCanonicalJson(v)}`).join(",")}}`;
    }
    return JSON.stringify(value) ?? "null";
  }

  it("encodes every JSON value exactly as the recursive canonical form did", () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        expect(canonicalJson(value)).toBe(recursiveCanonicalJson(value));
      }),
      { numRuns: 500 },
    );
  });

  it("encodes any depth a 1 MiB body can reach", () => {
    const depth = 500_000;
    const value = JSON.parse(`${"[".repeat(depth)}${"]".repeat(depth)}`);
    expect(canonicalJson(value)).toBe(`${"[".repeat(depth)}${"]".repeat(depth)}`);
  });

  it("refuses a 100,000-deep value under an unknown address key with 400, with an Idempotency-Key, and makes no wallet", async () => {
    const app = await setupApp();
    const depth = 100_000; // 800 kB of JSON
    const junk = `${'[{"a":'.repeat(depth)}1${"}]".repeat(depth)}`;
    const externalUserId = uniqueUserId();
    const body = `{"externalUserId":"${externalUserId}","currency":"USD","email":"ada@example.com","address":{"line1":"1 Road","city":"Lagos","country":"NG","junk":${junk}}}`;
    const send = () =>
      createWallet(
        new Request("http://localhost/api/public/sdk/v1/wallets", {
          method: "POST",
          headers: {
            authorization: `Bearer ${app.key}`,
            "content-type": "application/json",
            "idempotency-key": "deep-1",
            [CLIENT_ADDRESS_HEADER]: "127.0.0.1",
          },
          body,
        }),
      );
    for (const response of [await send(), await send()]) {
      expect(response.status).toBe(400);
      const { error } = (await response.json()) as { error: { code: string; param?: string } };
      expect(error).toMatchObject({ code: "validation_failed", param: "address" });
    }
    expect(await prisma().wallet.count({ where: { externalUserId } })).toBe(0);
  });
});

describe("one request id per request", () => {
  afterEach(() => vi.restoreAllMocks());

  const failing = {
    public: publicRoute({}, async () => {
      throw new Error("boom");
    }),
    sdk: sdkRoute({ scope: "wallets:read", method: "GET" }, async () => {
      throw new Error("boom");
    }),
  };

  it.each(["public", "sdk"] as const)(
    "answers and logs a %s route's error with the id the server stamped, never a client's",
    async (kind) => {
      const app = await setupApp();
      const logged: string[] = [];
      const stopListening = onLogLine((line) => logged.push(line));
      const stamped = `req_${randomBase62(24)}`;
      const response = await failing[kind](
        new Request("http://localhost/api/public/anything", {
          headers: {
            authorization: `Bearer ${app.key}`,
            [CLIENT_ADDRESS_HEADER]: "127.0.0.1",
            [REQUEST_ID_HEADER]: stamped,
          },
        }),
      );
      expect(response.status).toBe(500);
      expect(response.headers.get("x-request-id")).toBe(stamped);
      expect((await response.json()).error.request_id).toBe(stamped);
      stopListening();
      // One JSON line at level error, naming the stamped id (the request's log context) and the error.
      const errors = logged.map((line) => JSON.parse(line)).filter((line) => line.level === "error");
      expect(errors.some((line) => line.requestId === stamped && line.err?.message === "boom")).toBe(true);
    },
  );

  it("mints one id when none was stamped (handlers called in-process), the same in header and body", async () => {
    const response = await failing.public(
      new Request("http://localhost/x", { headers: { [REQUEST_ID_HEADER]: "not an id" } }),
    );
    const id = response.headers.get("x-request-id");
    expect(id).toMatch(/^req_[A-Za-z0-9]+$/);
    expect((await response.json()).error.request_id).toBe(id);
  });
});

describe("paths scripts/serve.ts refuses before Next.js", () => {
  it("refuses any malformed percent-escape in an API path with 400 validation_failed", () => {
    const malformed = fc
      .tuple(
        fc.string({ maxLength: 10 }).map(encodeURIComponent),
        fc.oneof(
          fc.constant("%"),
          fc
            .string({ minLength: 1, maxLength: 1 })
            .filter((c) => !/[0-9A-Fa-f]/.test(c))
            .map((c) => `%${encodeURIComponent(c)}`),
          fc.constantFrom("%z", "%zz", "%G0", "%0", "%C3", "%C3%28", "%ED%A0%80", "%FF", "%E2%82"),
        ),
        fc.string({ maxLength: 10 }).map(encodeURIComponent),
      )
      .map(([before, bad, after]) => `/api/public/sdk/v1/cards/${before}${bad}${after}/freeze`)
      // A trailing `%` followed by hex from `after` could form a valid escape: keep only real failures.
      .filter((path) => path.split("/").some((s) => !decodes(s)));
    fc.assert(
      fc.property(malformed, (path) => {
        expect(refuseApiPath(path)?.code).toBe("validation_failed");
      }),
      { numRuns: 300 },
    );
  });

  it("lets every well-formed API path through, and refuses empty segments as route_not_found", () => {
    fc.assert(
      fc.property(fc.array(fc.string({ minLength: 1, maxLength: 12 }), { minLength: 1, maxLength: 4 }), (segments) => {
        const path = `/api/public/${segments.map(encodeURIComponent).join("/")}`;
        expect(refuseApiPath(`${path}?q=%zz`)).toBeUndefined();
        expect(refuseApiPath(`${path}/`)?.code).toBe("route_not_found");
        expect(refuseApiPath(`${path}//x`)?.code).toBe("route_not_found");
      }),
      { numRuns: 200 },
    );
    expect(refuseApiPath("/verify/")).toBeUndefined(); // pages keep Next's redirect
    expect(refuseApiPath("/verify/%zz")).toBeUndefined();
  });
});

function decodes(segment: string): boolean {
  try {
    decodeURIComponent(segment);
    return true;
  } catch {
    return false;
  }
}
