// The card network lifecycle's one entry: every processor's connector (the built-in simulator, the
// Lithic connector) hands it a NetworkMessage and turns the NetworkResult back into its processor's
// answer. Checks the message (card, currency, amount), answers a repeat of a network id with its
// first outcome, and applies the rest in one transaction each: ledger, authorization, event and
// history together (docs/decisions/card-network.md).
import { askForDecision } from "@/lib/authorization-decisions/ask-decision";
import { checkSpend, spendCard } from "@/lib/authorizations/spend-card";
import { authorizationRecord } from "@/lib/authorizations/authorization-record";
import { prisma, transaction, type Db } from "@/lib/db/client";
import { DomainError } from "@/lib/errors";
import { recordEvent } from "@/lib/events/record-event";
import { Prisma } from "@/lib/generated/prisma/client";
import { availableMinor, lockWalletAccount } from "@/lib/ledger/accounts";
import { toMajor, toMinor } from "@/lib/money/amount";
import { currentDeadline, runWithDeadline } from "@/lib/platform/request-deadline";
import type { AuthorizeBody } from "@/lib/schemas/authorization";
import type { Tenant } from "@/lib/tenant";
import { applyNetworkMessage } from "./apply-network-message";
import { insertNetworkAuthorization, merchantOf, type NetworkCard } from "./network-authorization";
import type { NetworkMessage, NetworkOutcome, NetworkResult } from "./network-message";
import { NetworkRejectionError } from "./network-rejection";
import { findStep, recordStep, replayedOutcome } from "./network-step";

/** The most one message may carry, minor units: far above any card spend, far below the ledger's bound. */
export const MAX_NETWORK_AMOUNT_MINOR = 10n ** 13n;

/** Kinds that may carry 0: an account verification or balance inquiry, and an expiry of all that is left. */
const ZERO_ALLOWED = new Set<NetworkMessage["kind"]>(["authorization", "expiry"]);

function invalid(message: NetworkMessage): NetworkResult | null {
  if (typeof message.amount !== "bigint" || message.amount < 0n || message.amount > MAX_NETWORK_AMOUNT_MINOR) {
    return {
      ok: false,
      rejection: "amount_invalid",
      message: `The amount must be between 0 and ${MAX_NETWORK_AMOUNT_MINOR} minor units.`,
    };
  }
  if (message.amount === 0n && !ZERO_ALLOWED.has(message.kind)) {
    return { ok: false, rejection: "amount_invalid", message: `A ${message.kind} must carry an amount above zero.` };
  }
  if (message.networkId.length === 0 || message.networkId.length > 200) {
    return {
      ok: false,
      rejection: "message_conflict",
      message: "The message's networkId must be 1 to 200 characters.",
    };
  }
  return null;
}

async function findNetworkCard(message: NetworkMessage, tenant?: Tenant) {
  return prisma().card.findFirst({
    where: {
      id: message.cardId,
      ...(tenant ? { applicationId: tenant.applicationId, livemode: tenant.livemode } : {}),
    },
    select: {
      id: true,
      applicationId: true,
      livemode: true,
      walletId: true,
      currency: true,
      wallet: { select: { externalUserId: true } },
    },
  });
}

/** A repeat: the first outcome, unless the id was used for a different message. */
function replay(
  step: { kind: string; cardId: string; amount: bigint; outcome: Prisma.JsonValue },
  message: NetworkMessage,
): NetworkResult {
  if (step.kind !== message.kind || step.cardId !== message.cardId || step.amount !== message.amount) {
    return {
      ok: false,
      rejection: "message_conflict",
      message: `The networkId ${message.networkId} was already used for a different message (a ${step.kind} of ${step.amount} minor units).`,
    };
  }
  return { ok: true, outcome: replayedOutcome(step) };
}

function isUniqueViolation(error: unknown): boolean {
  return error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002";
}

