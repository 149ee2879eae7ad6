// Property-based test of every documented operation through the real route handlers: generated
// valid-shaped and hostile inputs (NUL characters, huge and deep values, boundary numbers, unknown
// keys, wrong types, malformed JSON, wrong content types, foreign and nonsense ids) must never
// produce a 5xx; every error carries the envelope with the same request id as its header, every
// answer the schema-version and rate-limit headers, and a refused request changes no data.
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { prisma } from "@/lib/db/client";
import { openApiDocument } from "@/lib/openapi/document";
import { addWebhookEndpoint } from "@/lib/webhooks/endpoints";
import { SCHEMA_VERSION } from "@/lib/version";
import { setupApp, uniqueUserId } from "../helpers/fixtures";
import { createRouteFetch, testClient } from "../helpers/route-fetch";

// The per-key limit would answer most of the generated requests with 429 and hide the rest.
process.env.API_RATE_LIMIT_PER_MINUTE = "1000000";

type JsonSchema = { $ref?: string; example?: unknown; properties?: Record<string, JsonSchema> };
type Parameter = { name: string; in: "path" | "query" | "header"; schema?: JsonSchema };
type Operation = {
  operationId: string;
  parameters?: Parameter[];
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
};
type Document = {
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, JsonSchema> };
};

const document = JSON.parse(JSON.stringify(openApiDocument())) as Document;
const operations = Object.entries(document.paths).flatMap(([template, methods]) =>
  Object.entries(methods).map(([method, operation]) => ({ template, method: method.toUpperCase(), operation })),
);

// What the digest covers: the fuzzed application's rows in every table an API request can write
// (test files run in parallel on one database, so other applications' rows change meanwhile).
// Left out: the idempotency record a non-validation 4xx stores (its replay must answer the same),
// the key's last use, and deliveries and their attempts, which webhook workers started by other
// test files may send at any moment (a delivery is only ever created beside its Event, covered here).
const APPLICATION_TABLES = [
  "AuditLog",
  "Authorization",
  "Card",
  "Event",
  "LedgerAccount",
  "LedgerTransfer",
  "Proof",
  "Statement",
  "Wallet",
  "WebhookEndpoint",
];

let key = "";
let appId = "";
const realIds: Record<string, string> = {};

async function tableDigest(table: string, where: string): Promise<string> {
  const [row] = await prisma().$queryRawUnsafe<{ digest: string | null }[]>(
    `SELECT md5(string_agg(t::text, '|' ORDER BY t::text)) AS digest FROM "${table}" t WHERE ${where}`,
    appId,
  );
  return `${table}:${row?.digest ?? "empty"}`;
}

/** A digest of the fuzzed application's data: equal digests, no data changed. */
async function databaseDigest(): Promise<string> {
  const digests = await Promise.all([
    ...APPLICATION_TABLES.map((table) => tableDigest(table, `t."applicationId" = $1`)),
    tableDigest("LedgerEntry", `t."transferId" IN (SELECT id FROM "LedgerTransfer" WHERE "applicationId" = $1)`),
    // Spending totals belong to a card or a wallet (subjectId), not to an application directly.
    tableDigest(
      "SpendingTotal",
      `t."subjectId" IN (SELECT id FROM "Card" WHERE "applicationId" = $1 UNION SELECT id FROM "Wallet" WHERE "applicationId" = $1)`,
    ),
  ]);
  return digests.join("\n");
}

function resolveSchema(schema: JsonSchema | undefined): JsonSchema | undefined {
  if (!schema?.$ref) return schema;
  return document.components.schemas[schema.$ref.replace("#/components/schemas/", "")];
}

/** The real id a path parameter names, from the word before it (`/cards/{id}` → a card id). */
function realIdFor(template: string, name: string): string {
  if (name === "externalUserId") return realIds.externalUserId!;
  const before =
    template
      .slice(0, template.indexOf(`{${name}}`))
      .split("/")
      .filter(Boolean)
      .pop() ?? "";
  return realIds[before] ?? realIds.externalUserId!;
}

const nul = fc.tuple(fc.string({ maxLength: 8 }), fc.string({ maxLength: 8 })).map(([a, b]) => `${a}\u0000${b}`);

// Stands for a 5,000-deep value; spliced into the JSON text, since JSON.stringify itself recurses.
const DEEP = "\u0001deep\u0001";
const DEEP_JSON = '{"a":['.repeat(2_500) + "1" + "]}".repeat(2_500);
const toJson = (value: unknown) => JSON.stringify(value).replaceAll(JSON.stringify(DEEP), DEEP_JSON);

