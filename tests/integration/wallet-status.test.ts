// Wallet status through the typed client (docs/decisions/wallet-status.md): a frozen wallet's card
// declines and it cannot send but can receive; unfreezing restores it; closing is refused while
// money is posted or held, cancels the wallet's cards each with card.canceled, is final, and every
// change is one event in the wallet's sequence; a replayed key repeats the answer.
import { describe, expect, it } from "vitest";
import { COMMANDS } from "@/lib/cli/commands";
import { prisma } from "@/lib/db/client";
import { api, merchant, walletWithCard } from "../helpers/card-money";
import { setupApp } from "../helpers/fixtures";
import { testClient } from "../helpers/route-fetch";

type Action = "freeze" | "unfreeze" | "close";

function change(key: string, action: Action, externalUserId: string, idempotencyKey?: string) {
  const init = {
    params: {
      path: { externalUserId },
      ...(idempotencyKey ? { header: { "Idempotency-Key": idempotencyKey } } : {}),
    },
  };
  if (action === "freeze") return testClient(key).POST("/api/public/sdk/v1/wallets/{externalUserId}/freeze", init);
  if (action === "unfreeze") return testClient(key).POST("/api/public/sdk/v1/wallets/{externalUserId}/unfreeze", init);
  return testClient(key).POST("/api/public/sdk/v1/wallets/{externalUserId}/close", init);
}

const transfer = (key: string, from: string, to: string, amount: number) =>
  testClient(key).POST("/api/public/sdk/v1/transfers", {
    body: {
      from: { type: "wallet", externalUserId: from },
      to: { type: "wallet", externalUserId: to },
      amount,
      currency: "USD",
    },
  });

/** The wallet's events in sequence order: [type, sequence]. */
async function walletEvents(walletId: string) {
  const events = await prisma().event.findMany({ where: { walletId }, orderBy: { sequence: "asc" } });
  return events.map((e) => [e.type, e.sequence] as const);
}

describe("freezing a wallet", () => {
  it("declines its card's tap and refuses its transfers out, still lets it receive, and unfreezing restores both", async () => {
    const app = await setupApp();
    const ada = await walletWithCard(app.key, { fund: 50 });
    const bob = await walletWithCard(app.key, { fund: 50 });

    const frozen = await change(app.key, "freeze", ada.userId);
    expect(frozen.response.status).toBe(200);
    expect(frozen.data).toMatchObject({ id: ada.walletId, status: "frozen", idempotent_replay: false });

    const tap = await api.tap(app.key, ada.cardId, { amount: 5, merchant });
    expect(tap.response.status).toBe(402);
    expect(tap.error?.error.code).toBe("card_inactive");
    const out = await transfer(app.key, ada.userId, bob.userId, 5);
    expect(out.response.status).toBe(409);
    expect(out.error?.error.code).toBe("wallet_not_active");
    // Receiving still works.
    const incoming = await transfer(app.key, bob.userId, ada.userId, 5);
    expect(incoming.response.status).toBe(201);
    expect((await api.wallet(app.key, ada.userId)).data?.balance).toEqual({ available: 55, posted: 55 });

    // Freezing again changes nothing and records nothing.
    const again = await change(app.key, "freeze", ada.userId);
    expect(again.data?.status).toBe("frozen");

    const unfrozen = await change(app.key, "unfreeze", ada.userId);
    expect(unfrozen.data?.status).toBe("active");
    expect((await api.tap(app.key, ada.cardId, { amount: 5, merchant })).response.status).toBe(201);
    expect((await transfer(app.key, ada.userId, bob.userId, 1)).response.status).toBe(201);

    const events = await walletEvents(ada.walletId);
    // In the wallet's sequence, 1..N with no gap: the freeze before the declined tap and the incoming transfer.
    expect(events.map(([, sequence]) => sequence)).toEqual(events.map((_, i) => i + 1));
    expect(events.map(([type]) => type)).toEqual([
      "wallet.provisioned",
      "card.issued",
      "wallet.frozen",
      "card.declined",
      "transfer.created",
      "wallet.unfrozen",
      "card.authorized",
      "transfer.created",
    ]);
  });

  it("repeats the answer for a reused Idempotency-Key, and answers 404 for an unknown wallet", async () => {
    const app = await setupApp();
    const ada = await walletWithCard(app.key);
    const first = await change(app.key, "freeze", ada.userId, `freeze-${ada.userId}`);
    await change(app.key, "unfreeze", ada.userId);
    const replay = await change(app.key, "freeze", ada.userId, `freeze-${ada.userId}`);
    expect(replay.data).toMatchObject({ status: "frozen", idempotent_replay: true });
    expect(first.data?.status).toBe("frozen");
    // The replay changed nothing: the wallet is still active.
    expect((await api.wallet(app.key, ada.userId)).data?.status).toBe("active");
    const missing = await change(app.key, "freeze", "nobody_here");
    expect(missing.response.status).toBe(404);
    expect(missing.error?.error.code).toBe("wallet_not_found");
  });
});

