// Proof-letter shapes: the issue request, the letter record, and the public proof verification
// query and answer (masked holder name; amount or address only with the letter's reference).
import { z } from "zod";
import { amountOutSchema, currencyOutSchema, idempotentReplaySchema, livemodeSchema, timestampSchema } from "./common";
import { holderNameSchema } from "./statement";
import { addressSchema } from "./wallet";

export const PROOF_KINDS = ["address", "funds"] as const;

export const proofKindSchema = z.enum(PROOF_KINDS).meta({
  description: "address: the holder's address on file; funds: the available balance at issue.",
  example: "funds",
});

export const createProofBodySchema = z
  .object({
    kind: proofKindSchema,
    holderName: holderNameSchema.optional(),
    expiresInDays: z
      .number()
      .int()
      .min(1)
      .max(365)
      .optional()
      .meta({ description: "Days the letter stays current; default 30.", example: 30 }),
  })
  .strict()
  .meta({ id: "CreateProofRequest" });

export const proofPathSchema = z.object({
  id: z
    .string()
    .regex(/^prf_[0-9A-Za-z]{24}$/, "must be a proof id (prf_...)")
    .meta({ example: "prf_4mX0aJ1n0S2bqz0f1Xk8Qe7T" }),
});

export const proofSchema = z
  .object({
    id: z.string().meta({ example: "prf_4mX0aJ1n0S2bqz0f1Xk8Qe7T" }),
    object: z.literal("proof"),
    walletId: z.string(),
    externalUserId: z.string(),
    kind: proofKindSchema,
    reference: z
      .string()
      .meta({
        description: "The letter's reference code; a verifier who has it also sees the amount or address.",
        example: "PRF-7KQ2-M9XD",
      }),
    holderName: z.string(),
    accountNumber: z.string().meta({ example: "4829103746" }),
    currency: currencyOutSchema.nullable().meta({ description: "Funds letters: the wallet's currency." }),
    amount: amountOutSchema
      .nullable()
      .meta({ description: "Funds letters: the available balance when the letter was issued." }),
    address: addressSchema
      .nullable()
      .meta({ description: "Address letters: the address on file when the letter was issued." }),
    verifyUrl: z.string().meta({ description: "Public page that checks the letter, reference included." }),
    issuedAt: timestampSchema,
    expiresAt: timestampSchema.nullable(),
    revokedAt: timestampSchema.nullable(),
    livemode: livemodeSchema,
  })
  .meta({ id: "Proof" });

export const proofWriteResponseSchema = proofSchema
  .extend({ idempotent_replay: idempotentReplaySchema })
  .meta({ id: "ProofWriteResponse" });

export const proofVerifyQuerySchema = z.object({
  account: z
    .string()
    .meta({
      description: "The wallet's 10-digit account number (the last digit is a Luhn check digit).",
      example: "4829103746",
    }),
  kind: proofKindSchema,
  reference: z
    .string()
    .max(64)
    .optional()
    .meta({
      description: "The letter's reference code; with it the answer includes the amount or the address.",
      example: "PRF-7KQ2-M9XD",
    }),
});

export const proofVerificationSchema = z
  .object({
    account: z.string(),
    kind: proofKindSchema,
    valid: z
      .boolean()
      .meta({ description: "true when a current (unrevoked, unexpired) letter of this kind exists for the account." }),
    holder_name: z
      .string()
      .nullable()
      .meta({ description: "Masked, e.g. `A*** O***`; null when valid is false.", example: "A*** O***" }),
    issued_at: timestampSchema.nullable(),
    expires_at: timestampSchema.nullable(),
    livemode: livemodeSchema
      .nullable()
      .meta({ description: "false for a letter issued with a test key; null when valid is false." }),
    reference_matched: z
      .boolean()
      .nullable()
      .meta({
        description:
          "null when no reference was passed; otherwise whether it names a current letter of this kind for the account.",
      }),
    currency: currencyOutSchema.optional().meta({ description: "Funds letters, with a matching reference only." }),
    amount: amountOutSchema
      .optional()
      .meta({ description: "Funds letters, with a matching reference only: the available balance at issue." }),
    address: addressSchema.optional().meta({ description: "Address letters, with a matching reference only." }),
  })
  .meta({ id: "ProofVerification" });

export type CreateProofBody = z.output<typeof createProofBodySchema>;
export type ProofRecord = z.output<typeof proofSchema>;
export type ProofVerification = z.output<typeof proofVerificationSchema>;
export type ProofKind = (typeof PROOF_KINDS)[number];
