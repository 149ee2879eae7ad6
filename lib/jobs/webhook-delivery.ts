// One webhook delivery attempt (lib/webhooks/deliver.ts), first try, retry or replay alike. Queued
// by lib/webhooks/enqueue.ts in the transaction of the change, the failed attempt or the replay.
import { z } from "zod";
import { deliver } from "@/lib/webhooks/deliver";
import { DELIVER_TASK } from "@/lib/webhooks/enqueue";
import { defineJob } from "./job";

export const webhookDeliveryJob = defineJob({
  task: DELIVER_TASK,
  payload: z.object({
    deliveryId: z.string().min(1),
    // Jobs queued before endpoints were carried in the payload have none; the delivery row names it.
    endpointId: z.string().min(1).optional(),
    trigger: z.enum(["retry", "replay"]),
    retryNumber: z.number().int().positive().optional(),
    slotReserved: z.boolean().optional(),
  }),
  async run(job, { db, sql, gate, settings }, helpers) {
    await deliver(job.deliveryId, job.trigger, {
      db,
      jobKey: helpers.job.key ?? undefined,
      retryNumber: job.retryNumber,
      slotReserved: job.slotReserved,
      retryScale: settings.retryScale,
      timeoutMs: settings.timeoutMs,
      gate,
      sql,
    });
  },
});
