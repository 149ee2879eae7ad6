// Fires a real test-mode event of a chosen kind (like `stripe trigger`): makes just the resources
// that event needs through the domain operations the API uses, each write in its own transaction
// as one API request would run it, so the events and their queued webhook deliveries are real.
import { spendCard } from "@/lib/authorizations/spend-card";
import { captureAuthorization } from "@/lib/authorizations/capture-authorization";
import { refundAuthorization } from "@/lib/authorizations/refund-authorization";
import { reverseAuthorization } from "@/lib/authorizations/reverse-authorization";
import { issueCard } from "@/lib/cards/issue-card";
import { setCardStatus } from "@/lib/cards/set-card-status";
import { updateCard } from "@/lib/cards/update-card";
import { handleNetworkMessage } from "@/lib/card-network/handle-network-message";
import type { NetworkMessage } from "@/lib/card-network/network-message";
import { prisma, transaction } from "@/lib/db/client";
import { EVENT_TYPES, type EventType } from "@/lib/events/record-event";
import { randomBase62 } from "@/lib/ids";
import { fundWallet } from "@/lib/ledger/fund-wallet";
import { authorizeBodySchema, captureBodySchema, refundBodySchema } from "@/lib/schemas/authorization";
import { issueCardBodySchema, updateCardBodySchema } from "@/lib/schemas/card";
import { fundWalletBodySchema } from "@/lib/schemas/transaction";
import { createWalletBodySchema, updateWalletBodySchema } from "@/lib/schemas/wallet";
import type { Tenant } from "@/lib/tenant";
import { createWallet } from "@/lib/wallets/create-wallet";
import { updateWallet } from "@/lib/wallets/update-wallet";
import { topUpBalance } from "@/lib/balance/top-up";
import { createTransfer } from "@/lib/transfers/create-transfer";
import {
  createBankAccountBodySchema,
  createPayoutBodySchema,
  createTransferBodySchema,
} from "@/lib/schemas/money-movement";
import { createBankAccount } from "@/lib/payouts/bank-accounts";
import { createPayout } from "@/lib/payouts/create-payout";
import { movePayout, type PayoutMove } from "@/lib/payouts/move-payout";
import { expireAuthorizationNow } from "@/lib/authorizations/expire-hold";
import { deleteDecisionEndpoint, setDecisionEndpoint } from "@/lib/authorization-decisions/decision-endpoint";
import { spendWithDecision } from "@/lib/authorization-decisions/spend-with-decision";
import { newId } from "@/lib/ids";
import { setWalletStatus } from "@/lib/wallets/set-wallet-status";
import { deliver } from "@/lib/webhooks/deliver";
import { HEALTH_POLICY } from "@/lib/webhooks/endpoint-health";
import { deleteWebhookEndpoint } from "@/lib/webhooks/endpoints";
import { FAILING_POLICY } from "@/lib/authorization-decisions/failing-endpoint";
import { rollSigningSecret } from "@/lib/webhooks/signing-secrets";
import { sendTestEvent } from "@/lib/webhooks/test-event";

export class UnknownEventError extends Error {
  override name = "UnknownEventError";
  constructor(given: string | undefined) {
    super(
      `${given ? `Unknown event "${given}".` : "Name the event to trigger."} Valid events: ${EVENT_TYPES.join(", ")}.`,
    );
  }
}

export function parseEventType(given: string | undefined): EventType {
  const known = EVENT_TYPES.find((type) => type === given);
  if (!known) throw new UnknownEventError(given);
  return known;
}

export type QueuedDelivery = { id: string; endpointId: string; url: string };
export type CausedEvent = { type: EventType; id: string; deliveries: QueuedDelivery[] };

export type TriggerResult = {
  applicationId: string;
  livemode: false;
  type: EventType;
  /** Every event the trigger caused, in order; the last is the one asked for. */
  events: CausedEvent[];
  resources: {
    externalUserId: string;
    walletId?: string;
    cardId?: string;
    authorizationId?: string;
    payoutId?: string;
  };
};

