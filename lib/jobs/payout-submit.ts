// Submits a pending payout to its rail (lib/payouts/submit-payout.ts): queued by the payout's own
// transaction, retried by graphile-worker while the rail is unreachable.
import { z } from "zod";
import { PAYOUT_SUBMIT_TASK, submitPayout } from "@/lib/payouts/submit-payout";
import { defineJob } from "./job";

export const payoutSubmitJob = defineJob({
  task: PAYOUT_SUBMIT_TASK,
  payload: z.object({ payoutId: z.string().min(1) }),
  async run({ payoutId }, { db }) {
    await submitPayout(db, payoutId);
  },
});
