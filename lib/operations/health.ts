// The public health check operation.
import { healthSchema, readinessSchema } from "@/lib/schemas/health";
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

export const getReadinessOperation = defineOperation({
  operationId: "getReadiness",
  method: "GET",
  path: "/api/public/health/ready",
  surface: "public",
  summary: "Service readiness",
  description:
    "Whether this instance should be sent traffic, for a Kubernetes readiness probe or a load balancer: 200 when it is not shutting down, its database answers `SELECT 1` and its rate-limit store (Redis) answers `PING`; otherwise 503 `unavailable` with `Retry-After`, the message naming what failed. From a shutdown signal on it answers 503 for `SHUTDOWN_DRAIN_MS` while still serving, so the probe takes it out of rotation first. The webhook worker's liveness is reported (`webhookWorkers`), not required. Liveness stays `GET /api/public/health`. `Cache-Control: no-store`.",
  tags: ["Service"],
  errors: ["unavailable"],
  success: { status: 200, description: "Send this instance traffic.", schema: readinessSchema },
});
