// Every network message other than an authorization request: increments, advices, reversals,
// clearings, force posts, merchant credits, return reversals and expiries, each applied to the
// ledger, the authorization, its event and its history in the caller's one transaction
// (docs/decisions/card-network.md says what each does to balances and holds).
import { checkSpend } from "@/lib/authorizations/spend-card";
import { authorizationRecord } from "@/lib/authorizations/authorization-record";
import { holdExpiresAt, removeHoldExpiry, scheduleHoldExpiry } from "@/lib/authorizations/hold-expiry";
import { config } from "@/lib/config";
import type { Db } from "@/lib/db/client";
import type { Authorization } from "@/lib/generated/prisma/client";
import { recordEvent, type EventType } from "@/lib/events/record-event";
import { availableMinor, ensureReserveAccount, lockWalletAccount } from "@/lib/ledger/accounts";
import { postTransfer, type TransferLeg } from "@/lib/ledger/post-transfer";
import { toMajor } from "@/lib/money/amount";
import { releaseSpending } from "@/lib/spending-controls/release-spending";
import { addToTotalsSql } from "@/lib/spending-controls/totals";
import type { Tenant } from "@/lib/tenant";
import { merchantSchema } from "@/lib/schemas/authorization";
import {
  insertNetworkAuthorization,
  lockReferenced,
  referenceFree,
  type NetworkAuth,
  type NetworkCard,
} from "./network-authorization";
import type { AuthorizationReference, NetworkMessage, NetworkOutcome } from "./network-message";
import { reject } from "./network-rejection";
import { recordStep } from "./network-step";
import { allowNetworkOverdraft } from "./overdraft";
import { clearingLimit } from "./tip-tolerance";

type Applied = { outcome: NetworkOutcome; overdrew: boolean };

const min = (a: bigint, b: bigint) => (a < b ? a : b);

function unknownAuthorization(ref: AuthorizationReference): never {
  return reject(
    "unknown_authorization",
    "id" in ref
      ? `No authorization ${ref.id} of this card exists.`
      : `No authorization of this card carries the processor's reference ${ref.networkId}.`,
  );
}

async function required(tx: Db, tenant: Tenant, message: NetworkMessage, ref: AuthorizationReference) {
  const auth = await lockReferenced(tx, tenant, message, ref);
  if (!auth) unknownAuthorization(ref);
  if (auth.status === "declined")
    reject("message_conflict", `The authorization ${auth.id} was declined; it holds nothing.`);
  return auth;
}

/** Moves the wallet's hold by `delta` and returns the account as it is after. */
async function moveHold(tx: Db, walletId: string, delta: bigint) {
  const account = await lockWalletAccount(tx, walletId);
  if (delta === 0n) return account;
  return tx.ledgerAccount.update({ where: { id: account.id }, data: { heldMinor: { increment: delta } } });
}

/** Money between the wallet and the reserve (the card network's settlement): + credits the wallet. */
async function moveMoney(
  tx: Db,
  tenant: Tenant,
  auth: Pick<Authorization, "id" | "walletId" | "currency">,
  kind: "capture" | "refund",
  walletAmount: bigint,
  description: string,
) {
  const account = await lockWalletAccount(tx, auth.walletId);
  const reserve = await ensureReserveAccount(tx, tenant.livemode, auth.currency);
  const legs: TransferLeg[] = [
    { account, amount: walletAmount },
    { account: reserve, amount: -walletAmount },
  ];
  await postTransfer(tx, {
    applicationId: tenant.applicationId,
    livemode: tenant.livemode,
    kind,
    authorizationId: auth.id,
    description,
    legs,
  });
  return lockWalletAccount(tx, auth.walletId);
}

function merchantName(auth: Pick<Authorization, "merchant">): string {
  const merchant = merchantSchema.safeParse(auth.merchant);
  return merchant.success ? merchant.data.name : "Card network";
}

