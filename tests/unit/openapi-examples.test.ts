// Every example in the OpenAPI document matches the schema it is declared on, every body and error
// code has one, and the examples hold to what the service itself produces (zod validation, id and
// amount formats, webhook signatures), so an example can never drift from its schema or the code.
import { readdir } from "node:fs/promises";
import path from "node:path";
import { Ajv2020, type ValidateFunction } from "ajv/dist/2020";
import addFormats from "ajv-formats";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { REPO_ROOT } from "@/lib/db/paths";
import { errorStatus, ERROR_CODES, type ErrorCode } from "@/lib/http/errors";
import { currencyExponent } from "@/lib/money/currencies";
import { openApiDocument } from "@/lib/openapi/document";
import { CARD_EXAMPLE } from "@/lib/schemas/card";
import { EXAMPLE_EVENT_SEQUENCES } from "@/lib/schemas/event";
import {
  EXAMPLE_IDS,
  EXAMPLE_PROOF_REFERENCE,
  EXAMPLE_STATEMENT_TOKEN,
  EXAMPLE_USER,
  EXAMPLE_WEBHOOK_SECRET,
} from "@/lib/schemas/examples";
import { FIRST_ATTEMPT_EXAMPLE, RETRY_ATTEMPT_EXAMPLE } from "@/lib/schemas/webhook";
import { isWellFormedStatementToken } from "@/lib/statements/statement-token";
import { isValidAccountNumber } from "@/lib/wallets/account-number";
import { buildEnvelope, signedRequest } from "@/lib/webhooks/envelope";
import { verifySignature } from "@/lib/webhooks/verify";

type Json = Record<string, unknown>;
/** An example, where it is, and the JSON pointer of the schema it must match. */
type Example = { where: string; pointer: string; value: unknown };

// As served: the JSON text, so what is checked is what integrators read.
const doc: Json = JSON.parse(JSON.stringify(openApiDocument()));
const components = (doc.components ?? {}) as Json;
const componentExamples = (components.examples ?? {}) as Record<string, Json>;

const isObject = (value: unknown): value is Json =>
  typeof value === "object" && value !== null && !Array.isArray(value);
const entries = (value: unknown): [string, Json][] =>
  isObject(value) ? Object.entries(value).filter((entry): entry is [string, Json] => isObject(entry[1])) : [];

