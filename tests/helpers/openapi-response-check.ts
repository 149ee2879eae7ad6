// Checks an API response against the OpenAPI document: the path, method and status must be
// documented, the JSON body must match the documented schema, and required headers be present.
// Every callRoute and routeFetch answer goes through here, so the document cannot drift from the routes.
import { Ajv2020, type ValidateFunction } from "ajv/dist/2020";
import addFormats from "ajv-formats";
import { openApiDocument } from "@/lib/openapi/document";

type JsonSchema = Record<string, unknown>;
type ResponseObject = {
  headers?: Record<string, { required?: boolean }>;
  content?: Record<string, { schema?: JsonSchema }>;
};
type Operation = { responses?: Record<string, ResponseObject> };
type Document = { paths: Record<string, Record<string, Operation>>; components?: JsonSchema };

let document: Document | undefined;
let templates: { template: string; pattern: RegExp; params: number }[] = [];
const ajv = new Ajv2020({ strict: false, allErrors: true });
addFormats(ajv);
const validators = new Map<string, ValidateFunction>();

function load(): Document {
  if (document) return document;
  // As served: the JSON text, so what is checked is what clients read.
  const served: Document = JSON.parse(JSON.stringify(openApiDocument()));
  document = served;
  templates = Object.keys(served.paths)
    .map((template) => ({
      template,
      pattern: new RegExp(`^${template.replace(/[.]/g, "\\.").replace(/\{[^}]+\}/g, "[^/]+")}$`),
      params: (template.match(/\{/g) ?? []).length,
    }))
    .sort((a, b) => a.params - b.params);
  return served;
}

function validatorFor(key: string, schema: JsonSchema, components: JsonSchema | undefined): ValidateFunction {
  let validate = validators.get(key);
  if (!validate) {
    // Components travel with each schema so `#/components/schemas/...` references resolve.
    validate = ajv.compile({ ...schema, components });
    validators.set(key, validate);
  }
  return validate;
}

export type CheckedResponse = { method: string; path: string; status: number; headers: Headers; json: unknown };

/** Throws a descriptive error when the response is not what the OpenAPI document promises. */
export function assertMatchesOpenApi(response: CheckedResponse): void {
  const doc = load();
  const pathname = new URL(response.path, "http://localhost").pathname;
  const where = `${response.method} ${pathname} → ${response.status}`;
  const match = templates.find((t) => t.pattern.test(pathname));
  if (!match) {
    // Unknown paths are answered by the catch-all with route_not_found; nothing to document there.
    if (response.status === 404) return;
    throw new Error(`OpenAPI: ${where}: the path is not documented.`);
  }
  const operation = doc.paths[match.template]?.[response.method.toLowerCase()];
  if (!operation) {
    if (response.status === 405) return;
    throw new Error(`OpenAPI: ${where}: ${response.method} is not documented for ${match.template}.`);
  }
  const documented = operation.responses?.[String(response.status)];
  if (!documented) {
    throw new Error(
      `OpenAPI: ${where}: status ${response.status} is not documented for ${response.method} ${match.template} (documented: ${Object.keys(operation.responses ?? {}).join(", ")}). Body: ${JSON.stringify(response.json)}`,
    );
  }
  const missing = Object.entries(documented.headers ?? {})
    .filter(([name, header]) => header.required && !response.headers.has(name))
    .map(([name]) => name);
  if (missing.length > 0) throw new Error(`OpenAPI: ${where}: required header(s) missing: ${missing.join(", ")}.`);

  const contentType = response.headers.get("content-type") ?? "";
  const schema = documented.content?.["application/json"]?.schema;
  if (!contentType.includes("application/json")) return;
  if (!schema) throw new Error(`OpenAPI: ${where}: a JSON body was sent but none is documented.`);
  const validate = validatorFor(`${match.template} ${response.method} ${response.status}`, schema, doc.components);
  if (!validate(response.json)) {
    const problems = (validate.errors ?? []).map(
      (e) => `${e.instancePath || "(body)"} ${e.message ?? ""} ${JSON.stringify(e.params)}`,
    );
    throw new Error(
      `OpenAPI: ${where}: the body does not match the documented schema:\n  ${problems.join("\n  ")}\nBody: ${JSON.stringify(response.json)}`,
    );
  }
}

/** Reads a route's answer as text (and JSON where it parses) and checks it against the document. */
export async function readCheckedResponse(
  method: string,
  path: string,
  response: Response,
): Promise<{ text: string; json: unknown }> {
  const text = await response.text();
  let json: unknown;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    json = undefined;
  }
  // Every answer a test sees must be one the OpenAPI document describes.
  assertMatchesOpenApi({ method, path, status: response.status, headers: response.headers, json });
  return { text, json };
}