export async function handleNetworkMessage(
  message: NetworkMessage,
  opts: { tenant?: Tenant } = {},
): Promise<NetworkResult> {
  const bad = invalid(message);
  if (bad) return bad;
  const found = await findNetworkCard(message, opts.tenant);
  if (!found) return { ok: false, rejection: "unknown_card", message: `No card ${message.cardId} exists.` };
  if (found.currency !== message.currency.toUpperCase()) {
    return {
      ok: false,
      rejection: "currency_mismatch",
      message: `The card spends ${found.currency}, not ${message.currency}.`,
    };
  }
  const tenant: Tenant = { applicationId: found.applicationId, livemode: found.livemode };
  const card: NetworkCard = {
    id: found.id,
    walletId: found.walletId,
    currency: found.currency,
    externalUserId: found.wallet.externalUserId,
  };
  const earlier = await findStep(prisma(), tenant, message);
  if (earlier) return replay(earlier, message);
  try {
    const outcome =
      message.kind === "authorization"
        ? await authorize(tenant, card, message)
        : await transaction((tx) => applyNetworkMessage(tx, tenant, card, message));
    return { ok: true, outcome };
  } catch (error) {
    if (error instanceof NetworkRejectionError)
      return { ok: false, rejection: error.rejection, message: error.message };
    if (error instanceof DomainError && error.code === "balance_limit_exceeded") {
      return { ok: false, rejection: "amount_invalid", message: error.message };
    }
    if (isUniqueViolation(error)) {
      // The same network id applied concurrently: the twin that committed first answers both.
      const twin = await findStep(prisma(), tenant, message);
      if (twin) return replay(twin, message);
      return {
        ok: false,
        rejection: "message_conflict",
        message: "The processor's reference already names another authorization.",
      };
    }
    throw error;
  }
}

/**
 * Runs `work` within `budgetMs` of now (or the request's own deadline, when sooner), so the decision
 * endpoint is asked only as long as the processor's window allows and its defaultAction answers in time.
 */
function withinBudget<T>(budgetMs: number, work: () => Promise<T>): Promise<T> {
  const request = currentDeadline();
  const deadline = Math.min(Date.now() + budgetMs, request?.deadline ?? Number.POSITIVE_INFINITY);
  return runWithDeadline(
    {
      priority: request?.priority ?? "network",
      admittedAt: request?.admittedAt ?? Date.now(),
      deadline,
      clientGone: request?.clientGone ?? new AbortController().signal,
      decisionCritical: true,
    },
    work,
  );
}

async function authorize(
  tenant: Tenant,
  card: NetworkCard,
  message: Extract<NetworkMessage, { kind: "authorization" }>,
): Promise<NetworkOutcome> {
  const purpose = message.purpose ?? (message.amount === 0n ? "account_verification" : "purchase");
  const input: AuthorizeBody = {
    amount: toMajor(message.amount, card.currency),
    currency: card.currency,
    merchant: merchantOf(message.merchant),
  };
  if (purpose !== "purchase") return transaction((tx) => inquire(tx, tenant, card, message, input, purpose));
  return withinBudget(message.budgetMs, async () => {
    const prior = await askForDecision(tenant, card.id, input, "network");
    return transaction(async (tx) => {
      const spent = await spendCard(tx, tenant, card.id, input, "network", prior, {
        processor: message.processor,
        networkRef: message.transactionRef ?? null,
        partialApprovalCapable: message.partialApprovalCapable ?? false,
      });
      const authorizationId = spent.authorization.id;
      const account = await lockWalletAccount(tx, card.walletId);
      const outcome: NetworkOutcome = spent.approved
        ? {
            result: "approved",
            authorizationId,
            approvedAmount: toMinor(spent.authorization.amount, card.currency),
            balanceAfter: availableMinor(account),
            replayed: false,
          }
        : { result: "declined", authorizationId, decline: spent.decline, message: spent.message, replayed: false };
      await recordStep(tx, tenant, message, card.walletId, outcome);
      return outcome;
    });
  });
}

/**
 * A balance inquiry or account verification: the card's status and controls are checked as for a
 * spend of nothing, no hold is placed, and the authorization is recorded closed at 0.
 */
async function inquire(
  tx: Db,
  tenant: Tenant,
  card: NetworkCard,
  message: Extract<NetworkMessage, { kind: "authorization" }>,
  input: AuthorizeBody,
  purpose: "balance_inquiry" | "account_verification",
): Promise<NetworkOutcome> {
  const checked = await checkSpend(tx, tenant, card.id, input, { amount: 0n });
  const decline = checked.decline && checked.decline.by !== "funds" ? checked.decline : null;
  const auth = await insertNetworkAuthorization(tx, tenant, card, message, {
    status: "closed",
    amount: 0n,
    decision: decline ? { by: decline.by, reason: decline.code } : { by: "network", reason: purpose },
    networkRef: null,
  });
  let outcome: NetworkOutcome;
  if (decline) {
    await tx.authorization.update({ where: { id: auth.id }, data: { status: "declined", declineCode: decline.code } });
    outcome = {
      result: "declined",
      authorizationId: auth.id,
      decline: decline.code,
      message: decline.message,
      replayed: false,
    };
  } else {
    await recordEvent(tx, tenant, "card.authorized", authorizationRecord(auth, card.externalUserId));
    outcome = {
      result: "approved",
      authorizationId: auth.id,
      approvedAmount: 0n,
      balanceAfter: availableMinor(checked.account),
      replayed: false,
    };
  }
  await recordStep(tx, tenant, message, card.walletId, outcome);
  return outcome;
}
