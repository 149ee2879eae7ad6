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
} from "./common";

export const issueCardBodySchema = z
  .object({
    externalUserId: externalUserIdSchema.meta({ description: "Identifies the wallet the card draws on." }),
    kind: z
      .literal("virtual", { error: 'kind must be "virtual"' })
      .meta({ description: "Only virtual cards are issued." }),
    currency: currencySchema.meta({ description: "Must equal the wallet's currency." }),
    spendLimit: amountSchema
      .optional()
      .meta({ description: "Per-authorization limit in the card's currency; absent means no limit." }),
  })
  .strict()
  .meta({ id: "IssueCardRequest" });

export const cardSchema = z
  .object({
    id: z.string().meta({ example: "card_9QwE2rTy6UiO0pAs4DfG8hJk" }),
    object: z.literal("card"),
    walletId: z.string(),
    externalUserId: z.string(),
    kind: z.literal("virtual"),
    currency: currencyOutSchema,
    spendLimit: amountOutSchema.nullable().meta({ description: "Per-authorization limit; null means none." }),
    status: z.enum(["active", "frozen", "canceled"]),
    last4: z.string().meta({ example: "4242" }),
    expMonth: z.number().int().min(1).max(12),
    expYear: z.number().int(),
    livemode: livemodeSchema,
    createdAt: timestampSchema,
  })
  .meta({ id: "Card" });

export const cardWriteResponseSchema = cardSchema
  .extend({ idempotent_replay: idempotentReplaySchema })
  .meta({ id: "CardWriteResponse" });

export type IssueCardBody = z.output<typeof issueCardBodySchema>;
export type CardRecord = z.output<typeof cardSchema>;
