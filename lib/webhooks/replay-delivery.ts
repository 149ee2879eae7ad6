// Replays a delivery on request: queues one more attempt through the same deliver() path, within
// the spec's limits of 5 replays per hour per delivery and 20 per minute per merchant user.
import type { Prisma } from "@/lib/generated/prisma/client";
import { DomainError } from "@/lib/errors";
import { createRateLimiter, type RateLimiter, type RateLimitResult } from "@/lib/ratelimit";
import type { WebhookDeliveryRecord } from "@/lib/schemas/webhook";
import type { Tenant } from "@/lib/tenant";
import { deliveryRecord } from "./delivery-record";
import { enqueueDelivery } from "./enqueue";
import { findDelivery } from "./list-deliveries";

export const REPLAYS_PER_DELIVERY_PER_HOUR = 5;
export const REPLAYS_PER_USER_PER_MINUTE = 20;

let limiters: { delivery: RateLimiter; user: RateLimiter } | undefined;

function replayLimiters() {
  limiters ??= {
    delivery: createRateLimiter({
      name: "webhook-replay-delivery",
      limit: REPLAYS_PER_DELIVERY_PER_HOUR,
      windowSeconds: 3600,
    }),
    user: createRateLimiter({ name: "webhook-replay-user", limit: REPLAYS_PER_USER_PER_MINUTE, windowSeconds: 60 }),
  };
  return limiters;
}

async function spend(limiter: RateLimiter, identifier: string, refusal: string): Promise<void> {
  let result: RateLimitResult;
  try {
    result = await limiter.limit(identifier);
  } catch (error) {
    console.error("replay rate limiter unavailable", error);
    throw new DomainError("unavailable", "The service is temporarily unavailable. Retry shortly.", {
      retryAfterSeconds: 5,
    });
  }
  if (!result.success) {
    const retryAfter = Math.max(1, Math.ceil((result.reset - Date.now()) / 1000));
    throw new DomainError("replay_limited", refusal, { retryAfterSeconds: retryAfter });
  }
}

export async function replayDelivery(
  tx: Prisma.TransactionClient,
  tenant: Tenant,
  id: string,
): Promise<WebhookDeliveryRecord> {
  const delivery = await findDelivery(tx, tenant, id);
  if (!delivery.endpoint.enabled)
    throw new DomainError("endpoint_disabled", "The delivery's endpoint is disabled; enable it before replaying.");
  const { merchantId } = await tx.application.findUniqueOrThrow({
    where: { id: tenant.applicationId },
    select: { merchantId: true },
  });
  const { delivery: perDelivery, user: perUser } = replayLimiters();
  // The delivery's own limit first, so a refused delivery does not use up the user's minute.
  await spend(perDelivery, delivery.id, `A delivery can be replayed ${REPLAYS_PER_DELIVERY_PER_HOUR} times per hour.`);
  await spend(perUser, merchantId, `At most ${REPLAYS_PER_USER_PER_MINUTE} replays per minute per user.`);
  await enqueueDelivery(tx, { deliveryId: delivery.id, trigger: "replay" });
  return deliveryRecord(delivery, delivery.attempts.at(-1) ?? null);
}
