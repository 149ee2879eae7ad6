// A card's controls after a request that may give spendLimit, spendingControls or both: spendLimit
// is the per_authorization limit without categories, so the two must agree when both name it
// (docs/decisions/spending-controls.md).
import { DomainError } from "@/lib/errors";
import { toMinor } from "@/lib/money/amount";
import type { SpendingControlsInput } from "@/lib/schemas/spending-controls";
import { fromInput, type SpendingControls, type SpendingLimit } from "./controls";

const isSpendLimit = (limit: SpendingLimit) => limit.interval === "per_authorization" && limit.categories.length === 0;

/**
 * `current` with the request applied: spendingControls replaces every control but the card's
 * spendLimit, which only a request naming it changes: `spendLimit` sets (a number) or removes (null)
 * it, and so does a per_authorization limit without categories inside spendingControls. Named by
 * neither, it stays as `current` has it, and the answer shows it in both places.
 */
export function requestedCardControls(
  current: SpendingControls,
  input: { spendLimit?: number | null; spendingControls?: SpendingControlsInput },
  currency: string,
): SpendingControls {
  if (input.spendingControls === undefined && input.spendLimit === undefined) return current;
  const base =
    input.spendingControls === undefined ? current : fromInput(input.spendingControls, currency, "spendingControls");
  const given = input.spendingControls === undefined ? undefined : base.limits.find(isSpendLimit);
  const requested =
    input.spendLimit === undefined
      ? undefined
      : input.spendLimit === null
        ? null
        : toMinor(input.spendLimit, currency, "spendLimit");
  if (given && requested !== undefined && given.amount !== requested) {
    throw new DomainError(
      "validation_failed",
      "spendLimit differs from spendingControls' per_authorization limit without categories; they are the same limit, so give one of them.",
      { param: "spendLimit" },
    );
  }
  const spendLimit =
    requested !== undefined ? requested : ((given ?? current.limits.find(isSpendLimit))?.amount ?? null);
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
            transfers: false,
          },
          ...others,
        ];
  return { ...base, limits };
}
