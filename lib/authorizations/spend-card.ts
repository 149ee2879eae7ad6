// A card spend (SDK or simulated tap): approves it by placing a hold on the wallet and firing
// card.authorized, or declines it and records the declined authorization. Both commit; a decline
// is an outcome, not an error, and lib/http/spend-outcome.ts turns it into the 402. When the
// application has a decision endpoint, its answer (PriorDecision) was fetched before this
// transaction began (docs/decisions/authorization-decisions.md).
import type { Db } from "@/lib/db/client";
import { Prisma, type Authorization } from "@/lib/generated/prisma/client";
import { recordEvent } from "@/lib/events/record-event";
import { newId } from "@/lib/ids";
import { availableMinor } from "@/lib/ledger/accounts";
import { requireExponent, toMinor } from "@/lib/money/amount";
import type {
  AuthorizationDecision,
  AuthorizationRecord,
  AuthorizeBody,
  DeclineCode,
} from "@/lib/schemas/authorization";
import { checkSpendingControls, countSpendCte, spendSubjects } from "@/lib/spending-controls/check-spend";
import type { Tenant } from "@/lib/tenant";
import { findCardToSpend } from "@/lib/cards/find-card";
import { config } from "@/lib/config";
import { authorizationRecord } from "./authorization-record";
import { holdExpiresAt, scheduleHoldExpiry } from "./hold-expiry";

export type SpendSource = "sdk" | "tap" | "network";

/** A card network's authorization (lib/card-network/): who carried it, and what the network allows. */
export type NetworkSpend = {
  processor: string;
  /** The processor's reference for the authorization, so its later messages can name it. */
  networkRef?: string | null;
  /** The terminal takes a partial approval: a spend short of funds holds what is available. */
  partialApprovalCapable?: boolean;
};

export type SpendApproved = { approved: true; authorization: AuthorizationRecord };

/** A refused spend: why (a card_error code), a sentence for the caller, and the authorization recorded as declined. */
export type SpendDeclined = {
  approved: false;
  decline: DeclineCode;
  message: string;
  authorization: AuthorizationRecord;
};

export type SpendOutcome = SpendApproved | SpendDeclined;

/** A decline by one of the service's own checks, and which. */
export type CheckDecline = { code: DeclineCode; message: string; by: "status" | "controls" | "funds" };

/**
 * What happened before the spend's transaction, when the application has a decision endpoint
 * (lib/authorization-decisions/ask-decision.ts): the checks declined without asking, or the endpoint
 * was asked (or skipped as overloaded) and this is its decision.
 */
export type PriorDecision =
  | { kind: "declined_before_asking"; decline: CheckDecline }
  | {
      kind: "asked";
      /** The id the request named, so the authorization is the one the application decided on. */
      authorizationId: string;
      endpointId: string;
      decision: AuthorizationDecision;
      approved: boolean;
      /** A partial approval's hold, in minor units; absent approves the whole amount. */
      amount?: bigint;
      metadata: Record<string, string>;
    };

/**
 * Card status, then spending controls (the card's and its wallet's), then funds
 * (docs/decisions/spending-controls.md), for `amount` or the spend's own. Locked (the default), in the
 * spend's transaction, as the hold is placed; unlocked, the check made before asking the endpoint.
 */
export async function checkSpend(
  db: Pick<Db, "$queryRaw">,
  tenant: Tenant,
  cardId: string,
  input: AuthorizeBody,
  { lock = true, amount: holdAmount }: { lock?: boolean; amount?: bigint } = {},
) {
  const { account, ...card } = await findCardToSpend(db, tenant, cardId, { lock });
  const currency = input.currency ?? card.currency;
  requireExponent(currency);
  const requested = toMinor(input.amount, currency);
  const amount = holdAmount ?? requested;
  const now = new Date();
  const statusDecline = declineReason();
  const controls = statusDecline
    ? null
    : await checkSpendingControls(db, spendSubjects(card), {
        amount,
        currency,
        category: input.merchant.category ?? null,
        country: input.merchant.country ?? null,
        at: now,
      });
  const controlsDecline: CheckDecline | null = controls?.decline ? { ...controls.decline, by: "controls" } : null;
  const decline: CheckDecline | null = statusDecline ?? controlsDecline ?? fundsDecline();
  function declineReason(): CheckDecline | null {
    if (currency !== card.currency) {
      return {
        code: "card_currency_mismatch",
        message: `The card spends ${card.currency}, not ${currency}.`,
        by: "status",
      };
    }
    if (card.status !== "active")
      return { code: "card_inactive", message: `The card is ${card.status}.`, by: "status" };
    if (card.wallet.status !== "active")
      return { code: "card_inactive", message: `The card's wallet is ${card.wallet.status}.`, by: "status" };
    if (cardExpired(card, now)) {
      return {
        code: "card_expired",
        message: `The card expired at the end of ${card.expMonth}/${card.expYear}.`,
        by: "status",
      };
    }
    return null;
  }
  function fundsDecline(): CheckDecline | null {
    if (amount > availableMinor(account))
      return { code: "insufficient_funds", message: "The wallet's available balance is too low.", by: "funds" };
    return null;
  }
  return { card, account, currency, requested, amount, now, controls, decline };
}

