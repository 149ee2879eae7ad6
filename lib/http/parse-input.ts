// Step 5 of the pipeline: the request's body, query and path checked against the route's zod schemas.
import type { z } from "zod";
import { ApiError } from "./errors";

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

export function validate<S extends z.ZodType>(
  schema: S,
  value: unknown,
  where: "body" | "query" | "path",
): z.output<S> {
  const result = schema.safeParse(value);
  if (!result.success) throw zodError(result.error, where);
  return result.data;
}

/** Reads a JSON body: writes must declare application/json, and the text must parse. */
export async function readJsonBody(request: Request): Promise<unknown> {
  const contentType = request.headers.get("content-type") ?? "";
  if (!/^application\/json\s*(;|$)/i.test(contentType)) {
    throw new ApiError("unsupported_media_type", "Send the body as JSON with `Content-Type: application/json`.");
  }
  const text = await request.text();
  if (text.trim() === "") return {};
  try {
    return JSON.parse(text);
  } catch {
    throw new ApiError("invalid_json", "The request body is not valid JSON.");
  }
}

export function queryObject(request: Request): Record<string, string> {
  return Object.fromEntries(new URL(request.url).searchParams);
}
