// The public treasury statistics operation.
import { treasuryStatsSchema } from "@/lib/schemas/treasury";
import { defineOperation } from "./define";

export const getTreasuryStatsOperation = defineOperation({
  operationId: "getTreasuryStats",
  method: "GET",
  path: "/api/public/treasury/stats.json",
  surface: "public",
  summary: "Treasury statistics",
  description:
    "Live-mode figures only, per currency: wallets, active cards, liabilities (sum of wallet balances), reserves, coverage ratio and 30-day card volume (captures net of refunds), plus `ledger_balanced` and `ledger_checked_at` from the background ledger verification (which checks new ledger entries about once a minute, off this request). Computed at most once a minute; `Cache-Control: public, max-age=60`.",
  tags: ["Treasury"],
  success: { status: 200, description: "The statistics.", schema: treasuryStatsSchema },
});
