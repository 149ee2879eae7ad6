// GET /api/public/health: 200 when this instance's database answers, else 503; never cached.
import { checkHealth } from "@/lib/health/check-health";
import { publicRoute } from "@/lib/http/public-route";
import { routeMethods } from "@/lib/http/route-methods";
import { getHealthOperation } from "@/lib/operations";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeMethods(
  publicRoute(getHealthOperation, async () => ({
    body: await checkHealth(),
    // A cached "ok" would hide the outage the check exists to show.
    headers: { "cache-control": "no-store" },
  })),
);
