// The data of the application's own operational events (docs/decisions/operational-events.md): an
// endpoint the delivery engine disabled, a decision endpoint failing, a signing secret taking over.
// About no wallet, so numbered in the application's stream. Ids, reasons and times only: never a
// secret, never an endpoint's URL (which may carry a token in its query).
import { z } from "zod";
import { livemodeSchema, timestampSchema } from "./common";
import { EXAMPLE_IDS } from "./examples";

const webhookEndpointDisabledShape = z.object({
  id: z.string().meta({ description: "The webhook endpoint's id.", example: EXAMPLE_IDS.endpoint }),
  object: z.literal("webhook_endpoint"),
  reason: z.string().meta({
    description: "Why it was disabled, as the endpoint's `disabledReason` says it.",
    example:
      "Disabled automatically: every delivery failed for 3 days (since 2026-11-18T09:00:00.000Z) with no success; last error: HTTP 503",
  }),
  failingSince: timestampSchema.meta({ description: "When its failure streak began." }),
  disabledAt: timestampSchema,
  livemode: livemodeSchema,
});

export type WebhookEndpointDisabledData = z.output<typeof webhookEndpointDisabledShape>;

export const WEBHOOK_ENDPOINT_DISABLED_EXAMPLE: WebhookEndpointDisabledData = {
  id: EXAMPLE_IDS.endpoint,
  object: "webhook_endpoint",
  reason:
    "Disabled automatically: every delivery failed for 3 days (since 2026-11-18T09:00:00.000Z) with no success; last error: HTTP 503",
  failingSince: "2026-11-18T09:00:00.000Z",
  disabledAt: "2026-11-21T09:00:12.000Z",
  livemode: false,
};

export const webhookEndpointDisabledSchema = webhookEndpointDisabledShape.meta({
  id: "WebhookEndpointDisabled",
  example: WEBHOOK_ENDPOINT_DISABLED_EXAMPLE,
});

/** Why a decision call failed, as `decision.reason` on the authorizations it defaulted. */
export const DECISION_FAILURE_REASONS = ["timeout", "invalid_response", "error"] as const;
export type DecisionFailureReason = (typeof DECISION_FAILURE_REASONS)[number];

const decisionEndpointFailingShape = z.object({
  id: z.string().meta({ description: "The decision endpoint's id.", example: "aep_3Fh8Jk1Lz6Xc9Vb2Nm5Qw7Er" }),
  object: z.literal("decision_endpoint"),
  reason: z.enum(DECISION_FAILURE_REASONS).meta({
    description:
      "The latest failure: timeout (no answer within timeoutMs), error (a non-2xx, refused, reset or redirect) or invalid_response (an unusable 2xx).",
  }),
  consecutiveFailures: z.number().int().min(1).meta({
    description: "Calls in a row that failed, as one instance of the service counted them when it noticed.",
    example: 5,
  }),
  failingSince: timestampSchema.meta({ description: "The first failure of the streak." }),
  defaultAction: z.enum(["approve", "decline"]).meta({
    description: "What the failing calls' spends got meanwhile: the endpoint's defaultAction.",
  }),
  livemode: livemodeSchema,
});

export type DecisionEndpointFailingData = z.output<typeof decisionEndpointFailingShape>;

export const DECISION_ENDPOINT_FAILING_EXAMPLE: DecisionEndpointFailingData = {
  id: "aep_3Fh8Jk1Lz6Xc9Vb2Nm5Qw7Er",
  object: "decision_endpoint",
  reason: "timeout",
  consecutiveFailures: 5,
  failingSince: "2026-11-21T09:10:02.000Z",
  defaultAction: "decline",
  livemode: false,
};

export const decisionEndpointFailingSchema = decisionEndpointFailingShape.meta({
  id: "DecisionEndpointFailing",
  example: DECISION_ENDPOINT_FAILING_EXAMPLE,
});

const webhookSecretRotatedShape = z.object({
  id: z.string().meta({ description: "The signing secret now in use (its id, never the secret)." }),
  object: z.literal("webhook_signing_secret"),
  mode: z.enum(["test", "live"]),
  previousSecretId: z
    .string()
    .nullable()
    .meta({ description: "The secret it replaced; deliveries stop being signed with it." }),
  scheduled: z.boolean().meta({
    description: "true when a roll scheduled for later took over now; false for an immediate roll or activation.",
  }),
  activeFrom: timestampSchema.meta({ description: "When it started signing." }),
  livemode: livemodeSchema,
});

export type WebhookSecretRotatedData = z.output<typeof webhookSecretRotatedShape>;

export const WEBHOOK_SECRET_ROTATED_EXAMPLE: WebhookSecretRotatedData = {
  id: "whsk_6Tg1Hy8Uj3Ik5Ol9Pm2Nb4Vc",
  object: "webhook_signing_secret",
  mode: "test",
  previousSecretId: "whsk_2Qa7Ws4Ed9Rf1Tg6Yh3Uj8Ik",
  scheduled: true,
  activeFrom: "2026-11-22T09:00:00.000Z",
  livemode: false,
};

export const webhookSecretRotatedSchema = webhookSecretRotatedShape.meta({
  id: "WebhookSecretRotated",
  example: WEBHOOK_SECRET_ROTATED_EXAMPLE,
});
