// GET /api/public/treasury/stats.json: live treasury figures, cached for 60 seconds.
import { publicRoute } from "@/lib/http/public-route";
import { TREASURY_CACHE_SECONDS, treasuryStats } from "@/lib/treasury/treasury-stats";

export const GET = publicRoute({}, async () => ({
  body: await treasuryStats(),
  headers: { "cache-control": `public, max-age=${TREASURY_CACHE_SECONDS}` },
}));
