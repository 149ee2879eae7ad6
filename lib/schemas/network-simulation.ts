// The built-in card network simulator's request and answer (test mode): one message of the card
// network's lifecycle sent to a test card (lib/connectors/simulator/, docs/decisions/card-network.md).
import { z } from "zod";
import { MAX_AMOUNT } from "@/lib/money/bounds";
import { AUTHORIZATION_PENDING_EXAMPLE, authorizationSchema, DECLINE_CODES, merchantSchema } from "./authorization";
import { amountOutSchema, currencySchema, idempotentReplaySchema, withExample } from "./common";
import { EXAMPLE_IDS } from "./examples";

/** The simulator's message kinds, as they appear in its path. */
export const SIMULATED_KINDS = [
  "authorization",
  "increment",
  "advice",
  "reversal",
  "clearing",
  "force-post",
  "refund",
  "return-reversal",
  "expiry",
] as const;

export type SimulatedKind = (typeof SIMULATED_KINDS)[number];

export const networkSimulationPathSchema = z.object({
  id: z.string().min(1).max(64).meta({ description: "The test card's id.", example: EXAMPLE_IDS.card }),
  kind: z.enum(SIMULATED_KINDS).meta({
    description:
      "The card network message: authorization (a purchase; 0 is an account verification), increment, advice (the network's stand-in approved it), reversal, clearing, force-post (a clearing with no authorization), refund (a merchant credit), return-reversal, expiry.",
    example: "authorization",
  }),
});

export const networkSimulationBodySchema = z
  .object({
    amount: z.number().min(0).max(MAX_AMOUNT).meta({
      description:
        "In the card's currency, major unit. 0 only for an authorization (an account verification) and an expiry (all that is still held).",
      example: 20,
    }),
    currency: currencySchema.optional().meta({
      description: "Optional; when given it must be the card's currency (else 400 currency_mismatch).",
    }),
    networkId: z.string().trim().min(1).max(200).optional().meta({
      description:
        "The message's own id at the network; generated when absent and returned. A repeat with the same networkId changes nothing and answers as the first did.",
      example: "sim_7Qx2LmP9aR4tVw8Z",
    }),
    authorizationId: z.string().min(1).max(64).optional().meta({
      description:
        "The authorization a later message belongs to (required for increment, reversal, clearing and expiry; optional for advice, refund and return-reversal).",
      example: EXAMPLE_IDS.authorization,
    }),
    merchant: merchantSchema.optional(),
    final: z.boolean().optional().meta({
      description: "Clearing only: no further clearing will come, so the rest of the hold is released.",
    }),
    purpose: z.enum(["purchase", "balance_inquiry", "account_verification"]).optional().meta({
      description: "Authorization only: a balance inquiry or account verification is answered without a hold.",
    }),
    partialApprovalCapable: z.boolean().optional().meta({
      description:
        "Authorization only: the terminal takes a partial approval, so a spend short of funds holds what is available.",
    }),
  })
  .strict()
  .meta({
    id: "NetworkSimulationRequest",
    example: { amount: 20, merchant: { name: "Corner Coffee", category: "5814", country: "US" } },
  });

export type NetworkSimulationBody = z.output<typeof networkSimulationBodySchema>;

export const networkSimulationResultSchema = withExample(
  z.object({
    object: z.literal("network_message"),
    kind: z.enum(SIMULATED_KINDS),
    networkId: z.string().meta({ example: "sim_7Qx2LmP9aR4tVw8Z" }),
    result: z.enum(["approved", "declined", "applied"]).meta({
      description: "approved or declined (an authorization or increment), applied (every other kind).",
    }),
    replayed: z.boolean().meta({ description: "The networkId was seen before: this is the first answer again." }),
    approvedAmount: amountOutSchema.nullable().meta({ description: "What was held (approved only).", example: 20 }),
    balanceAfter: amountOutSchema.nullable().meta({
      description: "The wallet's available balance after an approval (may be negative after a network overdraft).",
      example: 80,
    }),
    declineCode: z.enum(DECLINE_CODES).nullable(),
    declineMessage: z.string().nullable(),
    authorization: authorizationSchema,
    idempotent_replay: idempotentReplaySchema,
  }),
  {
    id: "NetworkSimulationResult",
    example: {
      object: "network_message",
      kind: "authorization",
      networkId: "sim_7Qx2LmP9aR4tVw8Z",
      result: "approved",
      replayed: false,
      approvedAmount: 20,
      balanceAfter: 80,
      declineCode: null,
      declineMessage: null,
      authorization: AUTHORIZATION_PENDING_EXAMPLE,
      idempotent_replay: false,
    },
  },
);

/** What the simulator answers, before the pipeline adds `idempotent_replay`. */
export type NetworkSimulationResult = Omit<z.output<typeof networkSimulationResultSchema>, "idempotent_replay">;