async function announce(
  tx: Db,
  tenant: Tenant,
  type: EventType,
  auth: NetworkAuth | (Authorization & { wallet?: unknown }),
  externalUserId: string,
) {
  await recordEvent(tx, tenant, type, authorizationRecord(auth, externalUserId));
}

const applied = (authorizationId: string, overdrew = false): Applied => ({
  outcome: { result: "applied", authorizationId, replayed: false },
  overdrew,
});

async function increment(
  tx: Db,
  tenant: Tenant,
  card: NetworkCard,
  message: Extract<NetworkMessage, { kind: "increment" }>,
): Promise<Applied> {
  const auth = await required(tx, tenant, message, message.authorization);
  if (auth.status !== "pending") {
    reject("message_conflict", `The authorization ${auth.id} is ${auth.status}; only an open hold can be raised.`);
  }
  const merchant = merchantSchema.safeParse(auth.merchant);
  const input = {
    amount: toMajor(message.amount, card.currency),
    currency: card.currency,
    merchant: merchant.success ? merchant.data : { name: "Card network" },
  };
  // Checked as a new authorization of the increment's amount (status, controls, funds), under the
  // spend's locks; the decision endpoint is not asked for increments (docs/decisions/card-network.md).
  const checked = await checkSpend(tx, tenant, card.id, input, { amount: message.amount });
  if (checked.decline) {
    return {
      outcome: {
        result: "declined",
        authorizationId: auth.id,
        decline: checked.decline.code,
        message: checked.decline.message,
        replayed: false,
      },
      overdrew: false,
    };
  }
  if (checked.controls && checked.controls.decline === null && checked.controls.totals.length > 0) {
    await tx.$executeRaw(addToTotalsSql(checked.controls.totals, message.amount, checked.now));
  }
  const account = await moveHold(tx, auth.walletId, message.amount);
  const updated = await tx.authorization.update({
    where: { id: auth.id },
    data: { amount: { increment: message.amount }, heldAmount: { increment: message.amount } },
  });
  await announce(tx, tenant, "card.incremented", updated, card.externalUserId);
  return {
    outcome: {
      result: "approved",
      authorizationId: auth.id,
      approvedAmount: message.amount,
      balanceAfter: availableMinor(account),
      replayed: false,
    },
    overdrew: false,
  };
}

/**
 * The authorization a message that may stand alone names (advice, refund, return reversal), locked;
 * null when it names none or names a processor reference not seen yet. Our own id that matches
 * nothing is refused, as for every other kind.
 */
async function lockIfReferenced(
  tx: Db,
  tenant: Tenant,
  message: Extract<NetworkMessage, { kind: "advice" | "refund" | "return_reversal" }>,
): Promise<NetworkAuth | null> {
  const ref = message.authorization;
  if (!ref) return null;
  const found = await lockReferenced(tx, tenant, message, ref);
  if ("id" in ref && !found) unknownAuthorization(ref);
  return found;
}

async function advice(
  tx: Db,
  tenant: Tenant,
  card: NetworkCard,
  message: Extract<NetworkMessage, { kind: "advice" }>,
): Promise<Applied> {
  const ref = message.authorization;
  const found = await lockIfReferenced(tx, tenant, message);
  await allowNetworkOverdraft(tx);
  const now = new Date();
  const expiresAt = holdExpiresAt(now, config().AUTHORIZATION_HOLD_DAYS);
  const standIn = { by: "stand_in", reason: "advice" } as const;
  let auth: Authorization;
  if (found) {
    // The stand-in approved more of (or reopened) an authorization we know: its hold grows by the
    // advice's amount; one we declined is now approved for that amount.
    const wasDeclined = found.status === "declined";
    auth = await tx.authorization.update({
      where: { id: found.id },
      data: {
        status: "pending",
        amount: wasDeclined ? message.amount : { increment: message.amount },
        heldAmount: wasDeclined || found.status !== "pending" ? message.amount : { increment: message.amount },
        ...(wasDeclined ? { declineCode: null, decision: standIn } : {}),
        ...(found.status !== "pending" ? { expiresAt } : {}),
      },
    });
    if (found.status !== "pending") await scheduleHoldExpiry(tx, auth.id, expiresAt);
  } else {
    const reference = message.transactionRef ?? (ref && "networkId" in ref ? ref.networkId : null);
    const networkRef = reference && (await referenceFree(tx, tenant, message.processor, reference)) ? reference : null;
    auth = await insertNetworkAuthorization(tx, tenant, card, message, {
      status: "pending",
      amount: message.amount,
      heldAmount: message.amount,
      decision: standIn,
      networkRef,
      expiresAt,
    });
    await scheduleHoldExpiry(tx, auth.id, expiresAt);
  }
  const account = await moveHold(tx, card.walletId, message.amount);
  await announce(tx, tenant, "card.advised", auth, card.externalUserId);
  return applied(auth.id, availableMinor(account) < 0n);
}

