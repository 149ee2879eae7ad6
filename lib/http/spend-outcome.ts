// A spend's outcome as the HTTP answer: the pending authorization, or the decline as a 402 whose
// error carries the declined authorization.
import type { SpendDeclined, SpendOutcome } from "@/lib/authorizations/spend-card";
import { countAuthorization } from "@/lib/metrics/metrics";
import { ApiError } from "./errors";
import type { HandlerResult } from "./handler-result";

function declineError(declined: SpendDeclined): ApiError {
  return new ApiError(declined.decline, declined.message, { extra: { authorization: declined.authorization } });
}

export function spendResult(outcome: SpendOutcome): HandlerResult {
  // Counted as decided, inside the write: a write that then rolls back (its client gone, say) has
  // been counted, which the metric's help text says.
  countAuthorization(outcome.approved ? "approved" : "declined", outcome.approved ? null : outcome.decline);
  // The approved status is the operation's declared success status (201).
  return outcome.approved ? { body: outcome.authorization } : { refusal: declineError(outcome) };
}
