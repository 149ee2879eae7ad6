// The pure translations between Lithic's payloads and the card network's messages: ASA requests to
// authorizations and increments, outcomes to Lithic's ASA response, and a transaction's events to
// advices, reversals, clearings (partial, final, force posts), refunds, return reversals and expiries.
// The payloads are built as Lithic's document describes them (tests/helpers/lithic-payloads.ts) and
// checked against its schemas, so the mapping reads what Lithic really sends.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  asaRequestSchema,
  asaRequestToMessage,
  cardTransactionSchema,
  toAsaResponse,
  toNetworkMerchant,
  transactionToMessages,
} from "@/lib/connectors/lithic/lithic-network-mapping";
import {
  asaRequest,
  cardTransactionUpdated,
  componentErrors,
  webhookBodyErrors,
  type TransactionEventOptions,
} from "../helpers/lithic-payloads";

const CARD_TOKEN = "aac502f9-aecc-458a-954e-4bcf6edb6123";
const context = { cardId: "card_1", messageId: "msg_1", budgetMs: 1200, transactionKnown: false };

async function asa(options: Parameters<typeof asaRequest>[0]) {
  const payload = asaRequest(options);
  expect(await webhookBodyErrors("card_authorization.approval_request", payload)).toEqual([]);
  return asaRequestSchema.parse(payload);
}

async function transaction(events: TransactionEventOptions[], status = "PENDING") {
  const payload = await cardTransactionUpdated({ cardToken: CARD_TOKEN, status, events });
  expect(await webhookBodyErrors("card_transaction.updated", payload)).toEqual([]);
  return cardTransactionSchema.parse(payload);
}

describe("ASA requests", () => {
  it("checks payloads against Lithic's schema, which refuses one missing a required field", async () => {
    const { card: _card, ...withoutCard } = asaRequest({ cardToken: CARD_TOKEN, amount: 1 });
    expect((await webhookBodyErrors("card_authorization.approval_request", withoutCard)).join()).toMatch(/card/);
  });

  it("maps an authorization request to an authorization with its amount, currency, merchant and budget", async () => {
    const request = await asa({ cardToken: CARD_TOKEN, amount: 1234, partialApprovalCapable: true });
    const mapped = asaRequestToMessage(request, context);
    expect(mapped).toEqual({
      ok: true,
      message: {
        kind: "authorization",
        networkId: "msg_1",
        processor: "lithic",
        cardId: "card_1",
        amount: 1234n,
        currency: "USD",
        merchant: { name: "SQ *SOMA EATS", category: "5812", country: "US" },
        budgetMs: 1200,
        purpose: "purchase",
        transactionRef: request.token,
        partialApprovalCapable: true,
      },
    });
  });

  it("offers a partial approval only when the terminal says it takes one", async () => {
    const mapped = asaRequestToMessage(await asa({ cardToken: CARD_TOKEN, amount: 1234 }), context);
    expect(mapped).toMatchObject({ ok: true, message: { partialApprovalCapable: false } });
  });

  it("maps a later request of a transaction we approved to an increment of that transaction", async () => {
    const request = await asa({ cardToken: CARD_TOKEN, amount: 500 });
    const mapped = asaRequestToMessage(request, { ...context, transactionKnown: true });
    expect(mapped).toMatchObject({
      ok: true,
      message: { kind: "increment", amount: 500n, authorization: { networkId: request.token } },
    });
  });

  it("answers balance inquiries and zero-amount verifications without asking for a hold", async () => {
    const inquiry = asaRequestToMessage(
      await asa({ cardToken: CARD_TOKEN, amount: 0, status: "BALANCE_INQUIRY" }),
      context,
    );
    expect(inquiry).toMatchObject({ ok: true, message: { purpose: "balance_inquiry", amount: 0n } });
    const verification = asaRequestToMessage(await asa({ cardToken: CARD_TOKEN, amount: 0 }), context);
    expect(verification).toMatchObject({ ok: true, message: { purpose: "account_verification", amount: 0n } });
  });

  it("refuses a negative amount and leaves credit authorizations to their return", async () => {
    expect(asaRequestToMessage(await asa({ cardToken: CARD_TOKEN, amount: -5 }), context)).toMatchObject({ ok: false });
    expect(
      asaRequestToMessage(await asa({ cardToken: CARD_TOKEN, amount: 900, status: "CREDIT_AUTHORIZATION" }), context),
    ).toEqual({ ok: "credit" });
  });
});

describe("ASA responses", () => {
  const request = {
    token: "6f0c1d43-47ef-4d31-9d7e-28d1b0b57a11",
    amounts: { cardholder: { amount: 1000, currency: "USD" } },
  };

  it("approves in full without approved_amount, partially with it, and reports the balance", async () => {
    const full = toAsaResponse(request, {
      result: "approved",
      authorizationId: "a",
      approvedAmount: 1000n,
      replayed: false,
    });
    expect(full).toEqual({ result: "APPROVED", token: request.token });
    const partial = toAsaResponse(request, {
      result: "approved",
      authorizationId: "a",
      approvedAmount: 600n,
      balanceAfter: 0n,
      replayed: false,
    });
    expect(partial).toEqual({
      result: "APPROVED",
      token: request.token,
      approved_amount: 600,
      balance: { amount: null, available: 0 },
    });
    for (const answer of [full, partial]) expect(await componentErrors("asa-response", answer)).toEqual([]);
  });

  it("declines with Lithic's closest result for each of our decline codes", async () => {
    const cases = [
      ["insufficient_funds", "INSUFFICIENT_FUNDS"],
      ["card_inactive", "CARD_PAUSED"],
      ["spending_limit_exceeded", "VELOCITY_EXCEEDED"],
      ["category_blocked", "UNAUTHORIZED_MERCHANT"],
      ["declined_by_application", "UNAUTHORIZED_MERCHANT"],
    ] as const;
    for (const [decline, result] of cases) {
      const answer = toAsaResponse(request, {
        result: "declined",
        authorizationId: "a",
        decline,
        message: "",
        replayed: false,
      });
      expect(answer).toEqual({ result, token: request.token });
      expect(await componentErrors("asa-response", answer)).toEqual([]);
    }
  });

  it("declines what cannot be applied at all", () => {
    expect(toAsaResponse(request, { result: "rejected", rejection: "unknown_card" }).result).toBe("SUSPECTED_FRAUD");
  });
});

