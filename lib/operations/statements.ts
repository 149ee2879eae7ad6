// Statement operations: issue (with the one-time token and QR code) and revoke.
import {
  createStatementBodySchema,
  statementCreatedSchema,
  statementPathSchema,
  statementWriteResponseSchema,
} from "@/lib/schemas/statement";
import { walletPathSchema } from "@/lib/schemas/wallet";
import { defineOperation } from "./define";

export const createStatementOperation = defineOperation({
  operationId: "createStatement",
  method: "POST",
  path: "/api/public/sdk/v1/wallets/{externalUserId}/statements",
  surface: "sdk",
  summary: "Issue a statement",
  description:
    "Issues a statement of the wallet for a period of whole UTC days: opening and closing posted balances and the period's transactions from the ledger, with a verification token (shown only here; stored as a hash), the statement signed as `document` (a JWS checked against `/.well-known/jwks.json`), the public `verifyUrl` (`/verify?token=…#document=…`: the document rides in the fragment, never sent to a server) and an SVG QR code of it. The token expires after `expiresInDays` (default 90) and can be revoked. `holderName` is required when the wallet has no name.",
  tags: ["Statements"],
  scope: "statements:write",
  params: walletPathSchema,
  body: createStatementBodySchema,
  success: {
    status: 201,
    description: "The statement, with its token and QR code.",
    schema: statementCreatedSchema,
  },
  errors: ["wallet_not_found"],
});

export const revokeStatementOperation = defineOperation({
  operationId: "revokeStatement",
  method: "POST",
  path: "/api/public/sdk/v1/statements/{id}/revoke",
  surface: "sdk",
  summary: "Revoke a statement",
  description: "Its token then verifies as `revoked`. Revoking a revoked statement returns it unchanged.",
  tags: ["Statements"],
  scope: "statements:write",
  params: statementPathSchema,
  success: { status: 200, description: "The revoked statement.", schema: statementWriteResponseSchema },
  errors: ["statement_not_found"],
});
