// GET /api/public/health/ready: 200 when this instance should be sent traffic, else 503; never cached.
import { checkReadiness } from "@/lib/health/check-readiness";
import { publicRoute } from "@/lib/http/public-route";
import { routeMethods } from "@/lib/http/route-methods";
import { getReadinessOperation } from "@/lib/operations";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeMethods(
  publicRoute(getReadinessOperation, async () => ({
    body: await checkReadiness(),
    headers: { "cache-control": "no-store" },
  })),
);
