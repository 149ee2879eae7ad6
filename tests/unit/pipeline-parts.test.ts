import { describe, expect, it } from "vitest";
import { parseConfig } from "@/lib/config";
import { canonicalJson } from "@/lib/http/canonical-json";
import { ApiError, errorBody, errorStatus, errorType } from "@/lib/http/errors";
import { isAddressAllowed, normalizeAllowlist } from "@/lib/keys/ip-allowlist";
import { displayParts, hashKeySecret, keyModeOf, mintKeySecret } from "@/lib/keys/api-key-secret";
import { hasScope } from "@/lib/keys/scopes";
import { isValidAccountNumber, luhnCheckDigit, newAccountNumber } from "@/lib/wallets/account-number";

describe("error table", () => {
  it("maps codes to the statuses and types of docs/decisions/error-envelope.md", () => {
    expect([errorStatus("validation_failed"), errorType("validation_failed")]).toEqual([400, "invalid_request_error"]);
    expect([errorStatus("insufficient_funds"), errorType("insufficient_funds")]).toEqual([402, "card_error"]);
    expect([errorStatus("idempotency_key_reused"), errorType("idempotency_key_reused")]).toEqual([
      422,
      "idempotency_error",
    ]);
    expect([errorStatus("unsupported_media_type"), errorType("unsupported_media_type")]).toEqual([
      415,
      "invalid_request_error",
    ]);
    expect(errorBody(new ApiError("wallet_exists", "m", { param: "externalUserId" }), "req_1")).toEqual({
      error: {
        type: "conflict_error",
        code: "wallet_exists",
        message: "m",
        param: "externalUserId",
        request_id: "req_1",
      },
    });
  });
});

describe("api keys", () => {
  it("mints prefixed base62 keys and stores only a SHA-256 hash", () => {
    const key = mintKeySecret("live");
    expect(key).toMatch(/^sk_live_[0-9A-Za-z]{40}$/);
    expect(keyModeOf(key)).toBe("live");
    expect(keyModeOf("sk_prod_abc")).toBeUndefined();
    expect(hashKeySecret(key)).toMatch(/^[0-9a-f]{64}$/);
    expect(displayParts(key)).toEqual({ prefix: "sk_live_", last4: key.slice(-4) });
  });

  it("treats an empty scope list as every scope", () => {
    expect(hasScope([], "cards:write")).toBe(true);
    expect(hasScope(["wallets:read"], "cards:write")).toBe(false);
  });

  it("matches IPv4 and IPv6 CIDR allowlists", () => {
    expect(normalizeAllowlist(["10.0.0.0/8", "2001:db8::1", " 192.168.1.1 "])).toEqual([
      "10.0.0.0/8",
      "2001:db8::1/128",
      "192.168.1.1/32",
    ]);
    expect(isAddressAllowed([], "1.2.3.4")).toBe(true);
    expect(isAddressAllowed(["10.0.0.0/8"], "10.9.9.9")).toBe(true);
    expect(isAddressAllowed(["10.0.0.0/8"], "11.0.0.1")).toBe(false);
    expect(isAddressAllowed(["2001:db8::/32"], "2001:db8::5")).toBe(true);
    expect(isAddressAllowed(["10.0.0.0/8"], "unknown")).toBe(false);
  });
});

describe("account numbers", () => {
  it("carry a Luhn check digit that catches a changed digit", () => {
    expect(luhnCheckDigit("7992739871")).toBe(3);
    for (let i = 0; i < 50; i++) {
      const n = newAccountNumber();
      expect(isValidAccountNumber(n)).toBe(true);
      const changed = n.slice(0, 4) + ((Number(n[4]) + 1) % 10) + n.slice(5);
      expect(isValidAccountNumber(changed)).toBe(false);
    }
    expect(isValidAccountNumber("123")).toBe(false);
  });
});

describe("canonical JSON", () => {
  it("sorts keys at every level", () => {
    expect(canonicalJson({ b: 1, a: { d: [2, { z: 1, y: 2 }], c: null } })).toBe(
      '{"a":{"c":null,"d":[2,{"y":2,"z":1}]},"b":1}',
    );
  });
});

describe("configuration", () => {
  it("names the variable that is wrong", () => {
    expect(() => parseConfig({ TRUSTED_PROXY_COUNT: "-1" })).toThrow(/TRUSTED_PROXY_COUNT/);
    expect(() => parseConfig({ DATABASE_URL: "not a url" })).toThrow(/DATABASE_URL/);
    expect(() => parseConfig({ UPSTASH_REDIS_REST_URL: "https://x.upstash.io" })).toThrow(/UPSTASH_REDIS_REST_TOKEN/);
    expect(() => parseConfig({ SECRETS_KEY: "c2hvcnQ=" })).toThrow(/SECRETS_KEY/);
    expect(parseConfig({ TRUSTED_PROXY_COUNT: "2" }).TRUSTED_PROXY_COUNT).toBe(2);
  });

  it("keeps the API rate limit at 60 a minute unless raised, and never lets it be switched off", () => {
    expect(parseConfig({}).API_RATE_LIMIT_PER_MINUTE).toBe(60);
    expect(parseConfig({ API_RATE_LIMIT_PER_MINUTE: "100000" }).API_RATE_LIMIT_PER_MINUTE).toBe(100_000);
    for (const off of ["0", "-1", "1.5", "unlimited"]) {
      expect(() => parseConfig({ API_RATE_LIMIT_PER_MINUTE: off })).toThrow(/API_RATE_LIMIT_PER_MINUTE/);
    }
  });
});
