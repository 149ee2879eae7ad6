// A card spend (SDK or simulated tap): approves it by placing a hold on the wallet and firing
// card.authorized, or declines it and records the declined authorization. Both commit; a decline
// is an outcome, not an error, and lib/http/spend-outcome.ts turns it into the 402.
import type { Db } from "@/lib/db/client";
import { Prisma, type Authorization } from "@/lib/generated/prisma/client";
import { recordEvent } from "@/lib/events/record-event";
import { newId } from "@/lib/ids";
import { availableMinor } from "@/lib/ledger/accounts";
import { requireExponent, toMinor } from "@/lib/money/amount";
import type { AuthorizationRecord, AuthorizeBody, DeclineCode } from "@/lib/schemas/authorization";
import { checkSpendingControls, countSpendCte, spendSubjects } from "@/lib/spending-controls/check-spend";
import type { Tenant } from "@/lib/tenant";
import { findCardToSpend } from "@/lib/cards/find-card";
import { config } from "@/lib/config";
import { authorizationRecord } from "./authorization-record";
import { holdExpiresAt, scheduleHoldExpiry } from "./hold-expiry";

export type SpendSource = "sdk" | "tap";

export type SpendApproved = { approved: true; authorization: AuthorizationRecord };

/** A refused spend: why (a card_error code), a sentence for the caller, and the authorization recorded as declined. */
export type SpendDeclined = {
  approved: false;
  decline: DeclineCode;
  message: string;
  authorization: AuthorizationRecord;
};

export type SpendOutcome = SpendApproved | SpendDeclined;

export async function spendCard(
  tx: Db,
  tenant: Tenant,
  cardId: string,
  input: AuthorizeBody,
  source: SpendSource,
): Promise<SpendOutcome> {
  const { account, ...card } = await findCardToSpend(tx, tenant, cardId);
  const currency = input.currency ?? card.currency;
  requireExponent(currency);
  const amount = toMinor(input.amount, currency);

  const now = new Date();
  const statusDecline = declineReason();
  // Status, then spending controls (the card's and its wallet's), then funds:
  // docs/decisions/spending-controls.md.
  const controls = statusDecline
    ? null
    : await checkSpendingControls(tx, spendSubjects(card), {
        amount,
        currency,
        category: input.merchant.category ?? null,
        country: input.merchant.country ?? null,
        at: now,
      });
  const decline = statusDecline ?? controls?.decline ?? fundsDecline();
  function declineReason(): { code: DeclineCode; message: string } | null {
    if (currency !== card.currency) {
      return { code: "card_currency_mismatch", message: `The card spends ${card.currency}, not ${currency}.` };
    }
    if (card.status !== "active") return { code: "card_inactive", message: `The card is ${card.status}.` };
    if (card.wallet.status !== "active")
      return { code: "card_inactive", message: `The card's wallet is ${card.wallet.status}.` };
    if (cardExpired(card, now)) {
      return { code: "card_expired", message: `The card expired at the end of ${card.expMonth}/${card.expYear}.` };
    }
    return null;
  }
  function fundsDecline(): { code: DeclineCode; message: string } | null {
    if (amount > availableMinor(account))
      return { code: "insufficient_funds", message: "The wallet's available balance is too low." };
    return null;
  }

  const expiresAt = decline === null ? holdExpiresAt(now, config().AUTHORIZATION_HOLD_DAYS) : null;
  const merchant = {
    name: input.merchant.name,
    ...(input.merchant.category !== undefined ? { category: input.merchant.category } : {}),
    ...(input.merchant.country !== undefined ? { country: input.merchant.country } : {}),
  };
  // One statement records the authorization and, when approved, places its hold on the account
  // locked with the card.
  const [auth] = await tx.$queryRaw<Authorization[]>`
    WITH hold AS (
      UPDATE "LedgerAccount" SET "heldMinor" = "heldMinor" + ${amount}
      WHERE "id" = ${account.id} AND ${decline === null}
    )${controls && decline === null ? countSpendCte(controls, amount, now) : Prisma.empty}
    INSERT INTO "Authorization"
      ("id", "applicationId", "livemode", "cardId", "walletId", "currency", "amount", "status", "declineCode",
       "merchant", "source", "expiresAt", "createdAt", "updatedAt")
    VALUES (${newId("auth")}, ${tenant.applicationId}, ${tenant.livemode}, ${card.id}, ${card.walletId}, ${currency},
      ${amount}, ${decline ? "declined" : "pending"}, ${decline?.code ?? null}, ${JSON.stringify(merchant)}::jsonb,
      ${source}, ${expiresAt}, ${now}, ${now})
    RETURNING *`;
  if (!auth) throw new Error("recording an authorization returned no row");
  const authorization = authorizationRecord(auth, card.wallet.externalUserId);
  if (decline) {
    return { approved: false, decline: decline.code, message: decline.message, authorization };
  }
  if (expiresAt) await scheduleHoldExpiry(tx, auth.id, expiresAt);
  await recordEvent(tx, tenant, "card.authorized", authorization);
  return { approved: true, authorization };
}

/** A card is valid through the last day of its expiry month (UTC), as printed cards are. */
export function cardExpired(card: { expMonth: number; expYear: number }, now: Date): boolean {
  const year = now.getUTCFullYear();
  return year > card.expYear || (year === card.expYear && now.getUTCMonth() + 1 > card.expMonth);
}
