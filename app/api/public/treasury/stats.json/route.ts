// GET /api/public/treasury/stats.json: live treasury figures, cached for 60 seconds.
import { publicRoute } from "@/lib/http/public-route";
import { routeMethods } from "@/lib/http/route-methods";
import { getTreasuryStatsOperation } from "@/lib/operations";
import { TREASURY_CACHE_SECONDS, treasuryStats } from "@/lib/treasury/treasury-stats";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeMethods(
  publicRoute(getTreasuryStatsOperation, async () => ({
    body: await treasuryStats(),
    headers: { "cache-control": `public, max-age=${TREASURY_CACHE_SECONDS}` },
  })),
);
