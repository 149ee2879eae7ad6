// The per-endpoint throttle (issue 38): an endpoint with maxPerSecond is never sent more than that
// many deliveries a second, by every worker process together (docs/decisions/webhook-recovery.md).
// Two steps, both one statement under the endpoint's row lock, so processes never share a turn:
// - a send first reserves a slot, 1/maxPerSecond after the last one handed out (throttleNextAt); a
//   slot ahead of now sends the job back to the queue until then, holding its slot, so a backlog
//   waits in the queue, spread over time, and frees its workers for other endpoints meanwhile;
// - when it runs, late or not, it takes its turn: 1/maxPerSecond after the last send's start by the
//   database's clock (throttleSentAt), waiting in process for the rest of that interval at most.
//   Jobs run late by the queue's polling would otherwise bunch up past the rate.
import type { PrismaClient } from "@/lib/generated/prisma/client";

/** A slot this close to now is taken as now: not worth a trip through the queue. */
export const SLOT_TOLERANCE_MS = 5;

/** Takes the endpoint's next send slot at or after `now`, and returns when it is. */
export async function takeSendSlot(
  db: PrismaClient,
  endpointId: string,
  maxPerSecond: number,
  now: Date,
): Promise<Date> {
  const spacingSeconds = 1 / maxPerSecond;
  const [row] = await db.$queryRaw<{ slot: Date }[]>`
    UPDATE "WebhookEndpoint"
    SET "throttleNextAt" = GREATEST(COALESCE("throttleNextAt", ${now}), ${now}) + make_interval(secs => ${spacingSeconds})
    WHERE "id" = ${endpointId}
    RETURNING "throttleNextAt" - make_interval(secs => ${spacingSeconds}) AS "slot"`;
  return row?.slot ?? now;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, Math.max(1, ms)));

/** Waits until 1/maxPerSecond has passed since the endpoint's last send began, and marks this one's start. */
export async function takeSendTurn(db: PrismaClient, endpointId: string, maxPerSecond: number): Promise<void> {
  const spacingSeconds = 1 / maxPerSecond;
  for (;;) {
    const [row] = await db.$queryRaw<{ waitMs: number | null }[]>`
      WITH clock AS (SELECT clock_timestamp() AT TIME ZONE 'UTC' AS "now"),
      taken AS (
        UPDATE "WebhookEndpoint" w SET "throttleSentAt" = clock."now" FROM clock
        WHERE w."id" = ${endpointId}
          AND (w."throttleSentAt" IS NULL OR w."throttleSentAt" <= clock."now" - make_interval(secs => ${spacingSeconds}))
        RETURNING 1
      )
      SELECT CASE WHEN EXISTS (SELECT 1 FROM taken) THEN NULL ELSE
        (SELECT (extract(epoch FROM w."throttleSentAt" + make_interval(secs => ${spacingSeconds}) - clock."now") * 1000)::float8
         FROM "WebhookEndpoint" w, clock WHERE w."id" = ${endpointId}) END AS "waitMs"`;
    if (!row || row.waitMs === null) return;
    await sleep(Math.ceil(row.waitMs));
  }
}
