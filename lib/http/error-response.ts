// Turns anything thrown in a pipeline into the error envelope with the right status and headers:
// a DomainError from lib/<domain> becomes its code's status, anything else a logged 500.
import { errorBody, toApiError } from "./errors";
import { jsonResponse } from "./headers";

export function errorResponse(error: unknown, requestId: string, headers: Headers): Response {
  const apiError = toApiError(error, requestId);
  for (const [name, value] of Object.entries(apiError.headers ?? {})) headers.set(name, value);
  return jsonResponse(apiError.status, errorBody(apiError, requestId), headers);
}