type Made = TriggerResult["resources"];
/** One step makes its resource (its own writes) and names the record its event carries. */
type Step = (tenant: Tenant, made: Made) => Promise<{ recordId: string }>;

const CURRENCY = "USD";
/** Names that never resolve (RFC 2606's .invalid): every send to them fails, quickly, offline too. */
const FAILING_DECISION_URL = "https://decision-endpoint-failing.trigger.invalid/decide";
const FUNDING = 100;
const SPEND = 25;

// An event's step needs what the steps before it made: a card needs a wallet, a capture an authorization.
const PREREQUISITE: Record<EventType, EventType | null> = {
  "wallet.provisioned": null,
  "card.issued": "wallet.provisioned",
  "card.authorized": "card.issued",
  "card.captured": "card.authorized",
  "card.refunded": "card.captured",
  "card.reversed": "card.authorized",
  "card.declined": "card.issued",
  "card.frozen": "card.issued",
  "card.unfrozen": "card.frozen",
  "card.canceled": "card.issued",
  "card.updated": "card.issued",
  "wallet.updated": "wallet.provisioned",
  "top_up.created": null,
  "transfer.created": "top_up.created",
  "card.incremented": "card.authorized",
  "card.advised": "card.issued",
  "card.force_posted": "card.issued",
  "card.return_reversed": "card.refunded",
  "payout.created": "transfer.created",
  "payout.in_transit": "payout.created",
  "payout.paid": "payout.in_transit",
  "payout.failed": "payout.created",
  "payout.returned": "payout.paid",
  "payout.canceled": "payout.created",
  "wallet.frozen": "wallet.provisioned",
  "wallet.unfrozen": "wallet.frozen",
  // With a card, so the close cancels it too (its card.canceled comes before wallet.closed).
  "wallet.closed": "card.issued",
  "card.expired": "card.authorized",
  "webhook_endpoint.disabled": null,
  "decision_endpoint.failing": "card.issued",
  "webhook_secret.rotated": null,
};

