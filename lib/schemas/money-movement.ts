// Shapes of the application's balance, its top-ups and transfers between it and its wallets
// (docs/decisions/money-movement.md), each used to validate and to document.
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
import { EXAMPLE_IDS, EXAMPLE_USER } from "./examples";
import { listQuerySchema, listSchema } from "./pagination";

const EXAMPLE_TOP_UP_ID = "tu_7Hk2Lm9Qp4Rs1Tv6Wx3Yz8Ab";
const EXAMPLE_TRANSFER_ID = "tr_2Bc5De8Fg1Hj4Kl7Mn0Pq3Rs";
const EXAMPLE_AT = "2026-11-21T09:30:00.000Z";

const amountByCurrency = z.object({ currency: currencyOutSchema, amount: amountOutSchema });

export const balanceSchema = withExample(
  z.object({
    object: z.literal("balance"),
    livemode: livemodeSchema,
    available: z.array(amountByCurrency).meta({
      description:
        "What the application can move now, per currency it holds: its balance less what is held for payouts on their way.",
    }),
    pending: z.array(amountByCurrency).meta({
      description: "Money on its way in and not yet available, per currency (top-ups are available at once, so 0).",
    }),
  }),
  {
    id: "Balance",
    example: {
      object: "balance",
      livemode: false,
      available: [{ currency: "USD", amount: 9500 }],
      pending: [{ currency: "USD", amount: 0 }],
    },
  },
);

const descriptionSchema = z
  .string()
  .trim()
  .min(1)
  .max(200)
  .optional()
  .meta({ description: "Shown on the transactions it makes.", example: "Payroll November" });

export const testTopUpBodySchema = withExample(
  z
    .object({
      amount: amountSchema.meta({ description: "Amount to add to the balance (major unit).", example: 10000 }),
      currency: currencySchema,
      description: descriptionSchema,
    })
    .strict(),
  { id: "TestTopUpRequest", example: { amount: 10000, currency: "USD" } },
);

const topUpShape = z.object({
  id: z.string().meta({ example: EXAMPLE_TOP_UP_ID }),
  object: z.literal("top_up"),
  amount: amountOutSchema,
  currency: currencyOutSchema,
  reference: z.string().nullable().meta({ description: "The bank's reference of a live deposit; null in test mode." }),
  description: z.string().nullable(),
  balanceAfter: amountOutSchema.meta({ description: "The balance's posted amount in this currency right after." }),
  livemode: livemodeSchema,
  createdAt: timestampSchema,
});

const TOP_UP_EXAMPLE = {
  id: EXAMPLE_TOP_UP_ID,
  object: "top_up" as const,
  amount: 10000,
  currency: "USD",
  reference: null,
  description: null,
  balanceAfter: 10000,
  livemode: false,
  createdAt: EXAMPLE_AT,
};

export const topUpSchema = topUpShape.meta({ id: "TopUp", example: TOP_UP_EXAMPLE });
export const topUpWriteResponseSchema = withExample(topUpShape.extend({ idempotent_replay: idempotentReplaySchema }), {
  id: "TopUpWriteResponse",
  example: { ...TOP_UP_EXAMPLE, idempotent_replay: false },
});

/** One side of a transfer, as asked: the application's balance or one of its wallets. */
export const transferPartySchema = z
  .discriminatedUnion("type", [
    z.object({ type: z.literal("balance") }).strict(),
    z.object({ type: z.literal("wallet"), externalUserId: externalUserIdSchema }).strict(),
  ])
  .meta({
    id: "TransferParty",
    description:
      'The application\'s balance (`{"type":"balance"}`) or a wallet (`{"type":"wallet","externalUserId":"…"}`).',
  });

const metadataSchema = z
  .record(z.string().min(1).max(40), z.string().max(500))
  .refine((m) => Object.keys(m).length <= 20, "at most 20 keys")
  .optional()
  .meta({ description: "Your own string-to-string notes, at most 20 keys.", example: { payroll: "2026-11" } });

