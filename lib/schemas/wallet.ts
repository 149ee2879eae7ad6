// Wallet shapes: the create request, the path parameter, and the record the API returns.
import { z } from "zod";
import {
  amountOutSchema,
  currencyOutSchema,
  currencySchema,
  externalUserIdSchema,
  idempotentReplaySchema,
  livemodeSchema,
  timestampSchema,
  withExample,
} from "./common";
import { emailAddress } from "./email-address";
import { nameText } from "./name";
import { EXAMPLE_ADDRESS, EXAMPLE_IDS, EXAMPLE_TIMES, EXAMPLE_USER } from "./examples";
import { spendingControlsInputSchema, spendingControlsSchema, spendingSchema } from "./spending-controls";

export const addressSchema = withExample(
  z.strictObject({
    line1: z.string().min(1).max(200),
    line2: z.string().max(200).optional(),
    city: z.string().min(1).max(100),
    region: z.string().max(100).optional(),
    postalCode: z.string().max(20).optional(),
    country: z.string().regex(/^[A-Z]{2}$/, "must be an ISO 3166-1 alpha-2 code"),
  }),
  { id: "Address", description: "Postal address, used by proof-of-address letters.", example: EXAMPLE_ADDRESS },
);

export const createWalletBodySchema = withExample(
  z
    .object({
      externalUserId: externalUserIdSchema,
      currency: currencySchema,
      email: emailAddress("Invalid email address").meta({
        description: "The user's email address (HTML's email rule, the one the console's forms use too).",
        example: EXAMPLE_USER.email,
      }),
      // Shown to whoever verifies a statement or proof: nothing invisible may change how it reads.
      name: nameText({ max: 200 }).optional().meta({
        description:
          "The holder's name, used on statements and proofs. Invisible and text-direction control characters (U+202E and the like) are refused.",
        example: EXAMPLE_USER.name,
      }),
      address: addressSchema.optional(),
    })
    .strict(),
  {
    id: "CreateWalletRequest",
    example: {
      externalUserId: EXAMPLE_USER.externalUserId,
      currency: EXAMPLE_USER.currency,
      email: EXAMPLE_USER.email,
      name: EXAMPLE_USER.name,
      address: EXAMPLE_ADDRESS,
    },
  },
);

export const walletPathSchema = z.object({ externalUserId: externalUserIdSchema });

const walletShape = z.object({
  id: z.string().meta({ example: EXAMPLE_IDS.wallet }),
  object: z.literal("wallet"),
  externalUserId: z.string().meta({ example: EXAMPLE_USER.externalUserId }),
  email: z.string().meta({ example: EXAMPLE_USER.email }),
  name: z.string().nullable().meta({ example: EXAMPLE_USER.name }),
  address: addressSchema.nullable(),
  currency: currencyOutSchema,
  accountNumber: z
    .string()
    .meta({ description: "10 digits; the last is a Luhn check digit.", example: EXAMPLE_USER.accountNumber }),
  status: z.enum(["active", "frozen", "closed"]),
  balance: z.object({
    available: amountOutSchema.meta({ description: "Posted balance minus open authorization holds.", example: 486.2 }),
    posted: amountOutSchema.meta({ description: "Sum of the wallet's ledger entries.", example: 486.2 }),
  }),
  spendingControls: spendingControlsSchema,
  spending: spendingSchema,
  livemode: livemodeSchema,
  createdAt: timestampSchema,
});

/** Ada's wallet as `wallet.provisioned` and the create call return it: nothing in it yet. */
export const WALLET_PROVISIONED_EXAMPLE: z.output<typeof walletShape> = {
  id: EXAMPLE_IDS.wallet,
  object: "wallet",
  externalUserId: EXAMPLE_USER.externalUserId,
  email: EXAMPLE_USER.email,
  name: EXAMPLE_USER.name,
  address: EXAMPLE_ADDRESS,
  currency: EXAMPLE_USER.currency,
  accountNumber: EXAMPLE_USER.accountNumber,
  status: "active",
  balance: { available: 0, posted: 0 },
  spendingControls: { spendingLimits: [] },
  spending: [],
  livemode: false,
  createdAt: EXAMPLE_TIMES.walletCreated,
};

/**
 * The same wallet after the 500.00 top-up, the 18.40 capture and the 4.60 refund, with no open hold,
 * and a monthly limit of 2,000.00 set on it: October counts the 18.40 captured (a refund does not
 * count back).
 */
export const WALLET_EXAMPLE: z.output<typeof walletShape> = {
  ...WALLET_PROVISIONED_EXAMPLE,
  balance: { available: 486.2, posted: 486.2 },
  spendingControls: { spendingLimits: [{ amount: 2000, interval: "monthly" }] },
  spending: [
    { interval: "monthly", limit: 2000, spent: 18.4, remaining: 1981.6, resetsAt: "2026-11-01T00:00:00.000Z" },
  ],
};

export const walletSchema = walletShape.meta({ id: "Wallet", example: WALLET_EXAMPLE });

export const walletWriteResponseSchema = withExample(
  walletShape.extend({ idempotent_replay: idempotentReplaySchema }),
  {
    id: "WalletWriteResponse",
    example: { ...WALLET_PROVISIONED_EXAMPLE, idempotent_replay: false },
  },
);

export const updateWalletBodySchema = withExample(
  z.object({ spendingControls: spendingControlsInputSchema.optional() }).strict(),
  {
    id: "UpdateWalletRequest",
    description: "Only the fields given change; spendingControls replaces every control the wallet had.",
    example: { spendingControls: { spendingLimits: [{ amount: 2000, interval: "monthly" }] } },
  },
);

export type CreateWalletBody = z.output<typeof createWalletBodySchema>;
export type UpdateWalletBody = z.output<typeof updateWalletBodySchema>;
export type WalletRecord = z.output<typeof walletSchema>;
