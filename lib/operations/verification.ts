// The keyless public checks of statement tokens and proof letters.
import { documentStatusQuerySchema, documentStatusSchema, jwksSchema } from "@/lib/schemas/document";
import { proofVerificationSchema, proofVerifyQuerySchema } from "@/lib/schemas/proof";
import { statementTokenQuerySchema, statementTokenResultSchema } from "@/lib/schemas/statement";
import { defineOperation } from "./define";

export const verifyStatementTokenOperation = defineOperation({
  operationId: "verifyStatementToken",
  method: "GET",
  path: "/api/public/verify/statement-token",
  surface: "public",
  summary: "Check a statement token",
  description:
    "No key needed; limited per client address. Answers 200 for any token: `valid: true` with the holder, period (dates `YYYY-MM-DD`), issue and expiry, currency and balances; or `valid: false` with `reason` and `reason_code` (`malformed` — including a missing token —, `not_found`, `revoked`, `expired`) and no holder name. Only a query holding a NUL character, which no token has, is refused with 400 `validation_failed`, like any input. Responses carry `Cache-Control: no-store`.",
  tags: ["Verification"],
  query: statementTokenQuerySchema,
  success: { status: 200, description: "The verification result.", schema: statementTokenResultSchema },
});

export const verifyProofOperation = defineOperation({
  operationId: "verifyProof",
  method: "GET",
  path: "/api/public/verify/proof",
  surface: "public",
  summary: "Check a proof letter",
  description:
    "No key needed; limited per client address. Says whether a current (unrevoked, unexpired) letter of `kind` exists for the account, with the holder's name masked (`A*** O***`) and the letter's dates; with the letter's `reference` it also shows the funds amount or the address. A wallet is either test or live; `livemode` says which. A malformed account number (not 10 digits, or a failed check digit) is a 400 `invalid_account_number`; a bad `kind` a 400 `validation_failed`.",
  tags: ["Verification"],
  query: proofVerifyQuerySchema,
  success: { status: 200, description: "The verification result.", schema: proofVerificationSchema },
  errors: ["validation_failed", "invalid_account_number"],
});

export const getDocumentKeysOperation = defineOperation({
  operationId: "getDocumentKeys",
  method: "GET",
  path: "/api/public/jwks.json",
  surface: "public",
  summary: "The keys that sign documents (JWKS)",
  description:
    "No key needed; limited per client address. The Ed25519 public keys (`alg` EdDSA) that sign statements and proof letters (`document`), as a JSON Web Key Set: the key signing now first, then each retired key while a document signed with it has not expired. The same set is served at `/.well-known/jwks.json`, the address verifiers fetch. `Cache-Control: public, max-age=60`.",
  tags: ["Verification"],
  success: { status: 200, description: "The published keys.", schema: jwksSchema },
});

export const getDocumentStatusOperation = defineOperation({
  operationId: "getDocumentStatus",
  method: "GET",
  path: "/api/public/verify/document",
  surface: "public",
  summary: "Check whether a signed document was revoked",
  description:
    "No key needed; limited per client address. What a signature cannot say: whether the statement or letter with this `id` is still current, or was revoked or has expired. Answers 200 for any id (`not_found` for one that is missing, malformed or not ours) and reveals nothing the document does not already state. `/verify` asks this after checking the signature in the browser. `Cache-Control: no-store`.",
  tags: ["Verification"],
  query: documentStatusQuerySchema,
  success: { status: 200, description: "The document's status.", schema: documentStatusSchema },
});