const STEPS: Record<EventType, Step> = {
  "wallet.provisioned": async (tenant, made) => {
    const body = createWalletBodySchema.parse({
      externalUserId: made.externalUserId,
      currency: CURRENCY,
      email: "trigger@example.com",
      name: "Trigger Test",
    });
    const wallet = await transaction((tx) => createWallet(tx, tenant, body));
    made.walletId = wallet.id;
    return { recordId: wallet.id };
  },
  "card.issued": async (tenant, made) => {
    const body = issueCardBodySchema.parse({
      externalUserId: made.externalUserId,
      kind: "virtual",
      currency: CURRENCY,
    });
    const card = await transaction((tx) => issueCard(tx, tenant, body));
    made.cardId = card.id;
    return { recordId: card.id };
  },
  "card.authorized": async (tenant, made) => {
    const cardId = need(made.cardId, "card");
    // Test funding first, as a separate request would, so the spend is approved rather than declined.
    const funding = fundWalletBodySchema.parse({ amount: FUNDING, description: "Test funding (trigger)" });
    await transaction((tx) => fundWallet(tx, tenant, made.externalUserId, funding));
    const body = authorizeBodySchema.parse({ amount: SPEND, merchant: { name: "Trigger Test Merchant" } });
    // A simulated tap: the test-mode way a card is spent, through the same spend path as the SDK.
    const outcome = await transaction((tx) => spendCard(tx, tenant, cardId, body, "tap"));
    if (!outcome.approved) throw new Error(`The test spend was declined: ${outcome.message}`);
    made.authorizationId = outcome.authorization.id;
    return { recordId: outcome.authorization.id };
  },
  "card.captured": async (tenant, made) => {
    const authorizationId = need(made.authorizationId, "authorization");
    const body = captureBodySchema.parse({});
    await transaction((tx) => captureAuthorization(tx, tenant, authorizationId, body));
    return { recordId: authorizationId };
  },
  "card.refunded": async (tenant, made) => {
    const authorizationId = need(made.authorizationId, "authorization");
    const body = refundBodySchema.parse({});
    await transaction((tx) => refundAuthorization(tx, tenant, authorizationId, body));
    return { recordId: authorizationId };
  },
  "card.reversed": async (tenant, made) => {
    const authorizationId = need(made.authorizationId, "authorization");
    await transaction((tx) => reverseAuthorization(tx, tenant, authorizationId));
    return { recordId: authorizationId };
  },
  "card.declined": async (tenant, made) => {
    const cardId = need(made.cardId, "card");
    // The wallet is empty: the spend is declined for insufficient funds, and recorded.
    const body = authorizeBodySchema.parse({ amount: SPEND, merchant: { name: "Trigger Test Merchant" } });
    const outcome = await transaction((tx) => spendCard(tx, tenant, cardId, body, "tap"));
    if (outcome.approved) throw new Error("The test spend was approved, not declined");
    made.authorizationId = outcome.authorization.id;
    return { recordId: outcome.authorization.id };
  },
  "card.frozen": async (tenant, made) => {
    const cardId = need(made.cardId, "card");
    await transaction((tx) => setCardStatus(tx, tenant, cardId, "frozen"));
    return { recordId: cardId };
  },
  "card.unfrozen": async (tenant, made) => {
    const cardId = need(made.cardId, "card");
    await transaction((tx) => setCardStatus(tx, tenant, cardId, "active"));
    return { recordId: cardId };
  },
  "card.canceled": async (tenant, made) => {
    const cardId = need(made.cardId, "card");
    await transaction((tx) => setCardStatus(tx, tenant, cardId, "canceled"));
    return { recordId: cardId };
  },
  "card.updated": async (tenant, made) => {
    const cardId = need(made.cardId, "card");
    const body = updateCardBodySchema.parse({ spendLimit: 100 });
    await transaction((tx) => updateCard(tx, tenant, cardId, body));
    return { recordId: cardId };
  },
  "wallet.updated": async (tenant, made) => {
    const walletId = need(made.walletId, "wallet");
    const body = updateWalletBodySchema.parse({
      spendingControls: { spendingLimits: [{ amount: 500, interval: "daily" }] },
    });
    await transaction((tx) => updateWallet(tx, tenant, made.externalUserId, body));
    return { recordId: walletId };
  },
  "top_up.created": async (tenant) => {
    const topUp = await transaction((tx) => topUpBalance(tx, tenant, { amount: FUNDING, currency: CURRENCY }));
    return { recordId: topUp.id };
  },
  "transfer.created": async (tenant, made) => {
    // A wallet to pay from the balance the top-up filled.
    await STEPS["wallet.provisioned"](tenant, made);
    const body = createTransferBodySchema.parse({
      from: { type: "balance" },
      to: { type: "wallet", externalUserId: made.externalUserId },
      amount: SPEND,
      currency: CURRENCY,
    });
    const transfer = await transaction((tx) => createTransfer(tx, tenant, body));
    return { recordId: transfer.id };
  },
  // The card network's steps, through the simulator as test mode carries them.
  "card.incremented": (tenant, made) =>
    network(tenant, made, {
      kind: "increment",
      budgetMs: 2_000,
      authorization: { id: need(made.authorizationId, "authorization") },
    }),
  "card.advised": (tenant, made) => network(tenant, made, { kind: "advice" }),
  "card.force_posted": (tenant, made) => network(tenant, made, { kind: "force_post" }),
  "card.return_reversed": (tenant, made) =>
    network(tenant, made, {
      kind: "return_reversal",
      authorization: { id: need(made.authorizationId, "authorization") },
    }),
  "payout.created": async (tenant, made) => {
    // To the wallet holder's own bank account, out of what the transfer put in.
    const account = createBankAccountBodySchema.parse({
      country: "US",
      currency: CURRENCY,
      holderName: "Trigger Test",
      routingNumber: "110000000",
      accountNumber: "000123456789",
    });
    const bankAccount = await transaction((tx) => createBankAccount(tx, tenant, made.externalUserId, account));
    const body = createPayoutBodySchema.parse({
      from: { type: "wallet", externalUserId: made.externalUserId },
      bankAccountId: bankAccount.id,
      amount: SPEND / 5,
      currency: CURRENCY,
    });
    const payout = await transaction((tx) => createPayout(tx, tenant, body));
    made.payoutId = payout.id;
    return { recordId: payout.id };
  },
  "payout.in_transit": (tenant, made) => payoutMove(tenant, made, "in_transit"),
  "payout.paid": (tenant, made) => payoutMove(tenant, made, "paid"),
  "payout.failed": (tenant, made) => payoutMove(tenant, made, "failed"),
  "payout.returned": (tenant, made) => payoutMove(tenant, made, "returned"),
  "payout.canceled": (tenant, made) => payoutMove(tenant, made, "canceled"),
  "wallet.frozen": (tenant, made) => walletStatus(tenant, made, "frozen"),
  "wallet.unfrozen": (tenant, made) => walletStatus(tenant, made, "active"),
  "wallet.closed": (tenant, made) => walletStatus(tenant, made, "closed"),
  "card.expired": async (tenant, made) => {
    const authorizationId = need(made.authorizationId, "authorization");
    // Test mode's "expire it now", as the 7-day job would at expiresAt.
    await transaction((tx) => expireAuthorizationNow(tx, tenant, authorizationId));
    return { recordId: authorizationId };
  },
  "webhook_endpoint.disabled": async (tenant) => {
    // An endpoint of its own at a name that never resolves (.invalid), so every send fails; the one
    // delivery of a test event is sent at once under a policy that disables after the first failure
    // rather than three days of them. The rest is the engine's own path: the disable, its mail, its
    // audit line and the event to the application's other endpoints. The endpoint is then deleted.
    const endpoint = await prisma().webhookEndpoint.create({
      data: {
        id: newId("we"),
        applicationId: tenant.applicationId,
        livemode: false,
        url: "https://webhook-endpoint-disabled.trigger.invalid/hooks",
        events: [],
        description: "Made by the trigger command to be disabled; deleted after.",
      },
    });
    try {
      const { deliveryId } = await transaction((tx) => sendTestEvent(tx, endpoint));
      await deliver(deliveryId, "retry", { policy: { ...HEALTH_POLICY, disableAfterMs: 0 } });
    } finally {
      await transaction((tx) => deleteWebhookEndpoint(tx, endpoint.id));
    }
    return { recordId: endpoint.id };
  },
  "decision_endpoint.failing": async (tenant, made) => {
    const cardId = need(made.cardId, "card");
    const existing = await prisma().authorizationEndpoint.findUnique({
      where: { applicationId_livemode: { applicationId: tenant.applicationId, livemode: false } },
      select: { id: true },
    });
    if (existing)
      throw new Error(
        "The application has a test-mode decision endpoint; the trigger will not replace it. Delete it to trigger decision_endpoint.failing.",
      );
    // A decision endpoint of its own at a name that never resolves: each tap's call fails, the spend
    // gets the default (decline), and the streak's threshold records the event; then it is removed.
    const endpoint = await transaction((tx) =>
      setDecisionEndpoint(
        tx,
        tenant,
        { url: FAILING_DECISION_URL, defaultAction: "decline", timeoutMs: 500 },
        FAILING_DECISION_URL,
      ),
    );
    try {
      // Funded, so the service's own checks pass and each spend asks the endpoint.
      const funding = fundWalletBodySchema.parse({ amount: FUNDING, description: "Test funding (trigger)" });
      await transaction((tx) => fundWallet(tx, tenant, made.externalUserId, funding));
      const body = authorizeBodySchema.parse({ amount: SPEND, merchant: { name: "Trigger Test Merchant" } });
      for (let i = 0; i < FAILING_POLICY.afterFailures; i++) await spendWithDecision(tenant, cardId, body, "tap");
      // Recorded off the spend's path: wait for it.
      await waitForEvent(tenant, "decision_endpoint.failing", endpoint.id);
    } finally {
      await transaction((tx) => deleteDecisionEndpoint(tx, tenant));
    }
    return { recordId: endpoint.id };
  },
  "webhook_secret.rotated": async (tenant) => {
    // A real immediate roll of the test-mode signing secret: receivers need the new one (the
    // console's Reveal), as after any roll.
    const rolled = await transaction((tx) =>
      rollSigningSecret(tx, { applicationId: tenant.applicationId, livemode: false, activeFrom: new Date() }),
    );
    return { recordId: rolled.id };
  },
};

