// The one table from error code to HTTP status and error type, and the HTTP form of a DomainError.
// Domain code throws DomainError (lib/errors); the pipeline turns it into an ApiError and the envelope.
import {
  DATABASE_RETRY_AFTER_SECONDS,
  isBareAdapterConnectionError,
  isDatabaseUnavailable,
  isStatementCanceled,
} from "@/lib/db/database-unavailable";
import { overloadedError } from "@/lib/platform/request-deadline";
import { DomainError, type DomainErrorOptions, type ErrorCode, type ErrorDetail } from "@/lib/errors";
import { errorField, logger } from "@/lib/logging/logger";

export { DomainError, ERROR_CODES, type ErrorCode, type ErrorDetail } from "@/lib/errors";

export type ErrorType =
  | "invalid_request_error"
  | "authentication_error"
  | "permission_error"
  | "not_found_error"
  | "conflict_error"
  | "idempotency_error"
  | "card_error"
  | "rate_limit_error"
  | "api_error";

/** Every code has a status and a type: a code added to lib/errors/codes.ts without a row here fails to compile. */
const ERRORS: Record<ErrorCode, readonly [status: number, type: ErrorType]> = {
  validation_failed: [400, "invalid_request_error"],
  invalid_json: [400, "invalid_request_error"],
  unsupported_currency: [400, "invalid_request_error"],
  amount_precision: [400, "invalid_request_error"],
  currency_mismatch: [400, "invalid_request_error"],
  invalid_idempotency_key: [400, "invalid_request_error"],
  invalid_token: [400, "invalid_request_error"],
  invalid_account_number: [400, "invalid_request_error"],
  missing_api_key: [401, "authentication_error"],
  invalid_api_key: [401, "authentication_error"],
  revoked_api_key: [401, "authentication_error"],
  invalid_signature: [401, "authentication_error"],
  scope_missing: [403, "permission_error"],
  ip_not_allowed: [403, "permission_error"],
  livemode_mismatch: [403, "permission_error"],
  test_mode_only: [403, "permission_error"],
  wallet_not_found: [404, "not_found_error"],
  card_not_found: [404, "not_found_error"],
  transfer_not_found: [404, "not_found_error"],
  payout_not_found: [404, "not_found_error"],
  bank_account_not_found: [404, "not_found_error"],
  authorization_not_found: [404, "not_found_error"],
  delivery_not_found: [404, "not_found_error"],
  event_not_found: [404, "not_found_error"],
  endpoint_not_found: [404, "not_found_error"],
  endpoint_url_refused: [400, "invalid_request_error"],
  recovery_not_found: [404, "not_found_error"],
  recovery_in_progress: [409, "conflict_error"],
  authorization_endpoint_not_found: [404, "not_found_error"],
  statement_not_found: [404, "not_found_error"],
  proof_not_found: [404, "not_found_error"],
  liability_snapshot_not_found: [404, "not_found_error"],
  liability_proof_unavailable: [404, "not_found_error"],
  route_not_found: [404, "not_found_error"],
  method_not_allowed: [405, "invalid_request_error"],
  wallet_exists: [409, "conflict_error"],
  wallet_not_active: [409, "conflict_error"],
  wallet_not_empty: [409, "conflict_error"],
  top_up_reference_exists: [409, "conflict_error"],
  payout_status_conflict: [409, "conflict_error"],
  payouts_not_configured: [403, "permission_error"],
  wallet_address_missing: [409, "conflict_error"],
  idempotency_in_progress: [409, "conflict_error"],
  card_not_active: [409, "conflict_error"],
  endpoint_disabled: [409, "conflict_error"],
  card_canceled: [409, "conflict_error"],
  card_details_unavailable: [409, "conflict_error"],
  authorization_not_pending: [409, "conflict_error"],
  amount_exceeds_authorization: [409, "conflict_error"],
  amount_exceeds_captured: [409, "conflict_error"],
  authorization_not_captured: [409, "conflict_error"],
  authorization_reversed: [409, "conflict_error"],
  authorization_expired: [409, "conflict_error"],
  payload_too_large: [413, "invalid_request_error"],
  unsupported_media_type: [415, "invalid_request_error"],
  idempotency_key_reused: [422, "idempotency_error"],
  balance_limit_exceeded: [422, "invalid_request_error"],
  network_amount_invalid: [422, "invalid_request_error"],
  network_message_conflict: [409, "conflict_error"],
  insufficient_funds: [402, "card_error"],
  spend_limit_exceeded: [402, "card_error"],
  card_inactive: [402, "card_error"],
  card_currency_mismatch: [402, "card_error"],
  spending_limit_exceeded: [402, "card_error"],
  category_blocked: [402, "card_error"],
  country_blocked: [402, "card_error"],
  card_expired: [402, "card_error"],
  declined_by_application: [402, "card_error"],
  card_declined: [402, "card_error"],
  rate_limited: [429, "rate_limit_error"],
  replay_limited: [429, "rate_limit_error"],
  internal_error: [500, "api_error"],
  processor_error: [502, "api_error"],
  processor_unavailable: [503, "api_error"],
  unavailable: [503, "api_error"],
  overloaded: [503, "api_error"],
};

