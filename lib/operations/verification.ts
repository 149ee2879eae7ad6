// The keyless public checks of statement tokens and proof letters.
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