async function release(
  tx: Db,
  tenant: Tenant,
  card: NetworkCard,
  message: Extract<NetworkMessage, { kind: "reversal" | "expiry" }>,
): Promise<Applied> {
  const auth = await required(tx, tenant, message, message.authorization);
  // An expiry of 0 (or more than is held) releases what is left; a reversal never releases more than is held.
  const released =
    message.kind === "expiry" && message.amount === 0n ? auth.heldAmount : min(message.amount, auth.heldAmount);
  const heldAfter = auth.heldAmount - released;
  const ended = auth.status === "pending" && heldAfter === 0n;
  await moveHold(tx, auth.walletId, -released);
  const updated = await tx.authorization.update({
    where: { id: auth.id },
    data: {
      heldAmount: heldAfter,
      ...(ended
        ? { status: auth.capturedAmount > 0n ? "closed" : message.kind === "expiry" ? "expired" : "reversed" }
        : {}),
    },
  });
  await releaseSpending(tx, auth, released);
  if (ended) await removeHoldExpiry(tx, auth.id);
  // The processor's expiry is a lapse like our own 7-day expiry (card.expired); a reversal stays card.reversed.
  await announce(
    tx,
    tenant,
    message.kind === "expiry" ? "card.expired" : "card.reversed",
    updated,
    card.externalUserId,
  );
  return applied(auth.id);
}

async function clearing(
  tx: Db,
  tenant: Tenant,
  card: NetworkCard,
  message: Extract<NetworkMessage, { kind: "clearing" }>,
): Promise<Applied> {
  const auth = await required(tx, tenant, message, message.authorization);
  const limit = clearingLimit(auth);
  if (auth.capturedAmount + message.amount > limit) {
    reject(
      "amount_invalid",
      `The authorization's clearings may total at most ${toMajor(limit, auth.currency)} ${auth.currency} (its amount, plus the tip tolerance for its merchant category); ${toMajor(auth.capturedAmount, auth.currency)} has cleared.`,
    );
  }
  await allowNetworkOverdraft(tx);
  // What of the hold this settles; a final clearing releases the rest too.
  const settled = min(message.amount, auth.heldAmount);
  const released = message.final ? auth.heldAmount : settled;
  const heldAfter = auth.heldAmount - released;
  await moveHold(tx, auth.walletId, -released);
  const account = await moveMoney(tx, tenant, auth, "capture", -message.amount, merchantName(auth));
  const updated = await tx.authorization.update({
    where: { id: auth.id },
    data: {
      capturedAmount: { increment: message.amount },
      heldAmount: heldAfter,
      status: heldAfter > 0n ? "pending" : "closed",
    },
  });
  // The released rest no longer counts against spending limits; what cleared still does.
  await releaseSpending(tx, auth, released - settled);
  if (heldAfter === 0n) await removeHoldExpiry(tx, auth.id);
  await announce(tx, tenant, "card.captured", updated, card.externalUserId);
  return applied(auth.id, availableMinor(account) < 0n);
}

