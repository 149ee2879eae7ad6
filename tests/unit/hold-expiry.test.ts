// The rules of holds that end that need no database (docs/decisions/holds-that-end.md): when a hold
// lapses, the AUTHORIZATION_HOLD_DAYS setting's bounds, and through which day a card is valid.
import { describe, expect, it } from "vitest";
import { holdExpiresAt, holdExpiryJobKey } from "@/lib/authorizations/hold-expiry";
import { cardExpired } from "@/lib/authorizations/spend-card";
import { parseConfig } from "@/lib/config";

describe("hold expiry", () => {
  it("lapses AUTHORIZATION_HOLD_DAYS whole days after approval, under one job key per authorization", () => {
    expect(holdExpiresAt(new Date("2026-10-03T12:14:27.000Z"), 7).toISOString()).toBe("2026-10-10T12:14:27.000Z");
    expect(holdExpiryJobKey("auth_1")).toBe("authorization_expire:auth_1");
  });

  it("takes AUTHORIZATION_HOLD_DAYS from 1 to 30, 7 when unset or blank, and names it when wrong", () => {
    expect(parseConfig({}).AUTHORIZATION_HOLD_DAYS).toBe(7);
    expect(parseConfig({ AUTHORIZATION_HOLD_DAYS: " " }).AUTHORIZATION_HOLD_DAYS).toBe(7);
    expect(parseConfig({ AUTHORIZATION_HOLD_DAYS: "30" }).AUTHORIZATION_HOLD_DAYS).toBe(30);
    for (const bad of ["0", "31", "2.5", "seven"]) {
      expect(() => parseConfig({ AUTHORIZATION_HOLD_DAYS: bad }), bad).toThrow(/AUTHORIZATION_HOLD_DAYS/);
    }
  });
});

describe("card expiry", () => {
  it("keeps a card valid through the last moment of its expiry month in UTC", () => {
    const card = { expMonth: 11, expYear: 2026 };
    expect(cardExpired(card, new Date("2026-11-30T23:59:59.999Z"))).toBe(false);
    expect(cardExpired(card, new Date("2026-12-01T00:00:00.000Z"))).toBe(true);
    expect(cardExpired(card, new Date("2027-01-15T00:00:00.000Z"))).toBe(true);
    expect(cardExpired({ expMonth: 1, expYear: 2027 }, new Date("2026-12-31T23:00:00.000Z"))).toBe(false);
  });
});
