// The audit line of a rolled signing secret taking over (docs/decisions/signing-secrets.md). Queued
// by rollSigningSecret (lib/webhooks/signing-secrets.ts) in the roll's transaction, due when the
// pending secret takes over.
import { z } from "zod";
import { recordScheduledActivation, SIGNING_SECRET_ACTIVATION_TASK } from "@/lib/webhooks/signing-secrets";
import { defineJob } from "./job";

export const signingSecretActivationJob = defineJob({
  task: SIGNING_SECRET_ACTIVATION_TASK,
  payload: z.object({ secretId: z.string().min(1) }),
  async run({ secretId }, { db }) {
    await recordScheduledActivation(db, secretId);
  },
});
