// Checks an outgoing wallet transfer against the wallet's limits that count transfers
// (`transfers: true`, docs/decisions/money-movement.md) and counts it in their running totals.
// Other limits and the merchant rules are about card spends and do not apply to a transfer.
import type { Db } from "@/lib/db/client";
import { DomainError } from "@/lib/errors";
import type { Prisma } from "@/lib/generated/prisma/client";
import { toMajor } from "@/lib/money/amount";
import { readControls, windowLimits } from "./controls";
import { addToTotalsSql, readTotals } from "./totals";
import { nextWindowStart, windowStart } from "./windows";

/**
 * Refuses with 402 `spending_limit_exceeded` (nothing written) a transfer over a limit that counts
 * transfers, else adds it to their totals. The caller holds the wallet's ledger account lock, which
 * every spend of its cards takes too, so the totals are read and added to one move at a time.
 */
export async function countTransferAgainstLimits(
  tx: Db,
  wallet: { id: string; spendingControls: Prisma.JsonValue | null },
  amount: bigint,
  currency: string,
  at: Date,
): Promise<void> {
  const limits = readControls(wallet.spendingControls).limits.filter((l) => l.transfers);
  if (limits.length === 0) return;
  const money = (minor: bigint) => `${toMajor(minor, currency)} ${currency}`;
  for (const limit of limits) {
    if (limit.interval === "per_authorization" && amount > limit.amount) {
      throw new DomainError(
        "spending_limit_exceeded",
        `The amount exceeds the wallet's per-authorization limit of ${money(limit.amount)}, which counts transfers.`,
        { param: "amount" },
      );
    }
  }
  const windows = windowLimits({ limits });
  if (windows.length === 0) return;
  const totals = (await readTotals(tx, [wallet.id], at)).get(wallet.id);
  for (const limit of windows) {
    const spent = totals?.get(limit.key) ?? 0n;
    if (spent + amount > limit.amount) {
      const resets = nextWindowStart(limit.interval, at);
      throw new DomainError(
        "spending_limit_exceeded",
        `The amount exceeds the wallet's ${limit.interval.replace("_", "-")} limit of ${money(limit.amount)}, which counts transfers: ` +
          `${money(limit.amount > spent ? limit.amount - spent : 0n)} is left${resets ? ` until ${resets.toISOString()}` : ""}.`,
        { param: "amount" },
      );
    }
  }
  await tx.$executeRaw(
    addToTotalsSql(
      windows.map((limit) => ({
        subjectId: wallet.id,
        interval: limit.interval,
        key: limit.key,
        categories: limit.categories,
        windowStart: windowStart(limit.interval, at),
      })),
      amount,
      at,
    ),
  );
}
