// Response headers every API answer carries, and the JSON response builder that sets them.
import { SCHEMA_VERSION } from "@/lib/version";
import { setApiSecurityHeaders } from "./security-headers";

/** The request id and schema version, which every answer carries, pages too. */
export function identityHeaders(requestId: string): Headers {
  const headers = new Headers();
  headers.set("x-request-id", requestId);
  headers.set("x-service-schema-version", SCHEMA_VERSION);
  return headers;
}

/** An API answer's headers: identity, and nosniff with frame-ancestors 'none' (security-headers.ts). */
export function baseHeaders(requestId: string): Headers {
  const headers = identityHeaders(requestId);
  setApiSecurityHeaders(headers);
  return headers;
}

/** A JSON answer from already-serialized text (stored idempotent responses, cached documents). */
export function jsonTextResponse(status: number, text: string, headers: Headers): Response {
  headers.set("content-type", "application/json; charset=utf-8");
  return new Response(text, { status, headers });
}

export function jsonResponse(status: number, body: unknown, headers: Headers): Response {
  return jsonTextResponse(status, JSON.stringify(body), headers);
}
