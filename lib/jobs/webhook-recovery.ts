// One run of a webhook recovery (lib/webhooks/recovery.ts): the next deliveries of the recovery, in
// order, paced; queued when the recovery starts, and by each run for the next.
import { z } from "zod";
import { RECOVERY_TASK, runRecoveryStep } from "@/lib/webhooks/recovery";
import { defineJob } from "./job";

export const webhookRecoveryJob = defineJob({
  task: RECOVERY_TASK,
  payload: z.object({ recoveryId: z.string().min(1) }),
  async run(job, { db, sql, settings }) {
    await runRecoveryStep(job.recoveryId, { db, sql, timeoutMs: settings.timeoutMs, retryScale: settings.retryScale });
  },
});
