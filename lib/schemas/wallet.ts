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
} from "./common";

export const addressSchema = z
  .object({
    line1: z.string().min(1).max(200),
    line2: z.string().max(200).optional(),
    city: z.string().min(1).max(100),
    region: z.string().max(100).optional(),
    postalCode: z.string().max(20).optional(),
    country: z.string().regex(/^[A-Z]{2}$/, "must be an ISO 3166-1 alpha-2 code"),
  })
  .meta({ id: "Address", description: "Postal address, used by proof-of-address letters." });

export const createWalletBodySchema = z
  .object({
    externalUserId: externalUserIdSchema,
    currency: currencySchema,
    email: z.email().max(254).meta({ description: "The user's email address.", example: "ada@example.com" }),
    name: z
      .string()
      .trim()
      .min(1)
      .max(200)
      .optional()
      .meta({ description: "The holder's name, used on statements and proofs.", example: "Ada Obi" }),
    address: addressSchema.optional(),
  })
  .strict()
  .meta({ id: "CreateWalletRequest" });

export const walletPathSchema = z.object({ externalUserId: externalUserIdSchema });

export const walletSchema = z
  .object({
    id: z.string().meta({ example: "wal_4mX0aJ1n0S2bqz0f1Xk8Qe7T" }),
    object: z.literal("wallet"),
    externalUserId: z.string(),
    email: z.string(),
    name: z.string().nullable(),
    address: addressSchema.nullable(),
    currency: currencyOutSchema,
    accountNumber: z
      .string()
      .meta({ description: "10 digits; the last is a Luhn check digit.", example: "4829103746" }),
    status: z.enum(["active", "frozen", "closed"]),
    balance: z.object({
      available: amountOutSchema.meta({ description: "Posted balance minus open authorization holds." }),
      posted: amountOutSchema.meta({ description: "Sum of the wallet's ledger entries." }),
    }),
    livemode: livemodeSchema,
    createdAt: timestampSchema,
  })
  .meta({ id: "Wallet" });

export const walletWriteResponseSchema = walletSchema
  .extend({ idempotent_replay: idempotentReplaySchema })
  .meta({ id: "WalletWriteResponse" });

export type CreateWalletBody = z.output<typeof createWalletBodySchema>;
export type WalletRecord = z.output<typeof walletSchema>;