export const createTransferBodySchema = withExample(
  z
    .object({
      from: transferPartySchema,
      to: transferPartySchema,
      amount: amountSchema.meta({ description: "Amount to move (major unit).", example: 250 }),
      currency: currencySchema,
      description: descriptionSchema,
      metadata: metadataSchema,
    })
    .strict(),
  {
    id: "CreateTransferRequest",
    example: {
      from: { type: "balance" },
      to: { type: "wallet", externalUserId: EXAMPLE_USER.externalUserId },
      amount: 250,
      currency: "USD",
    },
  },
);

const partyOutSchema = z.object({
  type: z.enum(["balance", "wallet"]),
  walletId: z.string().nullable().meta({ description: "The wallet's id; null for the balance." }),
  externalUserId: z.string().nullable().meta({ description: "The wallet's external user id; null for the balance." }),
});

const transferShape = z.object({
  id: z.string().meta({ example: EXAMPLE_TRANSFER_ID }),
  object: z.literal("transfer"),
  from: partyOutSchema,
  to: partyOutSchema,
  amount: amountOutSchema,
  currency: currencyOutSchema,
  description: z.string().nullable(),
  metadata: z.record(z.string(), z.string()),
  livemode: livemodeSchema,
  createdAt: timestampSchema,
});

const TRANSFER_EXAMPLE = {
  id: EXAMPLE_TRANSFER_ID,
  object: "transfer" as const,
  from: { type: "balance" as const, walletId: null, externalUserId: null },
  to: { type: "wallet" as const, walletId: EXAMPLE_IDS.wallet, externalUserId: EXAMPLE_USER.externalUserId },
  amount: 250,
  currency: "USD",
  description: null,
  metadata: {},
  livemode: false,
  createdAt: EXAMPLE_AT,
};

export const transferSchema = transferShape.meta({ id: "Transfer", example: TRANSFER_EXAMPLE });
export const transferWriteResponseSchema = withExample(
  transferShape.extend({ idempotent_replay: idempotentReplaySchema }),
  { id: "TransferWriteResponse", example: { ...TRANSFER_EXAMPLE, idempotent_replay: false } },
);
export const transferListSchema = listSchema(transferSchema, "TransferList", {
  object: "list",
  data: [TRANSFER_EXAMPLE],
  has_more: false,
  next_cursor: null,
});

export const transferPathSchema = z.object({
  id: z.string().min(1).max(64).meta({ description: "The transfer's id.", example: EXAMPLE_TRANSFER_ID }),
});

export const transferListQuerySchema = listQuerySchema
  .extend({
    wallet: externalUserIdSchema.optional().meta({
      description: "Only transfers in or out of the wallet of this external user id.",
    }),
  })
  .strict();

export type BalanceRecord = z.output<typeof balanceSchema>;
export type TestTopUpBody = z.output<typeof testTopUpBodySchema>;
export type TopUpRecord = z.output<typeof topUpSchema>;
export type CreateTransferBody = z.output<typeof createTransferBodySchema>;
export type TransferRecord = z.output<typeof transferSchema>;
export type TransferEventData = z.output<typeof transferEventDataSchema>;
export type TransferListQuery = z.output<typeof transferListQuerySchema>;

/** `transfer.created`'s data: the transfer, and the wallet whose sequence this copy of the event takes. */
export const transferEventDataSchema = withExample(
  transferShape.extend({
    walletId: z.string().meta({
      description:
        "The wallet whose sequence this event takes: a transfer between two wallets is one event in each wallet's sequence.",
    }),
  }),
  { id: "TransferEventData", example: { ...TRANSFER_EXAMPLE, walletId: EXAMPLE_IDS.wallet } },
);
export const TRANSFER_EVENT_EXAMPLE = { ...TRANSFER_EXAMPLE, walletId: EXAMPLE_IDS.wallet };
export { TOP_UP_EXAMPLE, TRANSFER_EXAMPLE };