/** The decline a decision endpoint's "no" (or its defaultAction "decline") records. */
function applicationDecline(decision: AuthorizationDecision): { code: DeclineCode; message: string } {
  const message =
    decision.by === "application"
      ? "The application's decision endpoint declined the spend."
      : `The application's decision endpoint gave no usable answer (${decision.reason}); its defaultAction is decline.`;
  return { code: "declined_by_application", message };
}

export async function spendCard(
  tx: Db,
  tenant: Tenant,
  cardId: string,
  input: AuthorizeBody,
  source: SpendSource,
  prior?: PriorDecision,
  network?: NetworkSpend,
): Promise<SpendOutcome> {
  const asked = prior?.kind === "asked" ? prior : null;
  // After the endpoint's answer the checks run again under the spend's locks, for the amount it
  // approved: what changed while it decided (another spend, a freeze, a new limit) decides first.
  let checked = await checkSpend(tx, tenant, cardId, input, { amount: asked?.approved ? asked.amount : undefined });
  const short = availableMinor(checked.account);
  if (network?.partialApprovalCapable && checked.decline?.by === "funds" && short > 0n && prior === undefined) {
    // A terminal that takes partial approvals gets what the wallet has (docs/decisions/card-network.md),
    // checked again by the controls for that amount.
    checked = await checkSpend(tx, tenant, cardId, input, { amount: short });
  }
  const { card, account, currency, requested, amount, now, controls } = checked;
  const checkDecline: CheckDecline | null =
    prior?.kind === "declined_before_asking"
      ? // Declined on a read a moment ago: recorded as it was, the endpoint never asked.
        prior.decline
      : asked && !asked.approved
        ? null
        : checked.decline;
  const decline = checkDecline ?? (asked && !asked.approved ? applicationDecline(asked.decision) : null);
  const decision: AuthorizationDecision = checkDecline
    ? {
        by: checkDecline.by,
        reason: checkDecline.code,
        // An approval the re-check overturned keeps the endpoint's timing.
        ...(asked?.decision.latencyMs !== undefined ? { latencyMs: asked.decision.latencyMs } : {}),
        ...(asked?.decision.statusCode !== undefined ? { statusCode: asked.decision.statusCode } : {}),
      }
    : (asked?.decision ?? { by: "default", reason: "no_endpoint" });

  const expiresAt = decline === null ? holdExpiresAt(now, config().AUTHORIZATION_HOLD_DAYS) : null;
  const merchant = {
    name: input.merchant.name,
    ...(input.merchant.category !== undefined ? { category: input.merchant.category } : {}),
    ...(input.merchant.country !== undefined ? { country: input.merchant.country } : {}),
  };
  // A declined authorization shows what was asked for; a partial approval holds less and says so.
  const recordedAmount = decline === null ? amount : requested;
  const requestedAmount = decline === null && amount < requested ? requested : null;
  const metadata = asked && Object.keys(asked.metadata).length > 0 ? JSON.stringify(asked.metadata) : null;
  // One statement records the authorization and, when approved, places its hold on the account
  // locked with the card.
  const [auth] = await tx.$queryRaw<Authorization[]>`
    WITH hold AS (
      UPDATE "LedgerAccount" SET "heldMinor" = "heldMinor" + ${amount}
      WHERE "id" = ${account.id} AND ${decline === null}
    )${controls && decline === null ? countSpendCte(controls, amount, now) : Prisma.empty}
    INSERT INTO "Authorization"
      ("id", "applicationId", "livemode", "cardId", "walletId", "currency", "amount", "status", "declineCode",
       "merchant", "source", "expiresAt", "decision", "metadata", "requestedAmount", "decisionEndpointId",
       "heldAmount", "processor", "networkRef", "createdAt", "updatedAt")
    VALUES (${asked?.authorizationId ?? newId("auth")}, ${tenant.applicationId}, ${tenant.livemode}, ${card.id},
      ${card.walletId}, ${currency}, ${recordedAmount}, ${decline ? "declined" : "pending"}, ${decline?.code ?? null},
      ${JSON.stringify(merchant)}::jsonb, ${source}, ${expiresAt}, ${JSON.stringify(decision)}::jsonb,
      ${metadata}::jsonb, ${requestedAmount}, ${asked?.endpointId ?? null}, ${decline === null ? amount : 0n},
      ${network?.processor ?? null}, ${network?.networkRef ?? null}, ${now}, ${now})
    RETURNING *`;
  if (!auth) throw new Error("recording an authorization returned no row");
  const authorization = authorizationRecord(auth, card.wallet.externalUserId);
  if (decline) {
    // The declined authorization commits with its event (the refusal's writes are kept): its
    // declineCode says why and its decision who decided.
    await recordEvent(tx, tenant, "card.declined", authorization);
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
