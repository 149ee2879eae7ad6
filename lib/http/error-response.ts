// Turns anything thrown in a pipeline into the error envelope with the right status and headers:
// a DomainError from lib/<domain> becomes its code's status, anything else a logged 500.
import { errorBody, toApiError } from "./errors";
import type { RenderedResult } from "./handler-result";
import { jsonTextResponse } from "./headers";

export function errorResponse(error: unknown, requestId: string, headers: Headers): Response {
  const rendered = renderError(error, requestId, headers);
  return jsonTextResponse(rendered.status, rendered.text, headers);
}

/** The same answer as text, for a wrapper that also logs what it sent (lib/http/request-log.ts). */
export function renderError(error: unknown, requestId: string, headers: Headers): RenderedResult {
  const apiError = toApiError(error, requestId);
  for (const [name, value] of Object.entries(apiError.headers ?? {})) headers.set(name, value);
  return { status: apiError.status, text: JSON.stringify(errorBody(apiError, requestId)) };
}
