// Proof-letter operations: issue a proof of address or of funds, and revoke it.
import {
  createProofBodySchema,
  proofCreatedSchema,
  proofPathSchema,
  proofWriteResponseSchema,
} from "@/lib/schemas/proof";
import { walletPathSchema } from "@/lib/schemas/wallet";
import { defineOperation } from "./define";

export const createProofOperation = defineOperation({
  operationId: "createProof",
  method: "POST",
  path: "/api/public/sdk/v1/wallets/{externalUserId}/proofs",
  surface: "sdk",
  summary: "Issue a proof letter",
  description:
    "Issues a proof-of-address (`kind: address`, needs the wallet's address) or proof-of-funds (`kind: funds`, records the available balance now) letter with a reference code, current for `expiresInDays` (default 30). Anyone can check it at `/api/public/verify/proof` by account number; the amount or address is shown only to those who also give the reference. Active wallets only. The response's `document` is the letter signed (a JWS checked against `/.well-known/jwks.json`); `verifyUrl` carries it in its fragment.",
  tags: ["Proofs"],
  scope: "proofs:write",
  params: walletPathSchema,
  body: createProofBodySchema,
  success: { status: 201, description: "The letter, with its signed document.", schema: proofCreatedSchema },
  errors: ["wallet_not_found", "wallet_not_active", "wallet_address_missing"],
});

export const revokeProofOperation = defineOperation({
  operationId: "revokeProof",
  method: "POST",
  path: "/api/public/sdk/v1/proofs/{id}/revoke",
  surface: "sdk",
  summary: "Revoke a proof letter",
  description: "The public check then no longer reports it. Revoking a revoked letter returns it unchanged.",
  tags: ["Proofs"],
  scope: "proofs:write",
  params: proofPathSchema,
  success: { status: 200, description: "The revoked letter.", schema: proofWriteResponseSchema },
  errors: ["proof_not_found"],
});
