// Pure rules of the ledger and its API shapes: balanced transfers, reserve ids, pages, decline codes,
// and the OpenAPI document covering every card-money route.
import SwaggerParser from "@apidevtools/swagger-parser";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { errorStatus, errorType } from "@/lib/http/errors";
import { reserveAccountId, type LedgerAccountRef } from "@/lib/ledger/accounts";
import { assertBalanced, UnbalancedTransferError, type TransferLeg } from "@/lib/ledger/post-transfer";
import { openApiDocument } from "@/lib/openapi/document";
import { DECLINE_CODES } from "@/lib/schemas/authorization";
import { toPage } from "@/lib/schemas/pagination";

const usd = (id: string): LedgerAccountRef => ({ id, kind: "wallet", currency: "USD" });

describe("assertBalanced", () => {
  it("accepts any legs that sum to zero per currency", () => {
    fc.assert(
      fc.property(fc.array(fc.bigInt({ min: 1n, max: 10n ** 12n }), { minLength: 1, maxLength: 5 }), (amounts) => {
        const legs: TransferLeg[] = amounts.map((a, i) => ({ account: usd(`w${i}`), amount: a }));
        const total = amounts.reduce((s, a) => s + a, 0n);
        expect(() => assertBalanced([...legs, { account: usd("reserve"), amount: -total }])).not.toThrow();
      }),
    );
  });

  it("refuses unbalanced, single-leg, zero and cross-currency-balanced transfers", () => {
    expect(() =>
      assertBalanced([
        { account: usd("a"), amount: 5n },
        { account: usd("b"), amount: -4n },
      ]),
    ).toThrow(UnbalancedTransferError);
    expect(() => assertBalanced([{ account: usd("a"), amount: 5n }])).toThrow(UnbalancedTransferError);
    expect(() =>
      assertBalanced([
        { account: usd("a"), amount: 0n },
        { account: usd("b"), amount: 0n },
      ]),
    ).toThrow(/zero/);
    expect(() =>
      assertBalanced([
        { account: usd("a"), amount: 5n },
        { account: { id: "b", kind: "reserve", currency: "EUR" }, amount: -5n },
      ]),
    ).toThrow(/USD/);
  });
});

describe("ledger shapes", () => {
  it("names one reserve account per mode and currency", () => {
    expect(reserveAccountId(false, "USD")).toBe("lacct_reserve_test_USD");
    expect(reserveAccountId(true, "NGN")).toBe("lacct_reserve_live_NGN");
  });

  it("pages rows read with one extra: has_more and next_cursor come from it", () => {
    const rows = [{ id: "a" }, { id: "b" }, { id: "c" }];
    expect(toPage(rows, 2)).toEqual({ object: "list", data: rows.slice(0, 2), has_more: true, next_cursor: "b" });
    expect(toPage(rows, 3)).toEqual({ object: "list", data: rows, has_more: false, next_cursor: null });
  });

  it("answers every decline as a 402 card_error", () => {
    for (const code of DECLINE_CODES) {
      expect([errorStatus(code), errorType(code)]).toEqual([402, "card_error"]);
    }
    expect(errorStatus("card_not_active")).toBe(409);
  });

  it("documents every card-money route in a valid OpenAPI 3.1 document", async () => {
    const doc = openApiDocument();
    await SwaggerParser.validate(JSON.parse(JSON.stringify(doc)));
    const ops = Object.entries(doc.paths ?? {}).flatMap(([path, item]) =>
      Object.keys(item ?? {})
        .filter((m) => ["get", "post"].includes(m))
        .map((m) => `${m.toUpperCase()} ${path}`),
    );
    const v1 = "/api/public/sdk/v1";
    expect(ops).toEqual(
      expect.arrayContaining([
        `GET ${v1}/cards/{id}`,
        `POST ${v1}/cards/{id}/freeze`,
        `POST ${v1}/cards/{id}/unfreeze`,
        `POST ${v1}/cards/{id}/cancel`,
        `GET ${v1}/wallets/{externalUserId}/cards`,
        `POST ${v1}/cards/{id}/authorizations`,
        `GET ${v1}/authorizations/{id}`,
        `POST ${v1}/authorizations/{id}/capture`,
        `POST ${v1}/authorizations/{id}/refund`,
        `GET ${v1}/wallets/{externalUserId}/transactions`,
        `POST ${v1}/test/wallets/{externalUserId}/fund`,
        `POST ${v1}/test/cards/{id}/tap`,
      ]),
    );
    const spend = doc.paths?.[`${v1}/cards/{id}/authorizations`]?.post;
    expect(Object.keys(spend?.responses ?? {})).toEqual(expect.arrayContaining(["201", "402", "404"]));
  });
});
