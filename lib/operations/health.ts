// The public health check operation.
import { healthSchema } from "@/lib/schemas/health";
import { defineOperation } from "./define";

export const getHealthOperation = defineOperation({
  operationId: "getHealth",
  method: "GET",
  path: "/api/public/health",
  surface: "public",
  summary: "Service health",
  description:
    "Whether this instance can serve: 200 once its database answers `SELECT 1`, 503 `unavailable` with `Retry-After` while the database cannot be reached (stopped, restarting, failing over) or does not answer within 3 seconds. For load balancers and uptime checks; limited per client address like every public route. `Cache-Control: no-store`.",
  tags: ["Service"],
  errors: ["unavailable"],
  success: { status: 200, description: "The instance and its database answer.", schema: healthSchema },
});
