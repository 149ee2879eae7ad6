// Transaction shapes: one movement of a wallet's money as its ledger records it, and the funding request.
import { z } from "zod";
import {
  amountOutSchema,
  amountSchema,
  currencyOutSchema,
  idempotentReplaySchema,
  livemodeSchema,
  timestampSchema,
  withExample,
} from "./common";
import { EXAMPLE_IDS, EXAMPLE_TIMES, EXAMPLE_USER } from "./examples";
import { listSchema } from "./pagination";

export const TRANSACTION_TYPES = ["funding", "capture", "refund", "transfer", "payout", "payout_return"] as const;

const transactionShape = z.object({
  id: z.string().meta({ description: "The ledger transfer's id.", example: EXAMPLE_IDS.captureTransfer }),
  object: z.literal("transaction"),
  walletId: z.string().meta({ example: EXAMPLE_IDS.wallet }),
  externalUserId: z.string().meta({ example: EXAMPLE_USER.externalUserId }),
  type: z.enum(TRANSACTION_TYPES).meta({
    description:
      "funding: money in; capture: a card payment; refund: a merchant refund; transfer: a move to or from the application's balance or another wallet.",
  }),
  amount: amountOutSchema.meta({
    description: "Signed: positive credits the wallet, negative debits it.",
    example: -18.4,
  }),
  currency: currencyOutSchema,
  authorizationId: z.string().nullable().meta({
    description: "The authorization captured or refunded; null for funding.",
    example: EXAMPLE_IDS.authorization,
  }),
  description: z.string().nullable().meta({ example: "Corner Coffee" }),
  balanceAfter: amountOutSchema.meta({
    description: "The wallet's posted balance right after this transaction.",
    example: 481.6,
  }),
  livemode: livemodeSchema,
  createdAt: timestampSchema,
});

type TransactionExample = z.output<typeof transactionShape>;

const transactionCommon = {
  object: "transaction",
  walletId: EXAMPLE_IDS.wallet,
  externalUserId: EXAMPLE_USER.externalUserId,
  currency: EXAMPLE_USER.currency,
  livemode: false,
} as const;

/** The 500.00 test top-up. */
export const FUNDING_TRANSACTION_EXAMPLE: TransactionExample = {
  ...transactionCommon,
  id: EXAMPLE_IDS.fundingTransfer,
  type: "funding",
  amount: 500,
  authorizationId: null,
  description: "Test top-up",
  balanceAfter: 500,
  createdAt: EXAMPLE_TIMES.funded,
};

/** The coffee, captured at 18.40. */
export const CAPTURE_TRANSACTION_EXAMPLE: TransactionExample = {
  ...transactionCommon,
  id: EXAMPLE_IDS.captureTransfer,
  type: "capture",
  amount: -18.4,
  authorizationId: EXAMPLE_IDS.authorization,
  description: "Corner Coffee",
  balanceAfter: 481.6,
  createdAt: EXAMPLE_TIMES.captured,
};

/** 4.60 of it refunded. */
export const REFUND_TRANSACTION_EXAMPLE: TransactionExample = {
  ...transactionCommon,
  id: EXAMPLE_IDS.refundTransfer,
  type: "refund",
  amount: 4.6,
  authorizationId: EXAMPLE_IDS.authorization,
  description: "Refund: Corner Coffee",
  balanceAfter: 486.2,
  createdAt: EXAMPLE_TIMES.refunded,
};

export const transactionSchema = transactionShape.meta({ id: "Transaction", example: CAPTURE_TRANSACTION_EXAMPLE });

export const transactionListSchema = listSchema(transactionSchema, "TransactionList", {
  object: "list",
  data: [REFUND_TRANSACTION_EXAMPLE, CAPTURE_TRANSACTION_EXAMPLE, FUNDING_TRANSACTION_EXAMPLE],
  has_more: false,
  next_cursor: null,
});

export const fundWalletBodySchema = withExample(
  z
    .object({
      amount: amountSchema.meta({
        description: "Amount to credit, in the wallet's currency (major unit).",
        example: 500,
      }),
      description: z
        .string()
        .trim()
        .min(1)
        .max(200)
        .optional()
        .meta({ description: "Shown on the wallet's transaction.", example: "Test top-up" }),
    })
    .strict(),
  { id: "FundWalletRequest", example: { amount: 500, description: "Test top-up" } },
);

export const transactionWriteResponseSchema = withExample(
  transactionShape.extend({ idempotent_replay: idempotentReplaySchema }),
  { id: "TransactionWriteResponse", example: { ...FUNDING_TRANSACTION_EXAMPLE, idempotent_replay: false } },
);

export type TransactionRecord = z.output<typeof transactionSchema>;
export type FundWalletBody = z.output<typeof fundWalletBodySchema>;