describe("card_transaction.updated events", () => {
  it("skips the authorization ASA answered and clears against it: partial, then final once SETTLED", async () => {
    const tx = await transaction(
      [
        { type: "AUTHORIZATION", amount: 5000 },
        { type: "CLEARING", amount: 2000 },
        { type: "CLEARING", amount: 3000 },
      ],
      "SETTLED",
    );
    const mapped = transactionToMessages(tx, "card_1");
    expect(mapped[0]).toMatchObject({ type: "AUTHORIZATION", skipped: "answered_by_asa" });
    expect(mapped[1]).toMatchObject({
      message: { kind: "clearing", amount: 2000n, final: false, authorization: { networkId: tx.token } },
    });
    expect(mapped[2]).toMatchObject({ message: { kind: "clearing", amount: 3000n, final: true } });
  });

  it("makes a clearing with no authorization a force post", async () => {
    const tx = await transaction([{ type: "CLEARING", amount: 700 }], "SETTLED");
    expect(transactionToMessages(tx, "card_1")[0]).toMatchObject({
      message: { kind: "force_post", amount: 700n, transactionRef: tx.token },
    });
  });

  it("maps advices, reversals (Lithic's negative amounts as positive), expiries, returns and return reversals", async () => {
    const tx = await transaction([
      { type: "AUTHORIZATION_ADVICE", amount: 4000 },
      { type: "AUTHORIZATION_REVERSAL", amount: -1500 },
      { type: "AUTHORIZATION_EXPIRY", amount: -2500 },
      { type: "RETURN", amount: -800 },
      { type: "RETURN_REVERSAL", amount: 800 },
    ]);
    const kinds = transactionToMessages(tx, "card_1").map((m) =>
      "message" in m ? [m.message.kind, m.message.amount] : m.skipped,
    );
    expect(kinds).toEqual([
      ["advice", 4000n],
      ["reversal", 1500n],
      ["expiry", 2500n],
      ["refund", 800n],
      ["return_reversal", 800n],
    ]);
  });

  it("skips declined events and keeps kinds it does not act on", async () => {
    const tx = await transaction([
      { type: "AUTHORIZATION", amount: 100, result: "INSUFFICIENT_FUNDS" },
      { type: "CLEARING", amount: 100, result: "INSUFFICIENT_FUNDS" },
      { type: "CORRECTION_CREDIT", amount: 100 },
    ]);
    expect(transactionToMessages(tx, "card_1").map((m) => ("skipped" in m ? m.skipped : m.message.kind))).toEqual([
      "answered_by_asa",
      "declined",
      "not_acted_on",
    ]);
  });

  it("reads the merchant's alpha-3 country as alpha-2, and leaves out one it cannot", () => {
    expect(toNetworkMerchant({ descriptor: "CAFE", mcc: "5814", country: "FRA" })).toEqual({
      name: "CAFE",
      category: "5814",
      country: "FR",
    });
    expect(toNetworkMerchant({ descriptor: "SHOP", country: "QZZ" })).toEqual({ name: "SHOP" });
  });

  it("gives every event exactly one fate, oldest first, with its own token as the networkId and no negative amount", () => {
    const TYPES = [
      "AUTHORIZATION",
      "AUTHORIZATION_ADVICE",
      "AUTHORIZATION_REVERSAL",
      "AUTHORIZATION_EXPIRY",
      "CLEARING",
      "RETURN",
      "RETURN_REVERSAL",
      "CORRECTION_DEBIT",
      "SOMETHING_NEW",
    ];
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            type: fc.constantFrom(...TYPES),
            amount: fc.integer({ min: -1_000_000, max: 1_000_000 }),
            result: fc.constantFrom("APPROVED", "APPROVED", "DECLINED"),
            at: fc.integer({ min: 0, max: 1_000_000 }),
          }),
          { maxLength: 12 },
        ),
        fc.constantFrom("PENDING", "SETTLED"),
        (events, status) => {
          const tx = cardTransactionSchema.parse({
            event_type: "card_transaction.updated",
            token: "tx",
            card_token: CARD_TOKEN,
            status,
            events: events.map((e, i) => ({
              token: `ev_${i}`,
              type: e.type,
              result: e.result,
              created: new Date(1_700_000_000_000 + e.at).toISOString(),
              amounts: { cardholder: { amount: e.amount, currency: "USD" } },
            })),
          });
          const mapped = transactionToMessages(tx, "card_1");
          expect(mapped.map((m) => m.eventToken).sort()).toEqual(events.map((_, i) => `ev_${i}`).sort());
          const times = mapped.map((m) => Number(m.eventToken.slice(3))).map((i) => events[i]!.at);
          expect(times).toEqual([...times].sort((a, b) => a - b));
          for (const m of mapped) {
            if (!("message" in m)) continue;
            expect(m.message.networkId).toBe(m.eventToken);
            expect(m.message.amount >= 0n).toBe(true);
          }
          expect(
            mapped.filter((m) => "message" in m && m.message.kind === "clearing" && m.message.final).length,
          ).toBeLessThanOrEqual(1);
        },
      ),
    );
  });
});
