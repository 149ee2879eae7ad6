// Replays a delivery on request: queues one more attempt through the same deliver() path, within
// the spec's limits: 5 replays per delivery in any 60 minutes (counted in the database from the
// delivery's recorded replay requests) and 20 per minute per merchant user (lib/ratelimit), counted per
// account since an account's members share its applications (teams, issue 27).
import type { Prisma } from "@/lib/generated/prisma/client";
import { DomainError } from "@/lib/errors";
import { newId } from "@/lib/ids";
import { createRateLimiter, type RateLimiter, type RateLimitResult } from "@/lib/ratelimit";
import type { WebhookDeliveryRecord } from "@/lib/schemas/webhook";
import type { Tenant } from "@/lib/tenant";
import { deliveryRecord } from "./delivery-record";
import { enqueueDelivery } from "./enqueue";
import { findDelivery } from "./list-deliveries";
import { errorField, logger } from "@/lib/logging/logger";

/** Per delivery, over any 60 minutes (rolling), not per clock hour. */
export const REPLAYS_PER_DELIVERY_PER_HOUR = 5;
export const REPLAYS_PER_USER_PER_MINUTE = 20;

let userLimiter: RateLimiter | undefined;

function replayUserLimiter(): RateLimiter {
  userLimiter ??= createRateLimiter({
    name: "webhook-replay-user",
    limit: REPLAYS_PER_USER_PER_MINUTE,
    windowSeconds: 60,
  });
  return userLimiter;
}

async function spendUserMinute(accountId: string): Promise<void> {
  let result: RateLimitResult;
  try {
    result = await replayUserLimiter().limit(accountId);
  } catch (error) {
    logger("webhooks").error(errorField(error), "replay rate limiter unavailable");
    throw new DomainError("unavailable", "The service is temporarily unavailable. Retry shortly.", {
      retryAfterSeconds: 5,
    });
  }
  if (!result.success) {
    const retryAfter = Math.max(1, Math.ceil((result.reset - Date.now()) / 1000));
    throw new DomainError("replay_limited", `At most ${REPLAYS_PER_USER_PER_MINUTE} replays per minute per user.`, {
      retryAfterSeconds: retryAfter,
    });
  }
}

/**
 * Refuses a sixth replay request of the delivery in the last 60 minutes by the database clock.
 * The caller holds the delivery's row lock, so concurrent replays of it count one after the other.
 * Stored times are UTC wall-clock (timestamp without time zone, as Prisma writes them).
 */
async function checkDeliveryWindow(tx: Prisma.TransactionClient, deliveryId: string): Promise<void> {
  const newest = await tx.$queryRaw<{ leavesInSeconds: number }[]>`
    WITH clock AS (SELECT now() AT TIME ZONE 'UTC' AS now)
    SELECT ceil(extract(epoch FROM r."createdAt" + interval '60 minutes' - clock.now))::int AS "leavesInSeconds"
    FROM "WebhookReplayRequest" r, clock
    WHERE r."deliveryId" = ${deliveryId} AND r."createdAt" > clock.now - interval '60 minutes'
    ORDER BY r."createdAt" DESC
    LIMIT ${REPLAYS_PER_DELIVERY_PER_HOUR}`;
  // A slot frees when the oldest of the newest five leaves the window; fewer than five, one is free.
  const oldest = newest[REPLAYS_PER_DELIVERY_PER_HOUR - 1];
  if (!oldest) return;
  throw new DomainError(
    "replay_limited",
    `A delivery can be replayed ${REPLAYS_PER_DELIVERY_PER_HOUR} times per hour, counted over the last 60 minutes.`,
    { retryAfterSeconds: Math.max(1, oldest.leavesInSeconds) },
  );
}

export async function replayDelivery(
  tx: Prisma.TransactionClient,
  tenant: Tenant,
  id: string,
): Promise<WebhookDeliveryRecord> {
  const delivery = await findDelivery(tx, tenant, id);
  if (delivery.endpoint.deletedAt)
    throw new DomainError("endpoint_disabled", "The delivery's endpoint was deleted; nothing is sent to it any more.");
  if (!delivery.endpoint.enabled)
    throw new DomainError("endpoint_disabled", "The delivery's endpoint is disabled; enable it before replaying.");
  const { accountId } = await tx.application.findUniqueOrThrow({
    where: { id: tenant.applicationId },
    select: { accountId: true },
  });
  // NO KEY UPDATE: replays of this delivery wait for each other, while the worker's attempt rows
  // (whose foreign key takes KEY SHARE on the delivery) do not wait for a replay.
  await tx.$queryRaw`SELECT 1 FROM "WebhookDelivery" WHERE id = ${delivery.id} FOR NO KEY UPDATE`;
  // The delivery's own limit first, so a refused delivery does not use up the user's minute.
  await checkDeliveryWindow(tx, delivery.id);
  await spendUserMinute(accountId);
  // Recorded in the replay's transaction: a replay that fails to queue uses up nothing.
  await tx.$executeRaw`
    INSERT INTO "WebhookReplayRequest" (id, "deliveryId", "createdAt")
    VALUES (${newId("whr")}, ${delivery.id}, now() AT TIME ZONE 'UTC')`;
  await enqueueDelivery(tx, { deliveryId: delivery.id, endpointId: delivery.endpointId, trigger: "replay" });
  return deliveryRecord(delivery, delivery.attempts.at(-1) ?? null);
}