async function walletStatus(
  tenant: Tenant,
  made: Made,
  status: "frozen" | "active" | "closed",
): Promise<{ recordId: string }> {
  const walletId = need(made.walletId, "wallet");
  await transaction((tx) => setWalletStatus(tx, tenant, made.externalUserId, status));
  return { recordId: walletId };
}

async function waitForEvent(tenant: Tenant, type: EventType, recordId: string): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    const found = await prisma().event.findFirst({
      where: { ...tenant, type, data: { path: ["id"], equals: recordId } },
      select: { id: true },
    });
    if (found) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no ${type} event about ${recordId} within 10 seconds`);
}

type NetworkPart =
  | { kind: "increment"; budgetMs: number; authorization: { id: string } }
  | { kind: "advice" }
  | { kind: "force_post" }
  | { kind: "return_reversal"; authorization: { id: string } };

async function network(tenant: Tenant, made: Made, part: NetworkPart): Promise<{ recordId: string }> {
  const cardId = need(made.cardId, "card");
  const amount = BigInt(part.kind === "increment" ? 5 * 100 : SPEND * 100);
  const message: NetworkMessage = {
    ...part,
    networkId: `trigger_${randomBase62(16)}`,
    processor: "simulator",
    cardId,
    amount,
    currency: CURRENCY,
    merchant: { name: "Trigger Test Merchant" },
  };
  const result = await handleNetworkMessage(message, { tenant });
  if (!result.ok) throw new Error(`The simulated ${part.kind} was refused: ${result.message}`);
  if (result.outcome.result === "declined")
    throw new Error(`The simulated ${part.kind} was declined: ${result.outcome.message}`);
  made.authorizationId = result.outcome.authorizationId;
  return { recordId: result.outcome.authorizationId };
}

async function payoutMove(tenant: Tenant, made: Made, move: PayoutMove): Promise<{ recordId: string }> {
  const payoutId = need(made.payoutId, "payout");
  await transaction((tx) => movePayout(tx, tenant, payoutId, move));
  return { recordId: payoutId };
}

function need(id: string | undefined, what: string): string {
  if (!id) throw new Error(`trigger step ran before its ${what} was made`);
  return id;
}

/** The steps from the first prerequisite to `type` itself, in order. */
function triggerChain(type: EventType): EventType[] {
  const chain: EventType[] = [];
  for (let step: EventType | null = type; step; step = PREREQUISITE[step]) chain.unshift(step);
  return chain;
}

export async function triggerTestEvent(applicationId: string, type: EventType): Promise<TriggerResult> {
  // Test mode, always: the chain funds a wallet out of thin air, which only test mode may do.
  const tenant: Tenant = { applicationId, livemode: false };
  const made: Made = { externalUserId: `trigger_${randomBase62(12)}` };
  const events: CausedEvent[] = [];
  for (const step of triggerChain(type)) {
    const { recordId } = await STEPS[step](tenant, made);
    events.push(await causedEvent(tenant, step, recordId));
  }
  return { applicationId, livemode: false, type, events, resources: made };
}

/** The committed event of this kind about this record, with the deliveries its fan-out queued. */
async function causedEvent(tenant: Tenant, type: EventType, recordId: string): Promise<CausedEvent> {
  const event = await prisma().event.findFirstOrThrow({
    where: { ...tenant, type, data: { path: ["id"], equals: recordId } },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    select: {
      id: true,
      deliveries: {
        orderBy: { id: "asc" },
        select: { id: true, endpointId: true, endpoint: { select: { url: true } } },
      },
    },
  });
  return {
    type,
    id: event.id,
    deliveries: event.deliveries.map((d) => ({ id: d.id, endpointId: d.endpointId, url: d.endpoint.url })),
  };
}
