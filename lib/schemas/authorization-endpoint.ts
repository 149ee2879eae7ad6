// The authorization decision endpoint (docs/decisions/authorization-decisions.md): the body that sets
// it, the record with its health, and the request it is sent and the answer it gives, which the
// OpenAPI document shows as a webhook-like callback and @wallet-card/client types.
import { z } from "zod";
import { amountOutSchema, idempotentReplaySchema, livemodeSchema, timestampSchema, withExample } from "./common";
import { EXAMPLE_IDS, EXAMPLE_MERCHANT, EXAMPLE_TIMES, EXAMPLE_USER, EXAMPLE_WEBHOOK_URL } from "./examples";

export const DECISION_TIMEOUT = { min: 100, max: 2_000, default: 2_000 } as const;
export const DEFAULT_ACTIONS = ["approve", "decline"] as const;
/** What an answer's metadata may hold: at most this many keys, each key and value at most this long. */
export const METADATA_LIMITS = { keys: 20, keyLength: 40, valueLength: 500 } as const;
/** The endpoint's health covers its newest this many decisions (one indexed read, never a scan). */
export const HEALTH_WINDOW = 100;

const EXAMPLE_DECISION_URL = EXAMPLE_WEBHOOK_URL.replace(/\/[^/]*$/, "/authorization-decisions");

export const setAuthorizationEndpointBodySchema = withExample(
  z
    .object({
      url: z.string().trim().min(1).max(2_048).meta({
        description:
          "Where each spend is sent for a decision: the same rules as webhook endpoints (https in live mode, public addresses only, checked again at every send).",
        example: EXAMPLE_DECISION_URL,
      }),
      timeoutMs: z
        .number()
        .int()
        .min(DECISION_TIMEOUT.min)
        .max(DECISION_TIMEOUT.max)
        .optional()
        .meta({
          description: `How long a spend waits for the answer; default ${DECISION_TIMEOUT.default}.`,
          example: 1500,
        }),
      defaultAction: z.enum(DEFAULT_ACTIONS).meta({
        description:
          "What a spend gets when the endpoint does not answer usably within timeoutMs (a non-2xx, invalid JSON, an amount above the request, too late), or when too many decisions are in flight.",
        example: "decline",
      }),
    })
    .strict(),
  {
    id: "SetAuthorizationEndpointRequest",
    example: { url: EXAMPLE_DECISION_URL, timeoutMs: 1500, defaultAction: "decline" },
  },
);

const healthSchema = z.object({
  window: z
    .number()
    .int()
    .meta({ description: `How many of the newest decisions these figures cover (at most ${HEALTH_WINDOW}).` }),
  approved: z.number().int(),
  declined: z.number().int(),
  timeouts: z.number().int(),
  invalidResponses: z.number().int(),
  errors: z.number().int(),
  overloaded: z.number().int(),
  p50LatencyMs: z
    .number()
    .int()
    .nullable()
    .meta({ description: "Median latency of the answers and timeouts; null before any." }),
  p95LatencyMs: z.number().int().nullable(),
  lastAnswers: z
    .array(
      z.object({
        authorizationId: z.string(),
        at: timestampSchema,
        by: z.enum(["application", "default"]),
        reason: z.string(),
        latencyMs: z.number().int().nullable(),
        statusCode: z.number().int().nullable(),
      }),
    )
    .meta({ description: "The newest 10 decisions, newest first." }),
});

export type AuthorizationEndpointHealth = z.output<typeof healthSchema>;

const EXAMPLE_HEALTH: AuthorizationEndpointHealth = {
  window: 3,
  approved: 2,
  declined: 0,
  timeouts: 1,
  invalidResponses: 0,
  errors: 0,
  overloaded: 0,
  p50LatencyMs: 41,
  p95LatencyMs: 1500,
  lastAnswers: [
    {
      authorizationId: EXAMPLE_IDS.authorization,
      at: EXAMPLE_TIMES.authorized,
      by: "application",
      reason: "approved",
      latencyMs: 41,
      statusCode: 200,
    },
  ],
};

export const authorizationEndpointSchema = withExample(
  z.object({
    object: z.literal("authorization_endpoint"),
    id: z.string(),
    url: z.string(),
    timeoutMs: z.number().int(),
    defaultAction: z.enum(DEFAULT_ACTIONS),
    livemode: livemodeSchema,
    createdAt: timestampSchema,
    updatedAt: timestampSchema,
    health: healthSchema,
    refusal: z.string().nullable().meta({
      description:
        "Why this deployment sends nothing to the URL now (a loopback URL set where loopback is no longer allowed, say): every spend then gets defaultAction without a call. Null when the URL may be sent to; a name is judged by its DNS answer at each send.",
      example: null,
    }),
  }),
  {
    id: "AuthorizationEndpoint",
    example: {
      object: "authorization_endpoint",
      id: "aep_2Xc8Vb5Nm1Qw7Er4Ty9Ui3Op",
      url: EXAMPLE_DECISION_URL,
      timeoutMs: 1500,
      defaultAction: "decline",
      livemode: false,
      createdAt: EXAMPLE_TIMES.authorized,
      updatedAt: EXAMPLE_TIMES.authorized,
      health: EXAMPLE_HEALTH,
      refusal: null,
    },
  },
);

