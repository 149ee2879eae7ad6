// Whether this process should be sent traffic: what GET /api/public/health/ready tells Kubernetes'
// readiness probe and load balancers (docs/decisions/readiness.md). Liveness (GET /api/public/health)
// stays the database alone, so a Redis outage takes instances out of rotation without restarting them.
import { prisma, type Db } from "@/lib/db/client";
import { DomainError } from "@/lib/errors";
import { isDraining } from "@/lib/platform/process-lifecycle";
import { pingRateLimitStore, RateLimiterUnavailableError } from "@/lib/ratelimit";
import type { Readiness } from "@/lib/schemas/health";
import { countLiveWorkers } from "@/lib/webhooks/worker-liveness";
import { checkHealth } from "./check-health";

export type ReadinessProbes = {
  db?: Db;
  draining?: () => boolean;
  rateLimitStore?: () => Promise<"ok" | "memory">;
};

/**
 * Ready when this process is not stopping, its database answers and its rate-limit store (Redis)
 * answers; throws `unavailable` naming the first that fails. Whether a webhook worker holds its
 * liveness lock on this database is reported, not required: taking every web instance out of
 * rotation because the worker is down would turn late webhooks into a full outage.
 */
export async function checkReadiness({
  db = prisma(),
  draining = isDraining,
  rateLimitStore = pingRateLimitStore,
}: ReadinessProbes = {}): Promise<Readiness> {
  if (draining()) {
    throw new DomainError("unavailable", "This instance is shutting down; send requests to another.", {
      retryAfterSeconds: 1,
    });
  }
  await checkHealth(db);
  let store: "ok" | "memory";
  try {
    store = await rateLimitStore();
  } catch (error) {
    if (!(error instanceof RateLimiterUnavailableError)) throw error;
    throw new DomainError("unavailable", "The rate-limit store (Redis) does not answer. Retry shortly.", {
      retryAfterSeconds: 1,
    });
  }
  return {
    status: "ready",
    database: "ok",
    rateLimitStore: store,
    webhookWorkers: await countLiveWorkers(db),
  };
}