const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  nul,
  fc.string({ maxLength: 40 }),
  fc.string({ unit: "grapheme", maxLength: 20 }),
  fc.constantFrom("", " ", "%zz", "../../etc/passwd", "' OR 1=1 --", "\uD800", "x".repeat(20_000), "1e15", "USD\u0000"),
  fc.constantFrom(
    0,
    -1,
    1e15,
    1e15 + 1,
    999_999_999_999_999,
    0.001,
    1.005,
    -0,
    2 ** 53,
    Number.MAX_SAFE_INTEGER,
    1e308,
  ),
  fc.double(),
  fc.integer(),
  fc.boolean(),
  fc.constant(null),
  fc.constant(DEEP),
  fc.array(fc.jsonValue({ maxDepth: 2 }), { maxLength: 5 }),
  fc.jsonValue({ maxDepth: 3 }),
);

const hostileId = fc.oneof(
  nul,
  fc.string({ minLength: 1, maxLength: 30 }),
  fc.constantFrom("wal_000000000000", "card_doesnotexist", "auth_x", "evt_", "x".repeat(5_000), "%", "..", "null"),
);

/** A body shaped like the documented example, with one property replaced, added or dropped; or anything at all. */
function bodyArbitrary(operation: Operation): fc.Arbitrary<{ text: string | undefined; contentType: string }> {
  const schema = resolveSchema(operation.requestBody?.content["application/json"]?.schema);
  const example = (schema?.example ?? {}) as Record<string, unknown>;
  const keys = [...new Set([...Object.keys(schema?.properties ?? {}), ...Object.keys(example)])];
  const json = (value: unknown) => ({ text: toJson(value), contentType: "application/json" });
  const mutated = fc
    .record({
      key: keys.length
        ? fc.oneof(fc.constantFrom(...keys), fc.string({ maxLength: 10 }))
        : fc.string({ maxLength: 10 }),
      value: hostileValue,
      drop: fc.boolean(),
    })
    .map(({ key: k, value, drop }) => {
      const body: Record<string, unknown> = { ...example };
      if (drop && k in body) delete body[k];
      else body[k] = value;
      return json(body);
    });
  return fc.oneof(
    { weight: 6, arbitrary: mutated },
    { weight: 1, arbitrary: fc.constant(json(example)) },
    { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 4 }).map(json) },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        { text: "{", contentType: "application/json" },
        { text: "", contentType: "application/json" },
        { text: "null", contentType: "application/json" },
        { text: JSON.stringify(example), contentType: "text/plain" },
        { text: "a=1", contentType: "application/x-www-form-urlencoded" },
        { text: undefined, contentType: "application/json" },
      ),
    },
  );
}

function requestArbitrary(entry: (typeof operations)[number]) {
  const parameters = entry.operation.parameters ?? [];
  const pathParams = parameters.filter((p) => p.in === "path");
  const queryParams = parameters.filter((p) => p.in === "query");
  return fc.record({
    path: fc.tuple(
      ...pathParams.map((p) =>
        fc.oneof(
          { weight: 3, arbitrary: fc.constant(realIdFor(entry.template, p.name)) },
          { weight: 2, arbitrary: hostileId },
        ),
      ),
    ),
    query: fc.array(
      fc.tuple(
        queryParams.length
          ? fc.oneof(fc.constantFrom(...queryParams.map((p) => p.name)), fc.string({ maxLength: 8 }))
          : fc.string({ maxLength: 8 }),
        fc.oneof(hostileId, fc.integer().map(String), fc.constantFrom("0", "-1", "101", "1.5", "abc")),
      ),
      { maxLength: 3 },
    ),
    body:
      entry.method === "GET" ? fc.constant(undefined) : fc.option(bodyArbitrary(entry.operation), { nil: undefined }),
    // Mostly the documented method; sometimes one the path does not support.
    method: fc.oneof(
      { weight: 5, arbitrary: fc.constant(entry.method) },
      { weight: 1, arbitrary: fc.constantFrom("GET", "POST", "PUT", "PATCH", "DELETE") },
    ),
    idempotencyKey: fc.option(fc.oneof(fc.uuid(), fc.string({ maxLength: 300 }), nul), { nil: undefined }),
  });
}

// From an address of its own: with REDIS_URL every test file counts in one store, and its dozens of
// requests to the keyless routes (limited per address) would spend other files' 127.0.0.1 budget.
const fetchRaw = createRouteFetch({ address: "192.0.2.22", checkAgainstDocument: false });

function methodsOf(template: string): string[] {
  return Object.keys(document.paths[template] ?? {}).map((m) => m.toUpperCase());
}

// "." and ".." segments are resolved by the URL itself, to another path (tests/system covers that).
const dotFree = (segment: string) => (segment === "." || segment === ".." ? `${segment}x` : segment);

type FuzzInput = ReturnType<typeof requestArbitrary> extends fc.Arbitrary<infer T> ? T : never;

