// Proof-letter shapes: the issue request, the letter record, and the public proof verification
// query and answer (masked holder name; amount or address only with the letter's reference).
import { z } from "zod";
import {
  amountOutSchema,
  currencyOutSchema,
  idempotentReplaySchema,
  livemodeSchema,
  timestampSchema,
  withExample,
} from "./common";
import { documentSchema, EXAMPLE_PROOF_DOCUMENT } from "./document";
import { EXAMPLE_BASE_URL, EXAMPLE_IDS, EXAMPLE_PROOF_REFERENCE, EXAMPLE_TIMES, EXAMPLE_USER } from "./examples";
import { holderNameSchema } from "./statement";
import { addressSchema } from "./wallet";

export const PROOF_KINDS = ["address", "funds"] as const;

export const proofKindSchema = z.enum(PROOF_KINDS).meta({
  description: "address: the holder's address on file; funds: the available balance at issue.",
  example: "funds",
});

export const createProofBodySchema = withExample(
  z
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
    .strict(),
  { id: "CreateProofRequest", example: { kind: "funds", expiresInDays: 30 } },
);

export const proofPathSchema = z.object({
  id: z
    .string()
    .regex(/^prf_[0-9A-Za-z]{24}$/, "must be a proof id (prf_...)")
    .meta({ description: "The proof letter's id (`prf_` + 24 letters and digits).", example: EXAMPLE_IDS.proof }),
});

const proofVerifyUrl = `${EXAMPLE_BASE_URL}/verify/proof?${new URLSearchParams({
  account: EXAMPLE_USER.accountNumber,
  kind: "funds",
  reference: EXAMPLE_PROOF_REFERENCE,
}).toString()}`;

const proofShape = z.object({
  id: z.string().meta({ example: EXAMPLE_IDS.proof }),
  object: z.literal("proof"),
  walletId: z.string().meta({ example: EXAMPLE_IDS.wallet }),
  externalUserId: z.string().meta({ example: EXAMPLE_USER.externalUserId }),
  kind: proofKindSchema,
  reference: z.string().meta({
    description: "The letter's reference code; a verifier who has it also sees the amount or address.",
    example: EXAMPLE_PROOF_REFERENCE,
  }),
  holderName: z.string().meta({ example: EXAMPLE_USER.name }),
  accountNumber: z.string().meta({ example: EXAMPLE_USER.accountNumber }),
  currency: currencyOutSchema.nullable().meta({ description: "Funds letters: the wallet's currency." }),
  amount: amountOutSchema
    .nullable()
    .meta({ description: "Funds letters: the available balance when the letter was issued.", example: 486.2 }),
  address: addressSchema
    .nullable()
    .meta({ description: "Address letters: the address on file when the letter was issued." }),
  verifyUrl: z.string().meta({
    description: "Public page that checks the letter, reference included.",
    format: "uri",
    example: proofVerifyUrl,
  }),
  issuedAt: timestampSchema,
  expiresAt: timestampSchema.nullable(),
  revokedAt: timestampSchema.nullable(),
  livemode: livemodeSchema,
});

/** Ada's proof-of-funds letter: her available balance of 486.20 USD, current for 30 days. */
export const PROOF_EXAMPLE: z.output<typeof proofShape> = {
  id: EXAMPLE_IDS.proof,
  object: "proof",
  walletId: EXAMPLE_IDS.wallet,
  externalUserId: EXAMPLE_USER.externalUserId,
  kind: "funds",
  reference: EXAMPLE_PROOF_REFERENCE,
  holderName: EXAMPLE_USER.name,
  accountNumber: EXAMPLE_USER.accountNumber,
  currency: EXAMPLE_USER.currency,
  amount: 486.2,
  address: null,
  verifyUrl: proofVerifyUrl,
  issuedAt: EXAMPLE_TIMES.proofIssued,
  expiresAt: EXAMPLE_TIMES.proofExpires,
  revokedAt: null,
  livemode: false,
};

