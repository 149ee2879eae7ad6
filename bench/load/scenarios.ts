// The HTTP scenarios of the benchmark: which request the n-th call of each one sends. Shared by the
// load generator and the orchestrator's sanity checks, so both servers always get identical requests.

export type HttpScenarioId =
  | "trivial"
  | "read"
  | "write"
  | "replay"
  | "spend-spread"
  | "spend-controlled"
  | "spend-decided"
  | "spend-hot"
  | "spend-network"
  | "transfer";

export type BenchRequest = {
  method: "GET" | "POST";
  path: string;
  headers: Record<string, string>;
  body?: string;
};

/** What the orchestrator seeded, written to a file both it and the generators read. */
export type SeedData = {
  /** Test-mode secrets of one application; requests rotate through them. */
  keys: string[];
  /** Wallets the read scenario cycles through. */
  readUserIds: string[];
  /** Stored idempotent writes the replay scenario repeats byte for byte. */
  replays: { key: string; body: string }[];
  /** One card per funded wallet, for spends spread over many wallets. */
  spreadCardIds: string[];
  /** The single card every spend of the contention scenario uses. */
  hotCardId: string;
  /**
   * A second card on each funded wallet with spending controls (a daily limit no run reaches and a
   * blocked-category list the spends' category is not on): spends pass every check and count.
   */
  controlledCardIds: string[];
  /**
   * Scenario 5d: a second application, whose test-mode decision endpoint (a local server answering
   * {"approved": true} at once) is asked by every spend; its keys and one card per funded wallet.
   */
  decisionKeys: string[];
  decisionCardIds: string[];
  /**
   * Scenario 5f: the funded wallets (a million dollars each) that transfers move a cent between, in
   * pairs that change from request to request, so every wallet sends and receives about equally.
   */
  transferUserIds: string[];
};

export const HTTP_SCENARIOS: Record<HttpScenarioId, { number: string; title: string; expectStatus: number }> = {
  trivial: { number: "1", title: "GET openapi.json (framework only)", expectStatus: 200 },
  read: { number: "2", title: "GET wallet (auth, limit, read)", expectStatus: 200 },
  write: { number: "3", title: "POST wallet, fresh Idempotency-Key", expectStatus: 201 },
  replay: { number: "4", title: "POST wallet, replayed key", expectStatus: 201 },
  "spend-spread": { number: "5a", title: "card spend, many wallets", expectStatus: 201 },
  "spend-hot": { number: "5b", title: "card spend, one wallet", expectStatus: 201 },
  "spend-decided": {
    number: "5d",
    title: "card spend, many wallets, decision endpoint answering at once",
    expectStatus: 201,
  },
  "spend-controlled": {
    number: "5c",
    title: "card spend, many wallets, daily limit + blocked categories",
    expectStatus: 201,
  },
  "spend-network": {
    number: "5e",
    title: "card network authorization (simulator), many wallets",
    expectStatus: 200,
  },
  transfer: { number: "5f", title: "wallet-to-wallet transfer, many wallets", expectStatus: 201 },
};

const SDK = "/api/public/sdk/v1";

export function walletBody(externalUserId: string): string {
  return JSON.stringify({ externalUserId, currency: "USD", email: "bench@example.com", name: "Bench User" });
}

const SPEND_BODY = JSON.stringify({
  amount: 0.01,
  merchant: { name: "Bench Coffee", category: "5814", country: "US" },
});

export function transferBody(fromUserId: string, toUserId: string): string {
  return JSON.stringify({
    from: { type: "wallet", externalUserId: fromUserId },
    to: { type: "wallet", externalUserId: toUserId },
    amount: 0.01,
    currency: "USD",
  });
}

/** MurmurHash3's 32-bit finalizer: every bit of n moves every bit of the result. */
function mix32(n: number): number {
  let h = n >>> 0;
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
}

/**
 * The n-th transfer's two wallets: the sender goes round the list, the receiver is another wallet
 * at a scrambled offset, so the pairs look random yet repeat exactly on both sides, every wallet
 * sends once and receives about once per round, and balances stay level over a run.
 */
export function transferPair(list: readonly string[], n: number): [string, string] {
  if (list.length < 2) throw new Error("a transfer needs two wallets in the seed data");
  const from = n % list.length;
  const offset = 1 + (mix32(n) % (list.length - 1));
  return [pick(list, from), pick(list, from + offset)];
}

function pick<T>(list: readonly T[], index: number): T {
  const item = list[index % list.length];
  if (item === undefined) throw new Error("the seed data has an empty list");
  return item;
}

/**
 * The n-th request of a scenario. `tag` makes the write scenario's user ids and Idempotency-Keys
 * unique to one generator run (our server and the baseline write into the same tables).
 */
export function buildRequest(scenario: HttpScenarioId, seed: SeedData, n: number, tag: string): BenchRequest {
  const auth = { authorization: `Bearer ${pick(seed.keys, n)}` };
  const json = { ...auth, "content-type": "application/json" };
  switch (scenario) {
    case "trivial":
      return { method: "GET", path: "/api/public/openapi.json", headers: {} };
    case "read":
      return { method: "GET", path: `${SDK}/wallets/${pick(seed.readUserIds, n)}`, headers: auth };
    case "write":
      return {
        method: "POST",
        path: `${SDK}/wallets`,
        headers: { ...json, "idempotency-key": `bench-${tag}-${n}` },
        body: walletBody(`w_${tag}_${n}`),
      };
    case "replay": {
      const stored = pick(seed.replays, n);
      return {
        method: "POST",
        path: `${SDK}/wallets`,
        headers: { ...json, "idempotency-key": stored.key },
        body: stored.body,
      };
    }
    case "spend-spread":
      return {
        method: "POST",
        path: `${SDK}/cards/${pick(seed.spreadCardIds, n)}/authorizations`,
        headers: json,
        body: SPEND_BODY,
      };
    case "spend-controlled":
      return {
        method: "POST",
        path: `${SDK}/cards/${pick(seed.controlledCardIds, n)}/authorizations`,
        headers: json,
        body: SPEND_BODY,
      };
    case "spend-decided":
      // The baseline asks no endpoint: it does 5a's work for these requests; compare ours in 5d with ours in 5a.
      return {
        method: "POST",
        path: `${SDK}/cards/${pick(seed.decisionCardIds, n)}/authorizations`,
        headers: { authorization: `Bearer ${pick(seed.decisionKeys, n)}`, "content-type": "application/json" },
        body: SPEND_BODY,
      };
    case "spend-network":
      // The simulator in front: the network's authorization through the card network lifecycle
      // (a network step stored beside 5a's work); the baseline does 5a's work in the simulator's shape.
      return {
        method: "POST",
        path: `${SDK}/test/cards/${pick(seed.spreadCardIds, n)}/network/authorization`,
        headers: json,
        body: SPEND_BODY,
      };
    case "spend-hot":
      return { method: "POST", path: `${SDK}/cards/${seed.hotCardId}/authorizations`, headers: json, body: SPEND_BODY };
    case "transfer": {
      const [from, to] = transferPair(seed.transferUserIds, n);
      return {
        method: "POST",
        path: `${SDK}/transfers`,
        headers: { ...json, "idempotency-key": `bench-${tag}-${n}` },
        body: transferBody(from, to),
      };
    }
  }
}
