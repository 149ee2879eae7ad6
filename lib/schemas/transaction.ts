// Transaction shapes: one movement of a wallet's money as its ledger records it, and the funding request.
import { z } from "zod";
import {
  amountOutSchema,
  amountSchema,
  currencyOutSchema,
  idempotentReplaySchema,
  livemodeSchema,
  timestampSchema,
} from "./common";
import { listSchema } from "./pagination";

export const TRANSACTION_TYPES = ["funding", "capture", "refund"] as const;

export const transactionSchema = z
  .object({
    id: z.string().meta({ description: "The ledger transfer's id.", example: "ltr_8HcN2wQe5RtY1uIo3PaS7dFg" }),
    object: z.literal("transaction"),
    walletId: z.string(),
    externalUserId: z.string(),
    type: z
      .enum(TRANSACTION_TYPES)
      .meta({ description: "funding: money in; capture: a card payment; refund: a merchant refund." }),
    amount: amountOutSchema.meta({
      description: "Signed: positive credits the wallet, negative debits it.",
      example: -12.5,
    }),
    currency: currencyOutSchema,
    authorizationId: z
      .string()
      .nullable()
      .meta({ description: "The authorization captured or refunded; null for funding." }),
    description: z.string().nullable(),
    balanceAfter: amountOutSchema.meta({ description: "The wallet's posted balance right after this transaction." }),
    livemode: livemodeSchema,
    createdAt: timestampSchema,
  })
  .meta({ id: "Transaction" });

export const transactionListSchema = listSchema(transactionSchema, "TransactionList");

export const fundWalletBodySchema = z
  .object({
    amount: amountSchema.meta({ description: "Amount to credit, in the wallet's currency (major unit)." }),
    description: z
      .string()
      .trim()
      .min(1)
      .max(200)
      .optional()
      .meta({ description: "Shown on the wallet's transaction.", example: "Test top-up" }),
  })
  .strict()
  .meta({ id: "FundWalletRequest" });

export const transactionWriteResponseSchema = transactionSchema
  .extend({ idempotent_replay: idempotentReplaySchema })
  .meta({ id: "TransactionWriteResponse" });

export type TransactionRecord = z.output<typeof transactionSchema>;
export type FundWalletBody = z.output<typeof fundWalletBodySchema>;
