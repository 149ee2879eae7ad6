// A card's controls after a request that may give spendLimit, spendingControls or both: spendLimit
// is the per_authorization limit without categories, so the two must agree when both name it.
import { DomainError } from "@/lib/errors";
import { toMinor } from "@/lib/money/amount";
import type { SpendingControlsInput } from "@/lib/schemas/spending-controls";
import { fromInput, type SpendingControls, type SpendingLimit } from "./controls";

const isSpendLimit = (limit: SpendingLimit) => limit.interval === "per_authorization" && limit.categories.length === 0;

/**
 * `current` with the request applied: spendingControls replaces every control; spendLimit then
 * sets (a number) or removes (null) the per_authorization limit without categories, and absent
 * leaves it as spendingControls (or `current`) has it.
 */
export function requestedCardControls(
  current: SpendingControls,
  input: { spendLimit?: number | null; spendingControls?: SpendingControlsInput },
  currency: string,
): SpendingControls {
  const base =
    input.spendingControls === undefined ? current : fromInput(input.spendingControls, currency, "spendingControls");
  if (input.spendLimit === undefined) return base;
  const spendLimit = input.spendLimit === null ? null : toMinor(input.spendLimit, currency, "spendLimit");
  const given = input.spendingControls === undefined ? undefined : base.limits.find(isSpendLimit);
  if (given && given.amount !== spendLimit) {
    throw new DomainError(
      "validation_failed",
      "spendLimit differs from spendingControls' per_authorization limit without categories; they are the same limit, so give one of them.",
      { param: "spendLimit" },
    );
  }
  const others = base.limits.filter((limit) => !isSpendLimit(limit));
  const limits: SpendingLimit[] =
    spendLimit === null
      ? others
      : [
          {
            amount: spendLimit,
            interval: "per_authorization",
            categories: [],
            key: "per_authorization",
            fromSpendLimit: true,
          },
          ...others,
        ];
  return { ...base, limits };
}
