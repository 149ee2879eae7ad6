// The built-in card network simulator's API (POST /test/cards/{id}/network/{kind}, test keys only):
// every kind through the real route and the lifecycle, the networkId generated and returned, a
// repeat answering as the first, bad input as a clear 4xx with nothing changed, the test tap carried
// as a simulator authorization, and the history on GET /authorizations/{id}.
import { describe, expect, it } from "vitest";
import type { Schemas } from "@/lib/client/create-service-client";
import { prisma } from "@/lib/db/client";
import { checkLedgerInvariant } from "@/lib/ledger/check-invariant";
import { api, walletWithCard } from "../helpers/card-money";
import { createKey, setupApp } from "../helpers/fixtures";
import { testClient } from "../helpers/route-fetch";

type Kind = Schemas["NetworkSimulationResult"]["kind"];

const send = (key: string, cardId: string, kind: Kind, body: Schemas["NetworkSimulationRequest"]) =>
  testClient(key).POST("/api/public/sdk/v1/test/cards/{id}/network/{kind}", {
    params: { path: { id: cardId, kind } },
    body,
  });

const diner = { name: "Corner Diner", category: "5812", country: "US" };

describe("card network simulator API", () => {
  it("runs a restaurant's life: authorization, increment, tip clearing, refund, return reversal; history in order", async () => {
    const app = await setupApp();
    const { userId, cardId } = await walletWithCard(app.key, { fund: 100 });
    const auth = await send(app.key, cardId, "authorization", { amount: 40, merchant: diner });
    expect(auth.response.status).toBe(200);
    expect(auth.data).toMatchObject({
      object: "network_message",
      kind: "authorization",
      result: "approved",
      approvedAmount: 40,
      balanceAfter: 60,
      replayed: false,
      authorization: { status: "pending", source: "network", amount: 40 },
    });
    expect(auth.data?.networkId).toMatch(/^sim_[0-9A-Za-z]{20}$/);
    const authorizationId = auth.data!.authorization.id;
    expect((await send(app.key, cardId, "increment", { amount: 5, authorizationId })).data?.result).toBe("approved");
    // 45 authorized: up to 54 may clear in a restaurant.
    const tooMuch = await send(app.key, cardId, "clearing", { amount: 54.01, authorizationId });
    expect(tooMuch.response.status).toBe(422);
    expect(tooMuch.error?.error.code).toBe("network_amount_invalid");
    const cleared = await send(app.key, cardId, "clearing", { amount: 54, authorizationId, networkId: "clr-1" });
    expect(cleared.data).toMatchObject({
      result: "applied",
      networkId: "clr-1",
      authorization: { status: "closed", capturedAmount: 54 },
    });
    const again = await send(app.key, cardId, "clearing", { amount: 54, authorizationId, networkId: "clr-1" });
    expect(again.data).toMatchObject({ result: "applied", replayed: true });
    await send(app.key, cardId, "refund", { amount: 10, authorizationId });
    await send(app.key, cardId, "return-reversal", { amount: 4, authorizationId });
    expect((await api.wallet(app.key, userId)).data?.balance).toEqual({ available: 52, posted: 52 });

    const read = await api.authorization(app.key, authorizationId);
    expect(read.data?.history.map((h) => [h.kind, h.amount])).toEqual([
      ["authorization", 40],
      ["increment", 5],
      ["clearing", 54],
      ["refund", 10],
      ["return_reversal", 4],
    ]);
    expect(read.data?.history[2]?.networkId).toBe("clr-1");
    expect((await checkLedgerInvariant(prisma(), { applicationId: app.appId })).balanced).toBe(true);
  });

  it("advice and force post overdraw, shown on the wallet; reversal and expiry release", async () => {
    const app = await setupApp();
    const { userId, cardId } = await walletWithCard(app.key, { fund: 10 });
    const advice = await send(app.key, cardId, "advice", { amount: 25, merchant: { name: "Fuel" } });
    expect(advice.data?.authorization.decision).toEqual({ by: "stand_in", reason: "advice" });
    const authorizationId = advice.data!.authorization.id;
    expect((await api.wallet(app.key, userId)).data?.balance).toEqual({ available: -15, posted: 10 });
    await send(app.key, cardId, "reversal", { amount: 5, authorizationId });
    await send(app.key, cardId, "expiry", { amount: 0, authorizationId });
    expect((await api.wallet(app.key, userId)).data?.balance).toEqual({ available: 10, posted: 10 });
    const forced = await send(app.key, cardId, "force-post", { amount: 12, merchant: { name: "Airline" } });
    expect(forced.data?.authorization).toMatchObject({
      status: "closed",
      capturedAmount: 12,
      decision: { by: "network" },
    });
    expect((await api.wallet(app.key, userId)).data?.balance).toEqual({ available: -2, posted: -2 });
    const report = await checkLedgerInvariant(prisma(), { applicationId: app.appId });
    expect(report).toMatchObject({ balanced: true, negativeAvailableAccounts: [] });
    expect(report.overdrawnAccounts).toHaveLength(1);
  });

  it("answers a decline as data, not an error", async () => {
    const app = await setupApp();
    const { cardId } = await walletWithCard(app.key, { fund: 1 });
    const declined = await send(app.key, cardId, "authorization", { amount: 5, merchant: diner });
    expect(declined.response.status).toBe(200);
    expect(declined.data).toMatchObject({
      result: "declined",
      declineCode: "insufficient_funds",
      authorization: { status: "declined" },
    });
  });

  it("refuses bad input with a clear 4xx and changes nothing; live keys get 403", async () => {
    const app = await setupApp();
    const { userId, cardId } = await walletWithCard(app.key, { fund: 50 });
    const refusals: [Kind, Schemas["NetworkSimulationRequest"], number, string][] = [
      ["clearing", { amount: 5 }, 400, "validation_failed"],
      ["clearing", { amount: 5, authorizationId: "auth_nope" }, 404, "authorization_not_found"],
      ["authorization", { amount: 5, currency: "EUR" }, 400, "currency_mismatch"],
      ["authorization", { amount: -5 }, 400, "validation_failed"],
      ["authorization", { amount: 1e16 }, 400, "validation_failed"],
      ["authorization", { amount: 0.001 }, 400, "amount_precision"],
      ["force-post", { amount: 0 }, 422, "network_amount_invalid"],
    ];
    for (const [kind, body, status, code] of refusals) {
      const res = await send(app.key, cardId, kind, body);
      expect({ status: res.response.status, code: res.error?.error.code }, `${kind} ${JSON.stringify(body)}`).toEqual({
        status,
        code,
      });
      expect(res.error?.error.request_id).toMatch(/^req_/);
    }
    const unknownCard = await send(app.key, "card_nope", "authorization", { amount: 1 });
    expect(unknownCard.response.status).toBe(404);
    const badKind = await testClient(app.key).POST("/api/public/sdk/v1/test/cards/{id}/network/{kind}", {
      params: { path: { id: cardId, kind: "chargeback" as Kind } },
      body: { amount: 1 },
    });
    expect(badKind.response.status).toBe(400);
    const reused = await send(app.key, cardId, "authorization", { amount: 1, networkId: "n-1" });
    expect(reused.response.status).toBe(200);
    const conflict = await send(app.key, cardId, "force-post", { amount: 1, networkId: "n-1" });
    expect(conflict.error?.error.code).toBe("network_message_conflict");
    expect((await api.wallet(app.key, userId)).data?.balance).toEqual({ available: 49, posted: 50 });
    const live = await createKey(app.appId, { mode: "live" });
    const refused = await send(live.secret, cardId, "authorization", { amount: 1 });
    expect(refused.error?.error.code).toBe("test_mode_only");
  });

  it("carries the test tap as a simulator authorization that later messages continue", async () => {
    const app = await setupApp();
    const { userId, cardId } = await walletWithCard(app.key, { fund: 20 });
    const tap = await api.tap(app.key, cardId, { amount: 8, merchant: { name: "Bus" } });
    expect(tap.response.status).toBe(201);
    expect(tap.data).toMatchObject({ source: "tap", status: "pending" });
    const authorizationId = tap.data!.id;
    await send(app.key, cardId, "clearing", { amount: 8, authorizationId });
    expect((await api.wallet(app.key, userId)).data?.balance).toEqual({ available: 12, posted: 12 });
    const read = await api.authorization(app.key, authorizationId);
    expect(read.data?.history.map((h) => h.kind)).toEqual(["authorization", "clearing"]);
    expect(read.data?.history[0]?.networkId).toMatch(/^sim_/);
  });
});
