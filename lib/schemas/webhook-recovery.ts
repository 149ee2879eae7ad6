// Recoveries as the API takes and returns them: the request (since when, and whether deliveries that
// succeeded go again), and the recovery with its progress (docs/decisions/webhook-recovery.md).
import { z } from "zod";
import { idempotentReplaySchema, timestampSchema, withExample } from "./common";
import { EXAMPLE_IDS } from "./examples";

export const EXAMPLE_RECOVERY_ID = "whrc_5Lm7Nb2Vc9Xz4As1Df8Gh3Jk";

export const recoverEndpointBodySchema = withExample(
  z
    .object({
      since: z.iso.datetime({ offset: true }).optional().meta({
        description:
          "Re-send the endpoint's deliveries made since this time; absent: since the start of the retention window. Earlier than the window is 400.",
      }),
      all: z.boolean().optional().meta({
        description:
          "true: every delivery since then, those that succeeded included; absent or false: only those with no successful attempt.",
      }),
    })
    .strict(),
  { id: "RecoverWebhookEndpointRequest", example: { since: "2026-10-01T08:00:00.000Z" } },
);

export const recoveryPathSchema = z.object({
  id: z.string().min(1).max(64).meta({ description: "The endpoint's id.", example: EXAMPLE_IDS.endpoint }),
  recoveryId: z.string().min(1).max(64).meta({ description: "The recovery's id.", example: EXAMPLE_RECOVERY_ID }),
});

const recoveryShape = z.object({
  id: z.string().meta({ example: EXAMPLE_RECOVERY_ID }),
  object: z.literal("webhook_recovery"),
  endpointId: z.string().meta({ example: EXAMPLE_IDS.endpoint }),
  status: z.enum(["running", "completed", "canceled"]).meta({
    description:
      "running: sending, one delivery at a time in order (or waiting to try the current one again after a failure, see retryAt); completed: every delivery was handled; canceled: by the caller, or because the endpoint was disabled or deleted.",
  }),
  since: timestampSchema.meta({ description: "The deliveries made since this time are re-sent." }),
  all: z.boolean().meta({ description: "Whether deliveries that had succeeded are re-sent too." }),
  total: z.number().int().meta({ description: "Deliveries in the recovery, listed when it started.", example: 120 }),
  done: z.number().int().meta({ description: "Deliveries handled so far.", example: 45 }),
  left: z.number().int().meta({ description: "Deliveries still to handle: total - done.", example: 75 }),
  sent: z.number().int().meta({ description: "Of those done, sent and answered 2xx (or 410 Gone: abandoned).", example: 44 }),
  skipped: z.number().int().meta({
    description: "Of those done, not sent: delivered by a retry meanwhile.",
    example: 1,
  }),
  lastError: z.string().nullable().meta({
    description: "Why the current delivery's last send failed, while the recovery waits to send it again; null otherwise.",
  }),
  retryAt: timestampSchema.nullable().meta({ description: "When the current delivery is sent again after a failure." }),
  cancelReason: z.string().nullable(),
  createdAt: timestampSchema,
  finishedAt: timestampSchema.nullable(),
});

const RECOVERY_EXAMPLE: z.output<typeof recoveryShape> = {
  id: EXAMPLE_RECOVERY_ID,
  object: "webhook_recovery",
  endpointId: EXAMPLE_IDS.endpoint,
  status: "running",
  since: "2026-10-01T08:00:00.000Z",
  all: false,
  total: 120,
  done: 45,
  left: 75,
  sent: 44,
  skipped: 1,
  lastError: null,
  retryAt: null,
  cancelReason: null,
  createdAt: "2026-10-02T09:00:00.000Z",
  finishedAt: null,
};

export const webhookRecoverySchema = withExample(recoveryShape, { id: "WebhookRecovery", example: RECOVERY_EXAMPLE });

export const webhookRecoveryWriteSchema = withExample(
  recoveryShape.extend({ idempotent_replay: idempotentReplaySchema }),
  { id: "WebhookRecoveryWriteResponse", example: { ...RECOVERY_EXAMPLE, idempotent_replay: false } },
);

export type WebhookRecoveryRecord = z.output<typeof webhookRecoverySchema>;
export type RecoverEndpointBody = z.output<typeof recoverEndpointBodySchema>;
