// The `spending` read-back of a card or wallet: each window limit of its own controls with what is
// counted against it in the current window.
import { toMajor } from "@/lib/money/amount";
import type { SpendingUsageRecord } from "@/lib/schemas/spending-controls";
import { windowLimits, type SpendingControls } from "./controls";
import { nextWindowStart } from "./windows";

/** limitKey → spent in the current windows, for one card or wallet. */
export type SubjectTotals = ReadonlyMap<string, bigint>;

export const NOTHING_SPENT: SubjectTotals = new Map();

export function spendingUsage(
  controls: SpendingControls,
  totals: SubjectTotals,
  currency: string,
  at: Date,
): SpendingUsageRecord[] {
  return windowLimits(controls).map((limit) => {
    const spent = totals.get(limit.key) ?? 0n;
    const resetsAt = nextWindowStart(limit.interval, at);
    return {
      interval: limit.interval,
      ...(limit.categories.length > 0 ? { categories: [...limit.categories] } : {}),
      ...(limit.transfers ? { transfers: true } : {}),
      limit: toMajor(limit.amount, currency),
      spent: toMajor(spent, currency),
      remaining: toMajor(limit.amount > spent ? limit.amount - spent : 0n, currency),
      resetsAt: resetsAt?.toISOString() ?? null,
    };
  });
}
