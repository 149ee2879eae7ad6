// Expires an uncaptured card hold when it lapses (docs/decisions/holds-that-end.md). Queued by the
// spend that approved the hold, in its transaction, due at the authorization's expiresAt
// (lib/authorizations/hold-expiry.ts); a no-op once the hold was captured, reversed or expired.
import { z } from "zod";
import { expireHold } from "@/lib/authorizations/expire-hold";
import { HOLD_EXPIRY_TASK } from "@/lib/authorizations/hold-expiry";
import { defineJob } from "./job";

export const authorizationExpiryJob = defineJob({
  task: HOLD_EXPIRY_TASK,
  payload: z.object({ authorizationId: z.string().min(1) }),
  async run({ authorizationId }, { db }) {
    await expireHold(db, authorizationId);
  },
});
