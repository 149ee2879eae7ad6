// Classifies a failed call to Lithic once, for every connector that calls it: whether the call can
// have taken effect at Lithic, and whether it may be repeated.
import Lithic from "lithic";

/**
 * - `retry`: Lithic refused before doing anything and says a later try may work (429, 5xx but 501):
 *   repeat with the same idempotency key, after a pause.
 * - `indeterminate`: we do not know whether Lithic acted (timeout, connection lost after sending):
 *   repeat only with the same idempotency key, or read the object back before acting again.
 * - `final`: Lithic refused this request as it is (4xx): repeating it changes nothing.
 */
export type LithicFailureClass = "retry" | "indeterminate" | "final";

export type LithicFailure = {
  class: LithicFailureClass;
  /** Lithic's HTTP status, when it answered. */
  status?: number;
  /** Lithic's own message, or the connection error's; never a key or a card number. */
  message: string;
  /** Lithic's id of the failed request, for its support. */
  debuggingRequestId?: string;
};

export function classifyLithicError(error: unknown): LithicFailure {
  if (error instanceof Lithic.APIConnectionTimeoutError || error instanceof Lithic.APIUserAbortError)
    return { class: "indeterminate", message: "Lithic did not answer in time" };
  if (error instanceof Lithic.APIConnectionError)
    // The SDK cannot tell a refused connection (nothing sent) from one lost mid-request.
    return { class: "indeterminate", message: `Lithic could not be reached: ${error.message}` };
  if (error instanceof Lithic.APIError) {
    const status = error.status ?? 0;
    const body: Record<string, unknown> = { ...error.error };
    const message = typeof body.message === "string" ? body.message : error.message;
    const debuggingRequestId = typeof body.debugging_request_id === "string" ? body.debugging_request_id : undefined;
    const retryable = status === 429 || (status >= 500 && status !== 501);
    return { class: retryable ? "retry" : "final", status, message, debuggingRequestId };
  }
  return { class: "indeterminate", message: error instanceof Error ? error.message : String(error) };
}