export const proofSchema = proofShape.meta({ id: "Proof", example: PROOF_EXAMPLE });

export const proofWriteResponseSchema = withExample(proofShape.extend({ idempotent_replay: idempotentReplaySchema }), {
  id: "ProofWriteResponse",
  example: { ...PROOF_EXAMPLE, idempotent_replay: false },
});

/** What issuing returns: the letter with its signed document, which the verifyUrl's fragment also carries. */
export const proofCreatedSchema = withExample(
  proofShape.extend({
    document: documentSchema.meta({ example: EXAMPLE_PROOF_DOCUMENT }),
    verifyUrl: z.string().meta({
      description:
        "Public page that checks the letter (reference included) and, in the browser, the signed document in the fragment (`#document=`).",
      format: "uri",
      example: `${proofVerifyUrl}#document=${EXAMPLE_PROOF_DOCUMENT}`,
    }),
    idempotent_replay: idempotentReplaySchema,
  }),
  {
    id: "ProofCreated",
    example: {
      ...PROOF_EXAMPLE,
      document: EXAMPLE_PROOF_DOCUMENT,
      verifyUrl: `${proofVerifyUrl}#document=${EXAMPLE_PROOF_DOCUMENT}`,
      idempotent_replay: false,
    },
  },
);

export const proofVerifyQuerySchema = z.strictObject({
  account: z.string().meta({
    description: "The wallet's 10-digit account number (the last digit is a Luhn check digit).",
    example: EXAMPLE_USER.accountNumber,
  }),
  kind: proofKindSchema,
  reference: z.string().max(64).optional().meta({
    description: "The letter's reference code; with it the answer includes the amount or the address.",
    example: EXAMPLE_PROOF_REFERENCE,
  }),
});

export const proofVerificationSchema = withExample(
  z.object({
    account: z.string().meta({ example: EXAMPLE_USER.accountNumber }),
    kind: proofKindSchema,
    valid: z
      .boolean()
      .meta({ description: "true when a current (unrevoked, unexpired) letter of this kind exists for the account." }),
    holder_name: z
      .string()
      .nullable()
      .meta({ description: "Masked, e.g. `A*** O***`; null when valid is false.", example: EXAMPLE_USER.maskedName }),
    issued_at: timestampSchema.nullable(),
    expires_at: timestampSchema.nullable(),
    livemode: livemodeSchema
      .nullable()
      .meta({ description: "false for a letter issued with a test key; null when valid is false." }),
    reference_matched: z.boolean().nullable().meta({
      description:
        "null when no reference was passed; otherwise whether it names a current letter of this kind for the account.",
    }),
    currency: currencyOutSchema.optional().meta({ description: "Funds letters, with a matching reference only." }),
    amount: amountOutSchema.optional().meta({
      description: "Funds letters, with a matching reference only: the available balance at issue.",
      example: 486.2,
    }),
    address: addressSchema.optional().meta({ description: "Address letters, with a matching reference only." }),
  }),
  {
    id: "ProofVerification",
    // `?account=4829103748&kind=funds&reference=PRF-7KQ2-M9XD`: Ada's letter, amount shown.
    example: {
      account: EXAMPLE_USER.accountNumber,
      kind: "funds",
      valid: true,
      holder_name: EXAMPLE_USER.maskedName,
      issued_at: EXAMPLE_TIMES.proofIssued,
      expires_at: EXAMPLE_TIMES.proofExpires,
      livemode: false,
      reference_matched: true,
      currency: EXAMPLE_USER.currency,
      amount: 486.2,
    },
  },
);

export type CreateProofBody = z.output<typeof createProofBodySchema>;
export type ProofRecord = z.output<typeof proofSchema>;
export type ProofCreatedRecord = Omit<z.output<typeof proofCreatedSchema>, "idempotent_replay">;
export type ProofVerification = z.output<typeof proofVerificationSchema>;
export type ProofKind = (typeof PROOF_KINDS)[number];
