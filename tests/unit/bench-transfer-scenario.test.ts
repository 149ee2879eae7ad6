// Scenario 5f's requests (bench/load/scenarios.ts): a transfer never names one wallet twice, both
// servers get byte-identical requests, every request has its own Idempotency-Key, and over a run
// each wallet sends and receives about equally, so the seeded balances last any run.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { buildRequest, transferPair, type SeedData } from "@/bench/load/scenarios";

const wallets = (count: number) => Array.from({ length: count }, (_, i) => `seed_${i}`);

function seedWith(transferUserIds: string[]): SeedData {
  return {
    keys: ["sk_test_a", "sk_test_b"],
    readUserIds: [],
    replays: [],
    spreadCardIds: [],
    hotCardId: "card_hot",
    controlledCardIds: [],
    decisionKeys: [],
    decisionCardIds: [],
    transferUserIds,
  };
}

describe("transferPair", () => {
  it("names two different wallets of the list, whatever the request number", () => {
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 400 }), fc.nat({ max: 2 ** 31 }), (count, n) => {
        const list = wallets(count);
        const [from, to] = transferPair(list, n);
        expect(from).not.toBe(to);
        expect(list).toContain(from);
        expect(list).toContain(to);
      }),
    );
  });

  it("keeps 200 wallets' balances level over a run: each sends once a round and receives about as often", () => {
    const list = wallets(200);
    const net = new Map(list.map((id) => [id, 0]));
    const received = new Map(list.map((id) => [id, 0]));
    const rounds = 200;
    for (let n = 0; n < list.length * rounds; n++) {
      const [from, to] = transferPair(list, n);
      net.set(from, (net.get(from) ?? 0) - 1);
      net.set(to, (net.get(to) ?? 0) + 1);
      received.set(to, (received.get(to) ?? 0) + 1);
    }
    // Every wallet sent exactly `rounds` cents; none received less than half or more than twice that.
    for (const count of received.values()) {
      expect(count).toBeGreaterThan(rounds / 2);
      expect(count).toBeLessThan(rounds * 2);
    }
    // The drift of any one wallet stays far below its million-dollar funding (10^8 cents).
    expect(Math.max(...[...net.values()].map(Math.abs))).toBeLessThan(rounds);
  });

  it("sends consecutive requests of one sender round to different receivers", () => {
    const list = wallets(200);
    const receivers = new Set<string>();
    for (let round = 0; round < 50; round++) receivers.add(transferPair(list, round * list.length)[1]);
    expect(receivers.size).toBeGreaterThan(40);
  });
});

describe("scenario 5f's request", () => {
  it("is the same for both servers and carries a key of its own per request", () => {
    const seed = seedWith(wallets(200));
    const first = buildRequest("transfer", seed, 7, "run-5f-ours-s0");
    expect(buildRequest("transfer", seed, 7, "run-5f-ours-s0")).toEqual(first);
    expect(first).toMatchObject({ method: "POST", path: "/api/public/sdk/v1/transfers" });
    expect(first.headers["idempotency-key"]).not.toBe(
      buildRequest("transfer", seed, 8, "run-5f-ours-s0").headers["idempotency-key"],
    );
    const body = JSON.parse(first.body ?? "{}") as Record<string, unknown>;
    expect(body).toEqual({
      from: { type: "wallet", externalUserId: "seed_7" },
      to: { type: "wallet", externalUserId: expect.stringMatching(/^seed_\d+$/) as unknown },
      amount: 0.01,
      currency: "USD",
    });
  });
});
