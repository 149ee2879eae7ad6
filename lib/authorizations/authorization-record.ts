// The authorization record as the API and the card.* webhooks return it.
import type { Authorization } from "@/lib/generated/prisma/client";
import { toMajor } from "@/lib/money/amount";
import {
  merchantSchema,
  DECLINE_CODES,
  decisionSchema,
  type AuthorizationDecision,
  type AuthorizationRecord,
  type DeclineCode,
} from "@/lib/schemas/authorization";

const CHECK_OF: Partial<Record<DeclineCode, AuthorizationDecision["by"]>> = {
  insufficient_funds: "funds",
  card_inactive: "status",
  card_currency_mismatch: "status",
  card_expired: "status",
  declined_by_application: "application",
};

/** The stored decision; for an authorization made before decisions were recorded, what its decline code says. */
function decisionOf(auth: Authorization, declineCode: DeclineCode | null): AuthorizationDecision {
  const stored = decisionSchema.safeParse(auth.decision);
  if (stored.success) return stored.data;
  if (declineCode === null) return { by: "default", reason: "no_endpoint" };
  return { by: CHECK_OF[declineCode] ?? "controls", reason: declineCode };
}

function metadataOf(value: Authorization["metadata"]): Record<string, string> {
  if (value === null || typeof value !== "object" || Array.isArray(value)) return {};
  return Object.fromEntries(Object.entries(value).filter((e): e is [string, string] => typeof e[1] === "string"));
}

export function authorizationRecord(auth: Authorization, externalUserId: string): AuthorizationRecord {
  const declineCode = DECLINE_CODES.find((c) => c === auth.declineCode) ?? null;
  const merchant = merchantSchema.safeParse(auth.merchant);
  return {
    id: auth.id,
    object: "authorization",
    cardId: auth.cardId,
    walletId: auth.walletId,
    externalUserId,
    amount: toMajor(auth.amount, auth.currency),
    currency: auth.currency,
    status: auth.status,
    declineCode,
    capturedAmount: toMajor(auth.capturedAmount, auth.currency),
    refundedAmount: toMajor(auth.refundedAmount, auth.currency),
    merchant: {
      name: merchant.success ? merchant.data.name : "",
      category: merchant.success ? (merchant.data.category ?? null) : null,
      country: merchant.success ? (merchant.data.country ?? null) : null,
    },
    source: auth.source,
    expiresAt: auth.expiresAt?.toISOString() ?? null,
    requestedAmount: auth.requestedAmount === null ? null : toMajor(auth.requestedAmount, auth.currency),
    decision: decisionOf(auth, declineCode),
    metadata: metadataOf(auth.metadata),
    livemode: auth.livemode,
    createdAt: auth.createdAt.toISOString(),
    updatedAt: auth.updatedAt.toISOString(),
  };
}
