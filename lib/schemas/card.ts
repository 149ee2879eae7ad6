// Card shapes: the issue request and the record the API returns. A full card number never exists here.
import { z } from "zod";
import {
  amountOutSchema,
  amountSchema,
  currencyOutSchema,
  currencySchema,
  externalUserIdSchema,
  idempotentReplaySchema,
  livemodeSchema,
  timestampSchema,
  withExample,
} from "./common";
import { EXAMPLE_IDS, EXAMPLE_TIMES, EXAMPLE_USER } from "./examples";
import {
  SPENDING_CONTROLS_EXAMPLE,
  spendingControlsInputSchema,
  spendingControlsSchema,
  spendingSchema,
} from "./spending-controls";

export const issueCardBodySchema = withExample(
  z
    .object({
      externalUserId: externalUserIdSchema.meta({ description: "Identifies the wallet the card draws on." }),
      kind: z
        .literal("virtual", { error: 'kind must be "virtual"' })
        .meta({ description: "Only virtual cards are issued." }),
      currency: currencySchema.meta({ description: "Must equal the wallet's currency." }),
      spendLimit: amountSchema.optional().meta({
        description: "Per-authorization limit in the card's currency; absent means no limit.",
        example: 250.5,
      }),
      spendingControls: spendingControlsInputSchema.optional(),
    })
    .strict(),
  {
    id: "IssueCardRequest",
    example: { externalUserId: EXAMPLE_USER.externalUserId, kind: "virtual", currency: "USD", spendLimit: 250.5 },
  },
);

const cardShape = z.object({
  id: z.string().meta({ example: EXAMPLE_IDS.card }),
  object: z.literal("card"),
  walletId: z.string().meta({ example: EXAMPLE_IDS.wallet }),
  externalUserId: z.string().meta({ example: EXAMPLE_USER.externalUserId }),
  kind: z.literal("virtual"),
  currency: currencyOutSchema,
  spendLimit: amountOutSchema.nullable().meta({
    description:
      "Per-authorization limit; null means none. The same limit as spendingControls' per_authorization limit without categories.",
    example: 250.5,
  }),
  spendingControls: spendingControlsSchema,
  spending: spendingSchema,
  status: z.enum(["active", "frozen", "canceled"]),
  last4: z.string().meta({ description: "The last four digits of the card number.", example: "7361" }),
  expMonth: z.number().int().min(1).max(12).meta({ example: 10 }),
  expYear: z.number().int().meta({ example: 2029 }),
  livemode: livemodeSchema,
  processor: z.enum(["simulator", "lithic"]).meta({
    description:
      "Who manages the card at the card network. `lithic`: a card Lithic issued, usable at real merchants. `simulator`: the built-in network simulator (every test-mode card, and live cards while the service runs without a processor); such a card reaches no card network, and its spends come only from the API.",
    example: "simulator",
  }),
  createdAt: timestampSchema,
});

/** Ada's virtual card: 250.50 per authorization, valid three years from issue. */
export const CARD_EXAMPLE: z.output<typeof cardShape> = {
  id: EXAMPLE_IDS.card,
  object: "card",
  walletId: EXAMPLE_IDS.wallet,
  externalUserId: EXAMPLE_USER.externalUserId,
  kind: "virtual",
  currency: EXAMPLE_USER.currency,
  spendLimit: 250.5,
  spendingControls: SPENDING_CONTROLS_EXAMPLE,
  spending: [{ interval: "daily", limit: 500, spent: 0, remaining: 500, resetsAt: "2026-10-02T00:00:00.000Z" }],
  status: "active",
  last4: "7361",
  expMonth: 10,
  expYear: 2029,
  livemode: false,
  processor: "simulator",
  createdAt: EXAMPLE_TIMES.cardIssued,
};

export const cardSchema = cardShape.meta({ id: "Card", example: CARD_EXAMPLE });

export const cardWriteResponseSchema = withExample(cardShape.extend({ idempotent_replay: idempotentReplaySchema }), {
  id: "CardWriteResponse",
  example: { ...CARD_EXAMPLE, idempotent_replay: false },
});

export const updateCardBodySchema = withExample(
  z
    .object({
      spendLimit: amountSchema.nullable().optional().meta({
        description:
          "The per-authorization limit (spendingControls' per_authorization limit without categories); null removes it, absent keeps it unless spendingControls names a per_authorization limit without categories.",
        example: 100,
      }),
      spendingControls: spendingControlsInputSchema.optional(),
    })
    .strict(),
  {
    id: "UpdateCardRequest",
    description:
      "Only the fields given change; spendingControls replaces every control the card had but its spendLimit, which only a request naming it changes.",
    example: {
      spendingControls: { spendingLimits: [{ amount: 500, interval: "daily" }], blockedCategories: ["7995"] },
    },
  },
);

export type IssueCardBody = z.output<typeof issueCardBodySchema>;
export type UpdateCardBody = z.output<typeof updateCardBodySchema>;
export type CardRecord = z.output<typeof cardSchema>;