const EXAMPLE_BANK_ACCOUNT_ID = "ba_4Gh7Jk0Lm3Np6Qr9St2Uv5Wx";
const EXAMPLE_PAYOUT_ID = "po_8Yz1Ab4Cd7Ef0Gh3Ij6Kl9Mn";

const bankText = (description: string, example: string) =>
  z.string().trim().min(1).max(64).optional().meta({ description, example });

export const createBankAccountBodySchema = withExample(
  z
    .object({
      country: z
        .string()
        .regex(/^[A-Z]{2}$/, "must be an ISO 3166-1 alpha-2 code")
        .meta({
          description: "The bank's country (ISO 3166-1 alpha-2): decides which identifiers it takes.",
          example: "US",
        }),
      currency: currencySchema,
      holderName: z
        .string()
        .trim()
        .min(1)
        .max(140)
        .meta({ description: "The account holder's name.", example: "Ada Lovelace" }),
      routingNumber: bankText("US: the 9-digit ABA routing number (checksum checked).", "110000000"),
      accountNumber: bankText("US (4-17 digits), GB (8 digits), NG (10-digit NUBAN).", "000123456789"),
      sortCode: bankText("GB: the 6-digit sort code.", "12-34-56"),
      iban: bankText("IBAN countries: the IBAN (mod-97 checked).", "DE89370400440532013000"),
      bankCode: bankText("NG: the bank's 3-digit CBN code (the NUBAN check digit covers it).", "058"),
    })
    .strict(),
  {
    id: "CreateBankAccountRequest",
    example: {
      country: "US",
      currency: "USD",
      holderName: "Ada Lovelace",
      routingNumber: "110000000",
      accountNumber: "000123456789",
    },
  },
);

const BANK_ACCOUNT_EXAMPLE = {
  id: EXAMPLE_BANK_ACCOUNT_ID,
  object: "bank_account" as const,
  walletId: EXAMPLE_IDS.wallet,
  externalUserId: EXAMPLE_USER.externalUserId,
  country: "US",
  currency: "USD",
  holderName: "Ada Lovelace",
  scheme: "us_aba" as const,
  bankCode: "110000000",
  last4: "6789",
  livemode: false,
  createdAt: EXAMPLE_AT,
};

const bankAccountShape = z.object({
  id: z.string().meta({ example: EXAMPLE_BANK_ACCOUNT_ID }),
  object: z.literal("bank_account"),
  walletId: z.string().nullable().meta({ description: "The wallet it belongs to; null for the application's own." }),
  externalUserId: z.string().nullable(),
  country: z.string(),
  currency: currencyOutSchema,
  holderName: z.string(),
  scheme: z
    .enum(["us_aba", "gb_sort_code", "iban", "ng_nuban"])
    .meta({ description: "Which identifiers it was given." }),
  bankCode: z
    .string()
    .nullable()
    .meta({ description: "The bank's code (routing number, sort code, CBN code, the IBAN's bank part)." }),
  last4: z
    .string()
    .meta({ description: "The last four of the account number or IBAN; the rest is sealed and never shown." }),
  livemode: livemodeSchema,
  createdAt: timestampSchema,
});

export const bankAccountSchema = bankAccountShape.meta({ id: "BankAccount", example: BANK_ACCOUNT_EXAMPLE });
export const bankAccountWriteResponseSchema = withExample(
  bankAccountShape.extend({ idempotent_replay: idempotentReplaySchema }),
  { id: "BankAccountWriteResponse", example: { ...BANK_ACCOUNT_EXAMPLE, idempotent_replay: false } },
);
export const bankAccountListSchema = listSchema(bankAccountSchema, "BankAccountList", {
  object: "list",
  data: [BANK_ACCOUNT_EXAMPLE],
  has_more: false,
  next_cursor: null,
});

export const PAYOUT_STATUSES = ["pending", "in_transit", "paid", "failed", "returned", "canceled"] as const;

