// OpenAPI operation for the public treasury statistics.
import type { ZodOpenApiPathsObject } from "zod-openapi";
import { treasuryStatsSchema } from "@/lib/schemas/treasury";
import { publicOperation } from "../operation";

export const treasuryPaths: ZodOpenApiPathsObject = {
  "/api/public/treasury/stats.json": {
    get: publicOperation({
      operationId: "getTreasuryStats",
      summary: "Treasury statistics",
      description:
        "Live-mode figures only, per currency: wallets, active cards, liabilities (sum of wallet balances), reserves, coverage ratio and 30-day card volume (captures net of refunds), plus `ledger_balanced` from the ledger's invariant. Computed at most once a minute; `Cache-Control: public, max-age=60`.",
      tags: ["Treasury"],
      success: { description: "The statistics.", schema: treasuryStatsSchema },
    }),
  },
};