describe("closing a wallet", () => {
  it("is refused with 409 wallet_not_empty while money is posted or held, changing nothing", async () => {
    const app = await setupApp();
    const ada = await walletWithCard(app.key, { fund: 20 });
    const posted = await change(app.key, "close", ada.userId);
    expect(posted.response.status).toBe(409);
    expect(posted.error?.error).toMatchObject({ type: "conflict_error", code: "wallet_not_empty" });

    // Spent, but the spend still held: posted 20, held 20, still not empty.
    const hold = await api.spend(app.key, ada.cardId, { amount: 20, merchant });
    expect(hold.response.status).toBe(201);
    expect((await api.wallet(app.key, ada.userId)).data?.balance).toEqual({ available: 0, posted: 20 });
    const refused = await change(app.key, "close", ada.userId);
    expect(refused.error?.error.code).toBe("wallet_not_empty");
    expect((await api.wallet(app.key, ada.userId)).data?.status).toBe("active");
    expect((await api.card(app.key, ada.cardId)).data?.status).toBe("active");
    expect((await walletEvents(ada.walletId)).map(([type]) => type)).not.toContain("wallet.closed");

    // Captured: nothing posted or held any more.
    await api.capture(app.key, hold.data!.id, { amount: 20 });
    // Ada's wallet is empty now: it closes.
    expect((await change(app.key, "close", ada.userId)).data?.status).toBe("closed");
  });

  it("cancels its active and frozen cards, each with card.canceled before wallet.closed, and is final", async () => {
    const app = await setupApp();
    const ada = await walletWithCard(app.key);
    const second = await api.issueCard(app.key, { externalUserId: ada.userId, kind: "virtual", currency: "USD" });
    const third = await api.issueCard(app.key, { externalUserId: ada.userId, kind: "virtual", currency: "USD" });
    await api.freeze(app.key, second.data!.id);
    await api.cancel(app.key, third.data!.id);

    const closed = await change(app.key, "close", ada.userId);
    expect(closed.response.status).toBe(200);
    expect(closed.data).toMatchObject({ status: "closed", balance: { available: 0, posted: 0 } });
    for (const id of [ada.cardId, second.data!.id, third.data!.id])
      expect((await api.card(app.key, id)).data?.status).toBe("canceled");

    const events = await prisma().event.findMany({ where: { walletId: ada.walletId }, orderBy: { sequence: "asc" } });
    const tail = events.slice(-3);
    expect(tail.map((e) => e.type)).toEqual(["card.canceled", "card.canceled", "wallet.closed"]);
    expect(
      tail
        .map((e) => (e.data as { id: string }).id)
        .slice(0, 2)
        .sort(),
    ).toEqual([ada.cardId, second.data!.id].sort());
    expect(events.map((e) => e.sequence)).toEqual(events.map((_, i) => i + 1));
    // The third card was canceled by hand earlier: one card.canceled for it, not two.
    expect(events.filter((e) => e.type === "card.canceled")).toHaveLength(3);

    // Final: no unfreeze, no freeze, no card, no funding; closing again changes nothing.
    for (const action of ["unfreeze", "freeze"] as const) {
      const refused = await change(app.key, action, ada.userId);
      expect(refused.response.status).toBe(409);
      expect(refused.error?.error.code).toBe("wallet_not_active");
    }
    const card = await api.issueCard(app.key, { externalUserId: ada.userId, kind: "virtual", currency: "USD" });
    expect(card.error?.error.code).toBe("wallet_not_active");
    expect((await api.fund(app.key, ada.userId, { amount: 1 })).error?.error.code).toBe("wallet_not_active");
    const again = await change(app.key, "close", ada.userId);
    expect(again.data?.status).toBe("closed");
    expect(await prisma().event.count({ where: { walletId: ada.walletId } })).toBe(events.length);
  });
});

describe("cli wallets freeze|unfreeze|close", () => {
  async function run(words: "wallets freeze" | "wallets unfreeze" | "wallets close", appId: string, user: string) {
    const printed: string[] = [];
    const original = console.log;
    console.log = (line: string) => printed.push(line);
    try {
      await COMMANDS[words].run({ app: appId, user, mode: "test", json: true }, []);
    } finally {
      console.log = original;
    }
    return JSON.parse(printed.join("\n")) as { status: string };
  }

  it("changes the wallet's status through the same path as the API, and refuses a close with money in it", async () => {
    const app = await setupApp();
    const ada = await walletWithCard(app.key, { fund: 5 });
    expect(await run("wallets freeze", app.appId, ada.userId)).toMatchObject({ status: "frozen" });
    expect((await api.wallet(app.key, ada.userId)).data?.status).toBe("frozen");
    expect(await run("wallets unfreeze", app.appId, ada.userId)).toMatchObject({ status: "active" });
    await expect(run("wallets close", app.appId, ada.userId)).rejects.toThrow(/still has money/);
    const empty = await walletWithCard(app.key);
    expect(await run("wallets close", app.appId, empty.userId)).toMatchObject({ status: "closed" });
    expect((await api.card(app.key, empty.cardId)).data?.status).toBe("canceled");
    const types = (await walletEvents(ada.walletId)).map(([type]) => type);
    expect(types.filter((t) => t.startsWith("wallet."))).toEqual([
      "wallet.provisioned",
      "wallet.frozen",
      "wallet.unfrozen",
    ]);
  });
});
