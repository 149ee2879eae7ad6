// The card network lifecycle (lib/card-network/, docs/decisions/card-network.md) through its one
// entry, handleNetworkMessage: each message kind against the real database, what it does to the
// wallet's balances and the authorization, its event, its history; a repeat changes nothing; bad
// input is refused with nothing changed; the ledger's invariant holds after every step.
import { performance } from "node:perf_hooks";
import { afterEach, describe, expect, it } from "vitest";
import { handleNetworkMessage } from "@/lib/card-network/handle-network-message";
import type { NetworkMessage, NetworkResult } from "@/lib/card-network/network-message";
import { prisma } from "@/lib/db/client";
import { randomBase62 } from "@/lib/ids";
import { checkLedgerInvariant } from "@/lib/ledger/check-invariant";
import { api, walletWithCard } from "../helpers/card-money";
import { setupApp } from "../helpers/fixtures";
import { testClient } from "../helpers/route-fetch";
import { startReceiver, type WebhookReceiver } from "../helpers/webhook-receiver";

const receivers: WebhookReceiver[] = [];
afterEach(async () => {
  await Promise.all(receivers.splice(0).map((r) => r.close()));
});

type Part = Omit<NetworkMessage, "networkId" | "processor" | "cardId" | "currency"> & Partial<NetworkMessage>;

async function setup(fund = 100) {
  const app = await setupApp();
  const { userId, walletId, cardId } = await walletWithCard(app.key, { fund });
  const tenant = { applicationId: app.appId, livemode: false };
  const send = (part: Part): Promise<NetworkResult> =>
    handleNetworkMessage(
      {
        networkId: `net_${randomBase62(16)}`,
        processor: "simulator",
        cardId,
        currency: "USD",
        merchant: { name: "Corner Coffee", category: "5814", country: "US" },
        ...part,
      } as NetworkMessage,
      { tenant },
    );
  const balance = async () => {
    const account = await prisma().ledgerAccount.findUniqueOrThrow({ where: { walletId } });
    return { posted: account.postedMinor, held: account.heldMinor };
  };
  const balanced = async () => {
    const report = await checkLedgerInvariant(prisma(), { applicationId: app.appId });
    return report.balanced;
  };
  return { app, userId, walletId, cardId, tenant, send, balance, balanced };
}

function authId(result: NetworkResult): string {
  if (!result.ok) throw new Error(`refused: ${result.message}`);
  return result.outcome.authorizationId;
}