async function send(entry: (typeof operations)[number], input: FuzzInput) {
  let index = 0;
  const path = entry.template.replace(/\{[^}]+\}/g, () => encodeURIComponent(dotFree(String(input.path[index++]))));
  const url = new URL(`http://localhost${path}`);
  for (const [name, value] of input.query) url.searchParams.append(name, value);
  const headers = new Headers({ authorization: `Bearer ${key}` });
  if (input.body) headers.set("content-type", input.body.contentType);
  if (input.idempotencyKey !== undefined) {
    try {
      headers.set("idempotency-key", input.idempotencyKey);
    } catch {
      // A value fetch's Headers refuse (NUL) cannot reach the server either.
    }
  }
  const withBody = input.method !== "GET" && input.body?.text !== undefined;
  const request = new Request(url, { method: input.method, headers, body: withBody ? input.body?.text : undefined });
  return fetchRaw(request);
}

describe("every operation under generated inputs", () => {
  beforeAll(async () => {
    const app = await setupApp();
    key = app.key;
    appId = app.appId;
    const client = testClient(key);
    const endpoint = await addWebhookEndpoint(prisma(), {
      applicationId: app.appId,
      url: "http://127.0.0.1:9/hook",
      livemode: false,
    });
    const externalUserId = uniqueUserId("fuzz");
    const wallet = await client.POST("/api/public/sdk/v1/wallets", {
      body: {
        externalUserId,
        currency: "USD",
        email: "ada@example.com",
        name: "Ada Obi",
        address: { line1: "1 Main St", city: "Springfield", postalCode: "12345", country: "US" },
      },
    });
    expect(wallet.response.status).toBe(201);
    await client.POST("/api/public/sdk/v1/test/wallets/{externalUserId}/fund", {
      params: { path: { externalUserId } },
      body: { amount: 500 },
    });
    const card = await client.POST("/api/public/sdk/v1/cards", {
      body: { externalUserId, kind: "virtual", currency: "USD" },
    });
    const cardId = card.data!.id;
    const spend = await client.POST("/api/public/sdk/v1/cards/{id}/authorizations", {
      params: { path: { id: cardId } },
      body: { amount: 10, merchant: { name: "Coffee" } },
    });
    const authorizationId = spend.data!.id;
    const today = new Date().toISOString().slice(0, 10);
    const statement = await client.POST("/api/public/sdk/v1/wallets/{externalUserId}/statements", {
      params: { path: { externalUserId } },
      body: { periodStart: today, periodEnd: today },
    });
    const proof = await client.POST("/api/public/sdk/v1/wallets/{externalUserId}/proofs", {
      params: { path: { externalUserId } },
      body: { kind: "funds" },
    });
    const events = await client.GET("/api/public/sdk/v1/events", {});
    const deliveries = await client.GET("/api/public/sdk/v1/webhooks/deliveries", {});
    Object.assign(realIds, {
      externalUserId,
      cards: cardId,
      authorizations: authorizationId,
      statements: statement.data!.id,
      proofs: proof.data!.id,
      events: events.data!.data[0]!.id,
      deliveries: deliveries.data!.data[0]!.id,
      endpoints: endpoint.id,
    });
  });

  it.each(operations.map((entry) => [`${entry.method} ${entry.template}`, entry] as const))(
    "%s: never a 5xx; errors in the envelope with the header's request id; refusals change nothing",
    async (_name, entry) => {
      await fc.assert(
        fc.asyncProperty(requestArbitrary(entry), async (input) => {
          const before = await databaseDigest();
          const response = await send(entry, input);
          const text = await response.text();
          const context = `${input.method} ${entry.template} -> ${response.status} ${text.slice(0, 300)}`;
          // A method the path does not declare: 405 naming the ones it does.
          const declared = methodsOf(entry.template);
          if (!declared.includes(input.method)) {
            expect(response.status, context).toBe(405);
            expect(response.headers.get("allow")?.split(/,\s*/).sort(), context).toEqual([...declared].sort());
          }
          expect(response.status, context).toBeLessThan(500);
          expect(response.headers.get("x-service-schema-version"), context).toBe(SCHEMA_VERSION);
          // The raised limit above is in force: otherwise most answers would be 429s and prove little.
          expect(response.headers.get("x-ratelimit-limit"), context).toBe(process.env.API_RATE_LIMIT_PER_MINUTE);
          const requestId = response.headers.get("x-request-id");
          expect(requestId, context).toMatch(/^req_/);
          if (response.status >= 400) {
            const body = JSON.parse(text) as { error: Record<string, unknown> };
            expect(Object.keys(body), context).toEqual(["error"]);
            expect(body.error.request_id, context).toBe(requestId);
            expect(typeof body.error.code, context).toBe("string");
            expect(typeof body.error.type, context).toBe("string");
            expect(typeof body.error.message, context).toBe("string");
            // A declined spend is recorded by design (402 with the declined authorization).
            if (response.status !== 402) expect(await databaseDigest(), context).toBe(before);
          }
        }),
        { numRuns: 12, endOnFailure: true },
      );
    },
    120_000,
  );
});