/** Follows `#/components/...` references inside the document. */
function resolve(value: Json): Json {
  const ref = value.$ref;
  if (typeof ref !== "string") return value;
  let target: unknown = doc;
  for (const part of ref.replace(/^#\//, "").split("/")) target = isObject(target) ? target[part] : undefined;
  if (!isObject(target)) throw new Error(`unresolved reference ${ref}`);
  return resolve(target);
}

const child = (pointer: string, ...keys: (string | number)[]) =>
  keys.reduce<string>((p, key) => `${p}/${String(key).replace(/~/g, "~0").replace(/\//g, "~1")}`, pointer);

/** Schema-level `example` / `examples` of the schema at `pointer` and of every subschema within it. */
function schemaExamples(schema: Json, pointer: string, out: Example[]): void {
  if ("example" in schema) out.push({ where: `${pointer} (example)`, pointer, value: schema.example });
  if (Array.isArray(schema.examples)) {
    schema.examples.forEach((value, i) => out.push({ where: `${pointer} (examples[${i}])`, pointer, value }));
  }
  for (const [name, sub] of entries(schema.properties)) schemaExamples(sub, child(pointer, "properties", name), out);
  for (const key of ["items", "additionalProperties", "not"] as const) {
    const sub = schema[key];
    if (isObject(sub)) schemaExamples(sub, child(pointer, key), out);
  }
  for (const key of ["anyOf", "oneOf", "allOf", "prefixItems"] as const) {
    const list = schema[key];
    if (Array.isArray(list))
      list.forEach((sub, i) => isObject(sub) && schemaExamples(sub, child(pointer, key, i), out));
  }
}

/** `example` / `examples` of a media type, parameter or header object (at `pointer`), against its schema. */
function objectExamples(holder: Json, pointer: string, out: Example[]): void {
  const schema = holder.schema;
  if (!isObject(schema)) return;
  const schemaPointer = child(pointer, "schema");
  schemaExamples(schema, schemaPointer, out);
  if ("example" in holder) out.push({ where: `${pointer} (example)`, pointer: schemaPointer, value: holder.example });
  for (const [name, example] of entries(holder.examples)) {
    out.push({ where: `${pointer} (examples.${name})`, pointer: schemaPointer, value: resolve(example).value });
  }
}

type Operation = { where: string; pointer: string; op: Json };

function operations(): Operation[] {
  const out: Operation[] = [];
  for (const section of ["paths", "webhooks"] as const) {
    for (const [route, item] of entries(doc[section])) {
      for (const [method, op] of entries(item)) {
        out.push({
          where: `${section} ${method.toUpperCase()} ${route}`,
          pointer: child("", section, route, method),
          op,
        });
      }
    }
  }
  return out;
}

function collectExamples(): Example[] {
  const out: Example[] = [];
  for (const [name, schema] of entries(components.schemas)) {
    schemaExamples(schema, child("", "components", "schemas", name), out);
  }
  for (const { pointer, op } of operations()) {
    if (Array.isArray(op.parameters)) {
      op.parameters.forEach((parameter, i) => {
        if (isObject(parameter)) objectExamples(parameter, child(pointer, "parameters", i), out);
      });
    }
    const body = isObject(op.requestBody) ? op.requestBody : {};
    for (const [type, media] of entries(body.content)) {
      objectExamples(media, child(pointer, "requestBody", "content", type), out);
    }
    for (const [status, response] of entries(op.responses)) {
      for (const [type, media] of entries(response.content)) {
        objectExamples(media, child(pointer, "responses", status, "content", type), out);
      }
      for (const [name, header] of entries(response.headers)) {
        objectExamples(header, child(pointer, "responses", status, "headers", name), out);
      }
    }
  }
  return out;
}

// The whole document is registered once, so each example is checked against the schema at its
// JSON pointer and `#/components/schemas/...` references resolve within the document.
const ajv = new Ajv2020({ strict: false, allErrors: true });
addFormats(ajv);
ajv.addSchema(doc, "openapi.json");

function validatorFor(pointer: string): ValidateFunction {
  const validate = ajv.getSchema(`openapi.json#${pointer}`);
  if (!validate) throw new Error(`no schema at ${pointer}`);
  return validate;
}

/** The media types of every request body and JSON response, with the operation they belong to. */
function bodies(): { where: string; media: Json }[] {
  const out: { where: string; media: Json }[] = [];
  for (const { where, op } of operations()) {
    const body = isObject(op.requestBody) ? op.requestBody : {};
    for (const [type, media] of entries(body.content)) out.push({ where: `${where} request ${type}`, media });
    for (const [status, response] of entries(op.responses)) {
      for (const [type, media] of entries(response.content)) out.push({ where: `${where} ${status} ${type}`, media });
    }
  }
  return out;
}

function hasExample(schema: Json): boolean {
  const resolved = resolve(schema);
  if ("example" in resolved || Array.isArray(resolved.examples)) return true;
  // A union shows one example per variant.
  const variants = resolved.anyOf ?? resolved.oneOf;
  return Array.isArray(variants) && variants.length > 0 && variants.every((v) => isObject(v) && hasExample(v));
}

describe("OpenAPI examples", () => {
  it("each example matches the schema it is declared on", () => {
    const examples = collectExamples();
    // Guards the walker itself: the document has hundreds of examples.
    expect(examples.length).toBeGreaterThan(200);
    const failures = examples.flatMap(({ where, pointer, value }) => {
      const validate = validatorFor(pointer);
      if (validate(value)) return [];
      const problems = (validate.errors ?? []).map((e) => `${e.instancePath || "(root)"} ${e.message ?? ""}`);
      return [`${where}: ${problems.join("; ")}`];
    });
    expect(failures).toEqual([]);
  });

  it("every request body and JSON response has an example", () => {
    const missing = bodies()
      .filter(({ media }) => !("example" in media) && !isObject(media.examples) && !hasExample(media.schema as Json))
      .map(({ where }) => where);
    expect(missing).toEqual([]);
  });

  it("every error response has an example for each code it documents, and only those", () => {
    const problems: string[] = [];
    for (const { where, op } of operations()) {
      for (const [status, response] of entries(op.responses)) {
        const codes = /Codes: ([a-z_, ]+)\./.exec(String(response.description))?.[1]?.split(", ");
        if (Number(status) < 400 || !codes) continue;
        const media = isObject(response.content) ? response.content["application/json"] : undefined;
        const examples = isObject(media) && isObject(media.examples) ? Object.keys(media.examples) : [];
        if (examples.join() !== codes.join())
          problems.push(`${where} ${status}: codes ${codes} but examples ${examples}`);
        for (const name of examples) {
          const value = resolve((media as { examples: Record<string, Json> }).examples[name] as Json).value;
          const error = isObject(value) && isObject(value.error) ? value.error : {};
          const code = ERROR_CODES.find((c) => c === error.code);
          if (code !== name || errorStatus(code as ErrorCode) !== Number(status)) {
            problems.push(`${where} ${status}: example ${name} carries code ${String(error.code)}`);
          }
        }
      }
    }
    expect(problems).toEqual([]);
    expect(Object.keys(componentExamples).length).toBeGreaterThan(30);
  });

  it("the examples declared on the zod schemas pass those schemas' own validation", async () => {
    const dir = path.join(REPO_ROOT, "lib", "schemas");
    let checked = 0;
    const failures: string[] = [];
    for (const file of (await readdir(dir)).filter((f) => f.endsWith(".ts"))) {
      const schemaModule: Record<string, unknown> = await import(path.join(dir, file));
      for (const [name, value] of Object.entries(schemaModule)) {
        if (!(value instanceof z.ZodType)) continue;
        // The schema's own example, or one assembled from its fields' examples (path and query schemas).
        let example = value.meta()?.example;
        if (example === undefined && value instanceof z.ZodObject) {
          const fields = Object.entries(value.shape as Record<string, z.ZodType>).map(([key, field]) => [
            key,
            field.meta()?.example,
          ]);
          if (fields.length > 0 && fields.every(([, v]) => v !== undefined)) example = Object.fromEntries(fields);
        }
        if (example === undefined) continue;
        checked++;
        const result = value.safeParse(example);
        if (!result.success) failures.push(`${file} ${name}: ${z.prettifyError(result.error)}`);
      }
    }
    expect(failures).toEqual([]);
    expect(checked).toBeGreaterThan(30);
  });

  it("example ids, account number, token and reference have the formats the service mints", () => {
    for (const id of Object.values(EXAMPLE_IDS)) expect(id).toMatch(/^[a-z]+_[0-9A-Za-z]{24}$/);
    expect(new Set(Object.values(EXAMPLE_IDS)).size).toBe(Object.values(EXAMPLE_IDS).length);
    expect(isValidAccountNumber(EXAMPLE_USER.accountNumber)).toBe(true);
    expect(isWellFormedStatementToken(EXAMPLE_STATEMENT_TOKEN)).toBe(true);
    expect(EXAMPLE_PROOF_REFERENCE).toMatch(/^PRF-[ABCDEFGHJKMNPQRSTUVWXYZ2-9]{4}-[ABCDEFGHJKMNPQRSTUVWXYZ2-9]{4}$/);
  });

  it("amounts in examples have at most their currency's ISO 4217 decimals", () => {
    const problems: string[] = [];
    const AMOUNT_KEYS =
      /^(amount|spendLimit|capturedAmount|refundedAmount|balanceAfter|available|posted|openingBalance|closingBalance|opening_balance|closing_balance|liabilities|reserves|card_volume_30d)$/;
    function check(value: unknown, currency: string | undefined, where: string): void {
      if (Array.isArray(value)) return value.forEach((v, i) => check(v, currency, `${where}[${i}]`));
      if (!isObject(value)) return;
      const own = typeof value.currency === "string" ? value.currency : currency;
      for (const [key, v] of Object.entries(value)) {
        if (typeof v === "number" && AMOUNT_KEYS.test(key)) {
          const exponent = own === undefined ? undefined : currencyExponent(own);
          const decimals = (String(v).split(".")[1] ?? "").length;
          if (exponent === undefined || decimals > exponent)
            problems.push(`${where}.${key} = ${v} ${own ?? "(no currency)"}`);
        } else {
          check(v, own, `${where}.${key}`);
        }
      }
    }
    // Request bodies without a currency (capture, refund, fund) are in the story's wallet currency.
    for (const { where, value } of collectExamples()) check(value, EXAMPLE_USER.currency, where);
    expect(problems).toEqual([]);
  });

  it("the example webhook attempts are exactly what the sender sends, signed with the example secret", () => {
    for (const attempt of [FIRST_ATTEMPT_EXAMPLE, RETRY_ATTEMPT_EXAMPLE]) {
      const envelope = buildEnvelope(
        {
          id: EXAMPLE_IDS.cardIssuedEvent,
          type: "card.issued",
          data: CARD_EXAMPLE,
          sequence: EXAMPLE_EVENT_SEQUENCES["card.issued"],
        },
        new Date(attempt.createdAt),
      );
      const sent = signedRequest(envelope, EXAMPLE_IDS.delivery, { current: EXAMPLE_WEBHOOK_SECRET });
      expect({ body: attempt.requestBody, headers: attempt.requestHeaders }).toEqual(sent);
    }
  });

  it("each webhook's signature example is the signature of its body example", () => {
    for (const { where, op } of operations().filter(({ where }) => where.startsWith("webhooks"))) {
      const parameters = (op.parameters ?? []) as { name: string; example?: string; schema: Json }[];
      const signature = parameters.find((p) => p.name === "x-service-signature");
      const body = resolve(
        (op.requestBody as { content: Record<string, { schema: Json }> }).content["application/json"]!.schema,
      );
      const signed = signature?.example ?? signature?.schema.example;
      expect(verifySignature(JSON.stringify(body.example), String(signed), EXAMPLE_WEBHOOK_SECRET), where).toBe(true);
    }
  });
});