export type AuthorizationEndpointRecord = z.output<typeof authorizationEndpointSchema>;

/** The set's answer: the endpoint, with the flag every write carries. */
export const authorizationEndpointWriteSchema = withExample(
  authorizationEndpointSchema.extend({ idempotent_replay: idempotentReplaySchema }),
  {
    id: "AuthorizationEndpointWriteResponse",
    example: {
      ...(authorizationEndpointSchema.meta()?.example as AuthorizationEndpointRecord),
      idempotent_replay: false,
    },
  },
);

export const authorizationEndpointDeletedSchema = withExample(
  z.object({
    object: z.literal("authorization_endpoint"),
    deleted: z.literal(true),
    livemode: livemodeSchema,
    idempotent_replay: idempotentReplaySchema,
  }),
  {
    id: "AuthorizationEndpointDeleted",
    example: { object: "authorization_endpoint", deleted: true, livemode: false, idempotent_replay: false },
  },
);

/** `data` of the request: the spend as it would be held, and the wallet it would hold on. */
export const decisionRequestDataSchema = z.object({
  authorizationId: z.string().meta({ description: "The id the authorization will have, approved or declined." }),
  amount: amountOutSchema.meta({ description: "The amount asked for (major unit)." }),
  currency: z.string(),
  merchant: z.object({ name: z.string(), category: z.string().nullable(), country: z.string().nullable() }),
  card: z.object({ id: z.string(), last4: z.string() }),
  wallet: z.object({
    id: z.string(),
    externalUserId: z.string(),
    availableBalance: amountOutSchema.meta({ description: "The wallet's available balance before this hold." }),
  }),
  source: z.enum(["sdk", "tap", "network"]),
  livemode: livemodeSchema,
});

export const DECISION_REQUEST_EVENT = "card.authorization.request";

export const decisionRequestSchema = withExample(
  z.object({
    id: z.string().meta({ description: "areq_…, this request's id (also webhook-id)." }),
    event: z.literal(DECISION_REQUEST_EVENT),
    schema_version: z.string(),
    sent_at: timestampSchema,
    data: decisionRequestDataSchema,
  }),
  {
    id: "AuthorizationDecisionRequest",
    example: {
      id: "areq_8Kd2Lf5Gs9Hj3Pw6Qe1Rt4Ya",
      event: DECISION_REQUEST_EVENT,
      schema_version: "1.1",
      sent_at: EXAMPLE_TIMES.authorized,
      data: {
        authorizationId: EXAMPLE_IDS.authorization,
        amount: 20,
        currency: EXAMPLE_USER.currency,
        merchant: {
          name: EXAMPLE_MERCHANT.name,
          category: EXAMPLE_MERCHANT.category,
          country: EXAMPLE_MERCHANT.country,
        },
        card: { id: EXAMPLE_IDS.card, last4: "4242" },
        wallet: { id: EXAMPLE_IDS.wallet, externalUserId: EXAMPLE_USER.externalUserId, availableBalance: 250.5 },
        source: "sdk",
        livemode: false,
      },
    },
  },
);

export type DecisionRequest = z.output<typeof decisionRequestSchema>;

export const decisionAnswerSchema = withExample(
  z.object({
    approved: z.boolean().meta({ description: "true approves (all, or `amount` of it), false declines." }),
    amount: z.number().positive().finite().optional().meta({
      description:
        "Approve less than asked (a partial approval: the hold is this amount); above the request, the answer is invalid and defaultAction applies.",
    }),
    metadata: z
      .record(z.string().min(1).max(METADATA_LIMITS.keyLength), z.string().max(METADATA_LIMITS.valueLength))
      .refine((m) => Object.keys(m).length <= METADATA_LIMITS.keys, `at most ${METADATA_LIMITS.keys} keys`)
      .optional()
      .meta({
        description: `Stored on the authorization and returned with it (at most ${METADATA_LIMITS.keys} keys of ${METADATA_LIMITS.keyLength} characters, values of ${METADATA_LIMITS.valueLength}).`,
      }),
  }),
  { id: "AuthorizationDecisionAnswer", example: { approved: true, metadata: { rule: "groceries_budget" } } },
);

export type DecisionAnswer = z.output<typeof decisionAnswerSchema>;
export type SetAuthorizationEndpointBody = z.output<typeof setAuthorizationEndpointBodySchema>;
