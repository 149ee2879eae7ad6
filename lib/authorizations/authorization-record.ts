// The authorization record as the API and the card.* webhooks return it.
import type { Authorization } from "@/lib/generated/prisma/client";
import { toMajor } from "@/lib/money/amount";
import { merchantSchema, DECLINE_CODES, type AuthorizationRecord } from "@/lib/schemas/authorization";

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
    livemode: auth.livemode,
    createdAt: auth.createdAt.toISOString(),
    updatedAt: auth.updatedAt.toISOString(),
  };
}
