// Transitional: spendCard with its decline already turned into the 402 ApiError, for callers that
// still pass `outcome.decline` as a refusal (the two spend routes, lib/cli/trigger-event.ts, two
// tests). Once they call spendCard (and the routes spendResult), delete this file and its
// exemption in tests/unit/layers.test.ts.
import type { ApiError } from "@/lib/http/errors";
import { declineError } from "@/lib/http/spend-outcome";
import type { AuthorizationRecord } from "@/lib/schemas/authorization";
import { spendCard } from "./spend-card";

export type { SpendSource } from "./spend-card";

export type AuthorizeOutcome =
  | { approved: true; authorization: AuthorizationRecord }
  | { approved: false; authorization: AuthorizationRecord; decline: ApiError };

export async function authorizeSpend(...args: Parameters<typeof spendCard>): Promise<AuthorizeOutcome> {
  const outcome = await spendCard(...args);
  if (outcome.approved) return outcome;
  return { approved: false, authorization: outcome.authorization, decline: declineError(outcome) };
}
