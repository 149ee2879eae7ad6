// Fires a real test-mode event of a chosen kind (like `stripe trigger`): makes just the resources
// that event needs through the domain operations the API uses, each write in its own transaction
// as one API request would run it, so the events and their queued webhook deliveries are real.
import { spendCard } from "@/lib/authorizations/spend-card";
import { captureAuthorization } from "@/lib/authorizations/capture-authorization";
import { refundAuthorization } from "@/lib/authorizations/refund-authorization";
import { reverseAuthorization } from "@/lib/authorizations/reverse-authorization";
import { issueCard } from "@/lib/cards/issue-card";
import { handleNetworkMessage } from "@/lib/card-network/handle-network-message";
import type { NetworkMessage } from "@/lib/card-network/network-message";
import { prisma, transaction } from "@/lib/db/client";
import { EVENT_TYPES, type EventType } from "@/lib/events/record-event";
import { randomBase62 } from "@/lib/ids";
import { fundWallet } from "@/lib/ledger/fund-wallet";
import { authorizeBodySchema, captureBodySchema, refundBodySchema } from "@/lib/schemas/authorization";
import { issueCardBodySchema } from "@/lib/schemas/card";
import { fundWalletBodySchema } from "@/lib/schemas/transaction";
import { createWalletBodySchema } from "@/lib/schemas/wallet";
import type { Tenant } from "@/lib/tenant";
import { createWallet } from "@/lib/wallets/create-wallet";
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
};

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
