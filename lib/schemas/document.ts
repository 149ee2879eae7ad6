// Signed-document shapes: the published keys (JWKS), the `document` field of a created statement or
// letter, and the public revocation check of a signed document (docs/decisions/signed-documents.md).
import { z } from "zod";
import { timestampSchema, withExample } from "./common";
import { EXAMPLE_IDS } from "./examples";

/**
 * Ada's October statement and her funds letter, signed by the example key below (a throwaway key
 * made for the documentation: these verify against EXAMPLE_JWKS, and against nothing we run).
 */
export const EXAMPLE_STATEMENT_DOCUMENT =
  "eyJhbGciOiJFZERTQSIsImtpZCI6IkZJTnJRRjdFQXdiSm9vV25Fb2dFS3VUaU5ISWhYRUVJOFVMT1pCMXVRMEUiLCJ0eXAiOiJzdGF0ZW1lbnQrandzIn0.eyJpc3MiOiJodHRwOi8vbG9jYWxob3N0OjMwMDAiLCJpZCI6InN0bXRfN1J0Mll1OUlvNFBhMVNkNkZnM0hqOEtsIiwia2luZCI6InN0YXRlbWVudCIsImhvbGRlcl9uYW1lIjoiQWRhIE9iaSIsImFjY291bnRfbnVtYmVyIjoiNDgyOTEwMzc0OCIsInBlcmlvZF9zdGFydCI6IjIwMjYtMTAtMDEiLCJwZXJpb2RfZW5kIjoiMjAyNi0xMC0zMSIsImN1cnJlbmN5IjoiVVNEIiwib3BlbmluZ19iYWxhbmNlIjowLCJjbG9zaW5nX2JhbGFuY2UiOjQ4Ni4yLCJpc3N1ZWRfYXQiOiIyMDI2LTExLTAyVDEwOjAwOjAwLjAwMFoiLCJleHBpcmVzX2F0IjoiMjAyNy0wMS0zMVQxMDowMDowMC4wMDBaIiwibGl2ZW1vZGUiOmZhbHNlfQ.mlGblVOi11o8t8Q-k2vwlX5WBC5gx8QwTj0a59yDasgNdsvRNNRhkm9RXlk6xssaVtKU2mRgwKfExhA2ABpAAg";
export const EXAMPLE_PROOF_DOCUMENT =
  "eyJhbGciOiJFZERTQSIsImtpZCI6IkZJTnJRRjdFQXdiSm9vV25Fb2dFS3VUaU5ISWhYRUVJOFVMT1pCMXVRMEUiLCJ0eXAiOiJwcm9vZi1vZi1mdW5kcytqd3MifQ.eyJpc3MiOiJodHRwOi8vbG9jYWxob3N0OjMwMDAiLCJpZCI6InByZl8yUXc4RXI1VHkxVWk3T3A0QXM5RGYzR2giLCJraW5kIjoicHJvb2Ytb2YtZnVuZHMiLCJob2xkZXJfbmFtZSI6IkFkYSBPYmkiLCJhY2NvdW50X251bWJlciI6IjQ4MjkxMDM3NDgiLCJyZWZlcmVuY2UiOiJQUkYtN0tRMi1NOVhEIiwiY3VycmVuY3kiOiJVU0QiLCJhbW91bnQiOjQ4Ni4yLCJpc3N1ZWRfYXQiOiIyMDI2LTExLTAyVDEwOjA1OjAwLjAwMFoiLCJleHBpcmVzX2F0IjoiMjAyNi0xMi0wMlQxMDowNTowMC4wMDBaIiwibGl2ZW1vZGUiOmZhbHNlfQ.tFdA4RXa76YaKn4GieNBNFDbi2UA_oexxug-R5ut0Y1wi4u-weRjmjVRpe7-X6X-8f2tnf6Qcs-NeYT7v1a1Cg";

const EXAMPLE_KEY = {
  kty: "OKP" as const,
  crv: "Ed25519" as const,
  x: "YJKZtHCwpbiNEVFAmH-aEIAhLaXr940_IVNe8Y1USOE",
  kid: "FINrQF7EAwbJooWnEogEKuTiNHIhXEEI8ULOZB1uQ0E",
  alg: "EdDSA" as const,
  use: "sig" as const,
};

export const documentSchema = z.string().meta({
  description:
    "The document signed: a compact JWS (`alg` EdDSA, `kid` of a key in `/.well-known/jwks.json`, `typ` `statement+jws`, `proof-of-funds+jws` or `proof-of-address+jws`) whose payload is what the document states (issuer base URL `iss`, `id`, `kind`, holder name, account number, period and balances or amount or address, currency, `issued_at`, `expires_at`, `livemode`). `verifyUrl` carries it in its fragment (`#document=`), which browsers never send to a server.",
  example: EXAMPLE_STATEMENT_DOCUMENT,
});

export const jwksSchema = withExample(
  z.object({
    keys: z
      .array(
        z.object({
          kty: z.literal("OKP"),
          crv: z.literal("Ed25519"),
          x: z.string().meta({ description: "The public key, base64url." }),
          kid: z.string().meta({ description: "The key's id: its RFC 7638 thumbprint." }),
          alg: z.literal("EdDSA"),
          use: z.literal("sig"),
        }),
      )
      .meta({
        description:
          "The key signing now first, then retired keys still needed: a retired key stays while a document signed with it has not expired.",
      }),
  }),
  { id: "DocumentSigningKeys", example: { keys: [EXAMPLE_KEY] } },
);

export const DOCUMENT_STATUSES = ["current", "revoked", "expired", "not_found"] as const;

export const documentStatusQuerySchema = z.strictObject({
  id: z.string().optional().meta({
    description:
      "The signed document's `id` (a statement `stmt_…` or a letter `prf_…`). A missing or malformed id is answered with status not_found, not an error.",
    example: EXAMPLE_IDS.statement,
  }),
});

export const documentStatusSchema = withExample(
  z.object({
    id: z.string().meta({ example: EXAMPLE_IDS.statement }),
    status: z.enum(DOCUMENT_STATUSES).meta({
      description:
        "current: issued here, neither revoked nor expired; revoked: withdrawn by its issuer (a signature cannot say this); expired; not_found: no document of ours has this id.",
    }),
    revoked_at: timestampSchema.nullable(),
    expires_at: timestampSchema.nullable(),
  }),
  {
    id: "DocumentStatus",
    example: { id: EXAMPLE_IDS.statement, status: "current", revoked_at: null, expires_at: "2027-01-31T10:00:00.000Z" },
  },
);

export type Jwks = z.output<typeof jwksSchema>;
export type DocumentStatus = z.output<typeof documentStatusSchema>;
