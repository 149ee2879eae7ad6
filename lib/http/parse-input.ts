// Step 5 of the pipeline: the request's body (at most 1 MiB), query and path checked for NUL
// characters and against the route's zod schemas.
import type { z } from "zod";
import { ApiError } from "./errors";
import { refuseNulCharacters } from "./nul-characters";

export function zodError(error: z.ZodError, where: "body" | "query" | "path"): ApiError {
  const details = error.issues.map((issue) => ({
    path: issue.path.map(String).join("."),
    message: issue.message,
    code: issue.code,
  }));
  const first = details[0];
  const param = first?.path || undefined;
  const message = first ? `${param ? `${param}: ` : ""}${first.message}` : `The request ${where} is invalid.`;
  return new ApiError("validation_failed", message, { param, details });
}

/** Every input a route reads passes the same two checks: no NUL character anywhere, then its schema. */
export function validate<S extends z.ZodType>(
  schema: S,
  value: unknown,
  where: "body" | "query" | "path",
): z.output<S> {
  refuseNulCharacters(value, where);
  const result = schema.safeParse(value);
  if (!result.success) throw zodError(result.error, where);
  return result.data;
}

/** The largest request body read, in bytes (1 MiB); a larger one is a 413. */
export const MAX_BODY_BYTES = 1024 * 1024;

/**
 * Reads a JSON body: writes must declare application/json, and the text must parse. `seen` gets the
 * text as read, for the request log, even when it then fails to parse.
 */
export async function readJsonBody(request: Request, seen?: { bodyText?: string }): Promise<unknown> {
  const contentType = request.headers.get("content-type") ?? "";
  if (!/^application\/json\s*(;|$)/i.test(contentType)) {
    throw new ApiError("unsupported_media_type", "Send the body as JSON with `Content-Type: application/json`.");
  }
  const text = await readBodyText(request);
  if (seen) seen.bodyText = text;
  if (text.trim() === "") return {};
  try {
    return JSON.parse(text);
  } catch {
    throw new ApiError("invalid_json", "The request body is not valid JSON.");
  }
}

/**
 * The body as UTF-8 text, refused with a 413 past MAX_BODY_BYTES: at once when Content-Length says
 * so, else as soon as the streamed bytes (a chunked body) pass the limit, without reading the rest.
 */
export async function readBodyText(request: Request): Promise<string> {
  const declared = Number(request.headers.get("content-length") ?? 0);
  if (declared > MAX_BODY_BYTES) throw payloadTooLarge();
  if (!request.body) return "";
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
    size += chunk.value.byteLength;
    if (size > MAX_BODY_BYTES) {
      await reader.cancel().catch(() => undefined);
      throw payloadTooLarge();
    }
    chunks.push(chunk.value);
  }
  return new TextDecoder().decode(Buffer.concat(chunks));
}

function payloadTooLarge(): ApiError {
  return new ApiError("payload_too_large", `The request body is larger than ${MAX_BODY_BYTES} bytes (1 MiB).`);
}

export function queryObject(request: Request): Record<string, string> {
  return Object.fromEntries(new URL(request.url).searchParams);
}