describe("card network lifecycle", () => {
  it("authorizes, increments, partly clears twice, reverses the rest: balances, status, events, history", async () => {
    const t = await setup(100);
    const auth = await t.send({ kind: "authorization", amount: 3000n, budgetMs: 2000 });
    expect(auth).toMatchObject({
      ok: true,
      outcome: { result: "approved", approvedAmount: 3000n, balanceAfter: 7000n },
    });
    const id = authId(auth);
    expect(await t.balance()).toEqual({ posted: 10000n, held: 3000n });

    expect(await t.send({ kind: "increment", amount: 1000n, budgetMs: 2000, authorization: { id } })).toMatchObject({
      ok: true,
      outcome: { result: "approved", approvedAmount: 1000n, balanceAfter: 6000n },
    });
    expect(await t.balance()).toEqual({ posted: 10000n, held: 4000n });

    await t.send({ kind: "clearing", amount: 1500n, authorization: { id } });
    expect(await t.balance()).toEqual({ posted: 8500n, held: 2500n });
    let row = await prisma().authorization.findUniqueOrThrow({ where: { id } });
    expect(row).toMatchObject({ status: "pending", amount: 4000n, heldAmount: 2500n, capturedAmount: 1500n });

    await t.send({ kind: "clearing", amount: 500n, authorization: { id } });
    await t.send({ kind: "reversal", amount: 2000n, authorization: { id } });
    expect(await t.balance()).toEqual({ posted: 8000n, held: 0n });
    row = await prisma().authorization.findUniqueOrThrow({ where: { id } });
    expect(row).toMatchObject({ status: "closed", heldAmount: 0n, capturedAmount: 2000n });

    const events = await prisma().event.findMany({
      where: { applicationId: t.app.appId, walletId: t.walletId, type: { startsWith: "card." } },
      orderBy: { sequence: "asc" },
    });
    expect(events.map((e) => e.type)).toEqual([
      "card.issued",
      "card.authorized",
      "card.incremented",
      "card.captured",
      "card.captured",
      "card.reversed",
    ]);
    const got = await api.authorization(t.app.key, id);
    expect(got.data?.history?.map((h) => [h.kind, h.amount])).toEqual([
      ["authorization", 30],
      ["increment", 10],
      ["clearing", 15],
      ["clearing", 5],
      ["reversal", 20],
    ]);
    expect(await t.balanced()).toBe(true);
  });

  it("a repeated networkId answers the first outcome and changes nothing; a different message under it conflicts", async () => {
    const t = await setup(100);
    const networkId = `net_${randomBase62(12)}`;
    const first = await t.send({ kind: "authorization", amount: 2000n, budgetMs: 2000, networkId });
    const again = await t.send({ kind: "authorization", amount: 2000n, budgetMs: 2000, networkId });
    expect(again).toEqual(first.ok ? { ok: true, outcome: { ...first.outcome, replayed: true } } : first);
    expect(await t.balance()).toEqual({ posted: 10000n, held: 2000n });
    const clearingId = `net_${randomBase62(12)}`;
    const id = authId(first);
    const results = await Promise.all(
      [1, 2, 3].map(() => t.send({ kind: "clearing", amount: 2000n, authorization: { id }, networkId: clearingId })),
    );
    expect(results.filter((r) => r.ok && !r.outcome.replayed)).toHaveLength(1);
    expect(await t.balance()).toEqual({ posted: 8000n, held: 0n });
    expect(await t.send({ kind: "reversal", amount: 5n, authorization: { id }, networkId })).toMatchObject({
      ok: false,
      rejection: "message_conflict",
    });
    expect(await t.balanced()).toBe(true);
  });

  it("an advice overdraws, recorded as stand_in; a force post goes below zero; both reported, the invariant holds", async () => {
    const t = await setup(10);
    const advised = await t.send({ kind: "advice", amount: 2500n });
    const id = authId(advised);
    expect(await t.balance()).toEqual({ posted: 1000n, held: 2500n });
    const row = await prisma().authorization.findUniqueOrThrow({ where: { id } });
    expect(row).toMatchObject({ status: "pending", source: "network", decision: { by: "stand_in", reason: "advice" } });
    // A spend now is declined: nothing is available.
    expect(await t.send({ kind: "authorization", amount: 100n, budgetMs: 2000 })).toMatchObject({
      ok: true,
      outcome: { result: "declined", decline: "insufficient_funds" },
    });
    await t.send({ kind: "force_post", amount: 700n });
    expect(await t.balance()).toEqual({ posted: 300n, held: 2500n });
    const wallet = await api.wallet(t.app.key, t.userId);
    expect(wallet.data?.balance).toEqual({ available: -22, posted: 3 });
    const report = await checkLedgerInvariant(prisma(), { applicationId: t.app.appId });
    expect(report.balanced).toBe(true);
    expect(report.overdrawnAccounts).toHaveLength(1);
    // No other path may overdraw: the database refuses it outside the network's steps.
    await expect(
      prisma().ledgerAccount.update({ where: { walletId: t.walletId }, data: { heldMinor: { increment: 1n } } }),
    ).rejects.toThrow();
  });

  it("clears over the hold within the tip tolerance for a restaurant, not beyond, and not at all elsewhere", async () => {
    const t = await setup(100);
    const meal = authId(await t.send({ kind: "authorization", amount: 1000n, budgetMs: 2000 }));
    expect(await t.send({ kind: "clearing", amount: 1201n, authorization: { id: meal } })).toMatchObject({
      ok: false,
      rejection: "amount_invalid",
    });
    expect(await t.send({ kind: "clearing", amount: 1200n, authorization: { id: meal } })).toMatchObject({ ok: true });
    expect(await t.balance()).toEqual({ posted: 8800n, held: 0n });
    const shop = authId(
      await t.send({
        kind: "authorization",
        amount: 1000n,
        budgetMs: 2000,
        merchant: { name: "Shop", category: "5411" },
      }),
    );
    expect(await t.send({ kind: "clearing", amount: 1001n, authorization: { id: shop } })).toMatchObject({
      ok: false,
      rejection: "amount_invalid",
    });
    expect(await t.balance()).toEqual({ posted: 8800n, held: 1000n });
    expect(await t.balanced()).toBe(true);
  });

  it("refunds with and without an authorization, takes a refund back, expires what is left", async () => {
    const t = await setup(100);
    const id = authId(await t.send({ kind: "authorization", amount: 4000n, budgetMs: 2000 }));
    await t.send({ kind: "clearing", amount: 1000n, authorization: { id } });
    await t.send({ kind: "expiry", amount: 0n, authorization: { id } });
    expect(await t.balance()).toEqual({ posted: 9000n, held: 0n });
    // The network's expiry is a lapse: card.expired, never card.reversed.
    const ended = await prisma().event.findMany({
      where: { walletId: t.walletId, type: { in: ["card.reversed", "card.expired"] } },
    });
    expect(ended.map((e) => [e.type, (e.data as { id?: string }).id])).toEqual([["card.expired", id]]);
    await t.send({ kind: "refund", amount: 400n, authorization: { id } });
    await t.send({ kind: "refund", amount: 250n });
    expect(await t.balance()).toEqual({ posted: 9650n, held: 0n });
    expect(await t.send({ kind: "return_reversal", amount: 401n, authorization: { id } })).toMatchObject({
      ok: false,
      rejection: "amount_invalid",
    });
    await t.send({ kind: "return_reversal", amount: 400n, authorization: { id } });
    expect(await t.balance()).toEqual({ posted: 9250n, held: 0n });
    const row = await prisma().authorization.findUniqueOrThrow({ where: { id } });
    expect(row).toMatchObject({ status: "closed", capturedAmount: 1000n, refundedAmount: 0n });
    expect(await t.balanced()).toBe(true);
  });

  it("answers balance inquiries and zero-amount verifications without a hold; partial approval when the terminal takes it", async () => {
    const t = await setup(10);
    expect(await t.send({ kind: "authorization", amount: 0n, budgetMs: 2000 })).toMatchObject({
      ok: true,
      outcome: { result: "approved", approvedAmount: 0n, balanceAfter: 1000n },
    });
    expect(
      await t.send({ kind: "authorization", amount: 0n, budgetMs: 2000, purpose: "balance_inquiry" }),
    ).toMatchObject({ ok: true, outcome: { result: "approved", approvedAmount: 0n } });
    expect(await t.balance()).toEqual({ posted: 1000n, held: 0n });
    const partial = await t.send({
      kind: "authorization",
      amount: 2500n,
      budgetMs: 2000,
      partialApprovalCapable: true,
    });
    expect(partial).toMatchObject({
      ok: true,
      outcome: { result: "approved", approvedAmount: 1000n, balanceAfter: 0n },
    });
    expect(await t.balanced()).toBe(true);
  });

  it("answers within budgetMs when the decision endpoint hangs: its defaultAction decides in time", async () => {
    const t = await setup(100);
    const receiver = await startReceiver(() => "hang");
    receivers.push(receiver);
    const set = await testClient(t.app.key).POST("/api/public/sdk/v1/authorization-endpoint", {
      body: { url: receiver.url, timeoutMs: 2000, defaultAction: "approve" },
    });
    expect(set.response.status).toBe(200);
    const started = performance.now();
    const result = await t.send({ kind: "authorization", amount: 1500n, budgetMs: 800 });
    const tookMs = performance.now() - started;
    expect(result).toMatchObject({ ok: true, outcome: { result: "approved", approvedAmount: 1500n } });
    // The endpoint was asked (it never answered) and the 800 ms budget held, not its 2 s timeout.
    expect(receiver.received).toHaveLength(1);
    expect(tookMs).toBeLessThan(1_500);
    const row = await prisma().authorization.findUniqueOrThrow({ where: { id: authId(result) } });
    expect(row.decision).toMatchObject({ by: "default", reason: "timeout" });
    expect(await t.balance()).toEqual({ posted: 10000n, held: 1500n });
  });

  it("refuses bad input with nothing changed", async () => {
    const t = await setup(100);
    const other = await setupApp();
    const before = await t.balance();
    const refusals: [Part, string][] = [
      [{ kind: "authorization", amount: -1n, budgetMs: 2000 }, "amount_invalid"],
      [{ kind: "authorization", amount: 10n ** 20n, budgetMs: 2000 }, "amount_invalid"],
      [{ kind: "clearing", amount: 0n, authorization: { id: "auth_x" } }, "amount_invalid"],
      [{ kind: "clearing", amount: 100n, authorization: { id: "auth_missing" } }, "unknown_authorization"],
      [{ kind: "reversal", amount: 100n, authorization: { networkId: "nope" } }, "unknown_authorization"],
      [{ kind: "authorization", amount: 100n, budgetMs: 2000, currency: "EUR" }, "currency_mismatch"],
      [{ kind: "authorization", amount: 100n, budgetMs: 2000, cardId: "card_missing" }, "unknown_card"],
    ];
    for (const [part, rejection] of refusals) expect(await t.send(part)).toMatchObject({ ok: false, rejection });
    // Another application's card is unknown to this one.
    const foreign = await handleNetworkMessage(
      { kind: "force_post", networkId: "x1", processor: "simulator", cardId: t.cardId, amount: 100n, currency: "USD" },
      { tenant: { applicationId: other.appId, livemode: false } },
    );
    expect(foreign).toMatchObject({ ok: false, rejection: "unknown_card" });
    expect(await t.balance()).toEqual(before);
    expect(await prisma().networkStep.count({ where: { cardId: t.cardId } })).toBe(0);
  });
});
