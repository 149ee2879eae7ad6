// The treasury figures as served: computed at most once a minute per process, since the public
// page and JSON may be hit often and the figures are documented as up to 60 seconds old.
import { prisma } from "@/lib/db/client";
import type { TreasuryStats } from "@/lib/schemas/treasury";
import { computeTreasuryStats } from "./compute-treasury-stats";

export const TREASURY_CACHE_SECONDS = 60;

let cached: { at: number; stats: Promise<TreasuryStats> } | undefined;

export function treasuryStats(nowMs = Date.now()): Promise<TreasuryStats> {
  if (!cached || nowMs - cached.at >= TREASURY_CACHE_SECONDS * 1000) {
    // Concurrent callers share one computation; a failed one is not kept.
    const stats = computeTreasuryStats(prisma(), new Date(nowMs));
    cached = { at: nowMs, stats };
    stats.catch(() => {
      if (cached?.stats === stats) cached = undefined;
    });
  }
  return cached.stats;
}