export function errorStatus(code: ErrorCode): number {
  return ERRORS[code][0];
}

export function errorType(code: ErrorCode): ErrorType {
  return ERRORS[code][1];
}

/** A DomainError with what HTTP adds: response headers, and the status its code maps to. */
export class ApiError extends DomainError {
  readonly headers?: Record<string, string>;

  constructor(
    code: ErrorCode,
    message: string,
    options: DomainErrorOptions & { headers?: Record<string, string> } = {},
  ) {
    super(code, message, options);
    this.name = "ApiError";
    const retryAfter = options.retryAfterSeconds;
    this.headers =
      retryAfter === undefined ? options.headers : { "retry-after": String(retryAfter), ...options.headers };
  }

  /** The HTTP form of a domain refusal: a retry delay becomes Retry-After in whole seconds. */
  static from(error: DomainError): ApiError {
    if (error instanceof ApiError) return error;
    const apiError = new ApiError(error.code, error.message, {
      param: error.param,
      details: error.details,
      retryAfterSeconds: error.retryAfterSeconds,
      extra: error.extra,
    });
    if (error.stack !== undefined) apiError.stack = error.stack;
    return apiError;
  }

  get status(): number {
    return errorStatus(this.code);
  }
}

export type ErrorBody = {
  error: {
    type: string;
    code: ErrorCode;
    message: string;
    param?: string;
    details?: ErrorDetail[];
    request_id: string;
  } & Record<string, unknown>;
};

export function errorBody(error: DomainError, requestId: string): ErrorBody {
  return {
    error: {
      type: errorType(error.code),
      code: error.code,
      message: error.message,
      ...(error.param !== undefined ? { param: error.param } : {}),
      ...(error.details !== undefined ? { details: error.details } : {}),
      ...error.extra,
      request_id: requestId,
    },
  };
}

/**
 * A DomainError is a refusal to render; a database that cannot be reached (restarting, failing over)
 * is a 503 the client retries; anything else is a bug: log it here, and answer without its details.
 */
export function toApiError(error: unknown, requestId: string): ApiError {
  if (error instanceof DomainError) return ApiError.from(error);
  // Out of its deadline's time (docs/decisions/overload.md): rolled back, retried like a refusal at the door.
  if (isStatementCanceled(error)) return ApiError.from(overloadedError("deadline passed"));
  if (isDatabaseUnavailable(error) || isBareAdapterConnectionError(error)) {
    // One line, not a stack: during an outage every request lands here.
    logger("http").error({ requestId, cause: databaseErrorSummary(error) }, "database unavailable");
    return new ApiError("unavailable", "The service is temporarily unavailable. Retry shortly.", {
      retryAfterSeconds: DATABASE_RETRY_AFTER_SECONDS,
    });
  }
  logger("http").error({ requestId, ...errorField(error) }, "unhandled error");
  return new ApiError(
    "internal_error",
    "Something went wrong on our side. Retry later; quote the request id if it persists.",
  );
}

function databaseErrorSummary(error: unknown): string {
  const { code, message } = error as { code?: unknown; message?: unknown };
  const text = typeof message === "string" ? message.trim().split("\n").filter(Boolean).at(-1) : undefined;
  return [typeof code === "string" ? code : undefined, text].filter(Boolean).join(" ") || "unknown error";
}