export const createPayoutBodySchema = withExample(
  z
    .object({
      from: transferPartySchema,
      bankAccountId: z.string().min(1).max(64).meta({
        description: "A bank account of the same wallet (or of the application, from the balance).",
        example: EXAMPLE_BANK_ACCOUNT_ID,
      }),
      amount: amountSchema.meta({ description: "Amount to pay out (major unit).", example: 120 }),
      currency: currencySchema,
      description: descriptionSchema,
    })
    .strict(),
  {
    id: "CreatePayoutRequest",
    example: {
      from: { type: "wallet", externalUserId: EXAMPLE_USER.externalUserId },
      bankAccountId: EXAMPLE_BANK_ACCOUNT_ID,
      amount: 120,
      currency: "USD",
    },
  },
);

const payoutShape = z.object({
  id: z.string().meta({ example: EXAMPLE_PAYOUT_ID }),
  object: z.literal("payout"),
  from: partyOutSchema,
  bankAccountId: z.string(),
  amount: amountOutSchema,
  currency: currencyOutSchema,
  description: z.string().nullable(),
  status: z.enum(PAYOUT_STATUSES).meta({
    description:
      "pending (held: available dropped), in_transit (sent by the rail), paid (posted out), failed (the hold released), returned (paid, then credited back), canceled (released before it left).",
  }),
  failureReason: z.string().nullable(),
  rail: z.string().meta({ description: "The payout rail that carries it: simulator (test mode) or a live connector." }),
  livemode: livemodeSchema,
  createdAt: timestampSchema,
  updatedAt: timestampSchema,
});

const PAYOUT_EXAMPLE = {
  id: EXAMPLE_PAYOUT_ID,
  object: "payout" as const,
  from: { type: "wallet" as const, walletId: EXAMPLE_IDS.wallet, externalUserId: EXAMPLE_USER.externalUserId },
  bankAccountId: EXAMPLE_BANK_ACCOUNT_ID,
  amount: 120,
  currency: "USD",
  description: null,
  status: "pending" as const,
  failureReason: null,
  rail: "simulator",
  livemode: false,
  createdAt: EXAMPLE_AT,
  updatedAt: EXAMPLE_AT,
};

export const payoutSchema = payoutShape.meta({ id: "Payout", example: PAYOUT_EXAMPLE });
export const payoutWriteResponseSchema = withExample(
  payoutShape.extend({ idempotent_replay: idempotentReplaySchema }),
  {
    id: "PayoutWriteResponse",
    example: { ...PAYOUT_EXAMPLE, idempotent_replay: false },
  },
);
export const payoutListSchema = listSchema(payoutSchema, "PayoutList", {
  object: "list",
  data: [PAYOUT_EXAMPLE],
  has_more: false,
  next_cursor: null,
});
export const payoutPathSchema = z.object({
  id: z.string().min(1).max(64).meta({ description: "The payout's id.", example: EXAMPLE_PAYOUT_ID }),
});
export const payoutListQuerySchema = transferListQuerySchema;

export const PAYOUT_TEST_MOVES = ["in-transit", "paid", "failed", "returned"] as const;
export const testPayoutMovePathSchema = payoutPathSchema.extend({
  move: z.enum(PAYOUT_TEST_MOVES).meta({ description: "What the simulated rail reports next.", example: "paid" }),
});
export const testPayoutMoveBodySchema = withExample(
  z
    .object({
      reason: z.string().trim().min(1).max(200).optional().meta({
        description: "Why it failed or came back (failed and returned only; a default is recorded otherwise).",
        example: "account_closed",
      }),
    })
    .strict(),
  { id: "TestPayoutMoveRequest", example: { reason: "account_closed" } },
);

export { BANK_ACCOUNT_EXAMPLE, PAYOUT_EXAMPLE };
export type CreateBankAccountBody = z.output<typeof createBankAccountBodySchema>;
export type BankAccountRecord = z.output<typeof bankAccountSchema>;
export type CreatePayoutBody = z.output<typeof createPayoutBodySchema>;
export type PayoutRecord = z.output<typeof payoutSchema>;
export type PayoutStatusName = (typeof PAYOUT_STATUSES)[number];
export type PayoutTestMove = (typeof PAYOUT_TEST_MOVES)[number];
