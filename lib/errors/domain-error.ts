// The error domain code throws: a code from lib/errors/codes.ts and a message for the caller;
// only lib/http decides which status and envelope a code becomes.
import type { ErrorCode } from "./codes";

export type ErrorDetail = { path: string; message: string; code: string };

export type DomainErrorOptions = {
  /** The input field at fault, as a dotted path. */
  param?: string;
  /** Every problem found, when there are several. */
  details?: ErrorDetail[];
  /** When the refusal may be retried, in seconds (a rate limit, a dependency down). */
  retryAfterSeconds?: number;
  /** More fields for the caller, such as the declined authorization. */
  extra?: Record<string, unknown>;
};

export class DomainError extends Error {
  readonly code: ErrorCode;
  readonly param?: string;
  readonly details?: ErrorDetail[];
  readonly retryAfterSeconds?: number;
  readonly extra?: Record<string, unknown>;

  constructor(code: ErrorCode, message: string, options: DomainErrorOptions = {}) {
    super(message);
    this.name = "DomainError";
    this.code = code;
    this.param = options.param;
    this.details = options.details;
    this.retryAfterSeconds = options.retryAfterSeconds;
    this.extra = options.extra;
  }
}