async function forcePost(
  tx: Db,
  tenant: Tenant,
  card: NetworkCard,
  message: Extract<NetworkMessage, { kind: "force_post" }>,
): Promise<Applied> {
  await allowNetworkOverdraft(tx);
  const reference = message.transactionRef ?? null;
  const auth = await insertNetworkAuthorization(tx, tenant, card, message, {
    status: "closed",
    amount: message.amount,
    capturedAmount: message.amount,
    decision: { by: "network", reason: "force_post" },
    networkRef: reference && (await referenceFree(tx, tenant, message.processor, reference)) ? reference : null,
  });
  const account = await moveMoney(tx, tenant, auth, "capture", -message.amount, merchantName(auth));
  await announce(tx, tenant, "card.force_posted", auth, card.externalUserId);
  return applied(auth.id, availableMinor(account) < 0n);
}

async function refund(
  tx: Db,
  tenant: Tenant,
  card: NetworkCard,
  message: Extract<NetworkMessage, { kind: "refund" }>,
): Promise<Applied> {
  const ref = message.authorization;
  const found = await lockIfReferenced(tx, tenant, message);
  let auth: Authorization;
  if (found) {
    auth = await tx.authorization.update({
      where: { id: found.id },
      data: { refundedAmount: { increment: message.amount } },
    });
  } else {
    const reference = message.transactionRef ?? (ref && "networkId" in ref ? ref.networkId : null);
    auth = await insertNetworkAuthorization(tx, tenant, card, message, {
      status: "closed",
      amount: message.amount,
      refundedAmount: message.amount,
      decision: { by: "network", reason: "refund" },
      networkRef: reference && (await referenceFree(tx, tenant, message.processor, reference)) ? reference : null,
    });
  }
  await moveMoney(tx, tenant, auth, "refund", message.amount, `Refund: ${merchantName(auth)}`);
  await announce(tx, tenant, "card.refunded", auth, card.externalUserId);
  return applied(auth.id);
}

async function returnReversal(
  tx: Db,
  tenant: Tenant,
  card: NetworkCard,
  message: Extract<NetworkMessage, { kind: "return_reversal" }>,
): Promise<Applied> {
  const found = await lockIfReferenced(tx, tenant, message);
  await allowNetworkOverdraft(tx);
  let auth: Authorization;
  if (found) {
    if (message.amount > found.refundedAmount) {
      reject(
        "amount_invalid",
        `Only ${toMajor(found.refundedAmount, found.currency)} ${found.currency} of the authorization ${found.id} was refunded; a return reversal takes back at most that.`,
      );
    }
    auth = await tx.authorization.update({
      where: { id: found.id },
      data: { refundedAmount: { decrement: message.amount } },
    });
  } else {
    auth = await insertNetworkAuthorization(tx, tenant, card, message, {
      status: "closed",
      amount: message.amount,
      capturedAmount: message.amount,
      decision: { by: "network", reason: "return_reversal" },
      networkRef: null,
    });
  }
  const account = await moveMoney(
    tx,
    tenant,
    auth,
    "capture",
    -message.amount,
    `Return reversed: ${merchantName(auth)}`,
  );
  await announce(tx, tenant, "card.return_reversed", auth, card.externalUserId);
  return applied(auth.id, availableMinor(account) < 0n);
}

/** Applies one message (never an authorization request) and records its step; returns its outcome. */
export async function applyNetworkMessage(
  tx: Db,
  tenant: Tenant,
  card: NetworkCard,
  message: Exclude<NetworkMessage, { kind: "authorization" }>,
): Promise<NetworkOutcome> {
  const { outcome, overdrew } = await (() => {
    switch (message.kind) {
      case "increment":
        return increment(tx, tenant, card, message);
      case "advice":
        return advice(tx, tenant, card, message);
      case "reversal":
      case "expiry":
        return release(tx, tenant, card, message);
      case "clearing":
        return clearing(tx, tenant, card, message);
      case "force_post":
        return forcePost(tx, tenant, card, message);
      case "refund":
        return refund(tx, tenant, card, message);
      case "return_reversal":
        return returnReversal(tx, tenant, card, message);
    }
  })();
  await recordStep(tx, tenant, message, card.walletId, outcome, overdrew);
  return outcome;
}
