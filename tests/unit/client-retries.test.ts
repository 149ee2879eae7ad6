// The API client's reaction to the server's answers: which it retries, how long it waits, and that a
// retried write keeps its Idempotency-Key. A local node:http server scripts the answers.
import http from "node:http";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createServiceClient, type ServiceClientOptions } from "@/lib/client/create-service-client";
import { backoffDelay, retryAfterMs } from "@/lib/client/retrying-fetch";

type Received = { method: string; url: string; headers: http.IncomingHttpHeaders; body: string };
/** One scripted answer; "drop" closes the connection without answering, a network error to the client. */
type Answer = { status: number; body?: unknown; headers?: Record<string, string> } | "drop";

const API_KEY = `sk_test_${"a".repeat(40)}`;
const WALLET = { externalUserId: "user_42", currency: "USD", email: "ada@example.com" };
const WALLET_RECORD = { id: "wal_1", object: "wallet", idempotent_replay: false };

let server: http.Server;
let baseUrl: string;
let received: Received[] = [];
let script: Answer[] = [];

function envelope(code: string, type = "api_error") {
  return { error: { type, code, message: code, request_id: "req_1" } };
}

beforeAll(async () => {
  server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      received.push({
        method: req.method ?? "",
        url: req.url ?? "",
        headers: req.headers,
        body: Buffer.concat(chunks).toString(),
      });
      const answer = script.shift() ?? { status: 599, body: envelope("script_exhausted") };
      if (answer === "drop") {
        req.socket.destroy();
        return;
      }
      res.writeHead(answer.status, { "content-type": "application/json", ...answer.headers });
      res.end(answer.body === undefined ? "" : JSON.stringify(answer.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  if (!address || typeof address === "string") throw new Error("the scripted server is not listening on a TCP port");
  baseUrl = `http://127.0.0.1:${address.port}`;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

beforeEach(() => {
  received = [];
  script = [];
});

function client(options: Partial<ServiceClientOptions> = {}) {
  const waits: number[] = [];
  const api = createServiceClient({
    baseUrl,
    apiKey: API_KEY,
    sleep: async (ms) => {
      waits.push(ms);
    },
    ...options,
  });
  return { api, waits };
}

const createWallet = (api: ReturnType<typeof client>["api"], idempotencyKey?: string) =>
  api.POST("/api/public/sdk/v1/wallets", {
    body: WALLET,
    params: idempotencyKey ? { header: { "Idempotency-Key": idempotencyKey } } : {},
  });

describe("API client retries", () => {
  it("retries 409 idempotency_in_progress with the same Idempotency-Key and body, giving one result", async () => {
    script = [
      { status: 409, body: envelope("idempotency_in_progress", "conflict_error"), headers: { "retry-after": "1" } },
      { status: 201, body: WALLET_RECORD },
    ];
    const { api, waits } = client();
    const { data, error, response } = await createWallet(api);
    expect(response.status).toBe(201);
    expect(error).toBeUndefined();
    expect(data).toEqual(WALLET_RECORD);
    expect(received).toHaveLength(2);
    const keys = received.map((r) => r.headers["idempotency-key"]);
    expect(keys[0]).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(keys[1]).toBe(keys[0]);
    expect(received.map((r) => JSON.parse(r.body))).toEqual([WALLET, WALLET]);
    expect(waits).toEqual([1000]);
  });

  it("does not retry other conflicts, such as 409 wallet_exists", async () => {
    script = [{ status: 409, body: envelope("wallet_exists", "conflict_error") }];
    const { api, waits } = client();
    const { error, response } = await createWallet(api);
    expect(response.status).toBe(409);
    expect(error?.error.code).toBe("wallet_exists");
    expect(received).toHaveLength(1);
    expect(waits).toEqual([]);
  });

  it("waits Retry-After seconds after a 429 before retrying", async () => {
    script = [
      { status: 429, body: envelope("rate_limited", "rate_limit_error"), headers: { "retry-after": "2" } },
      { status: 200, body: { id: "wal_1" } },
    ];
    const { api, waits } = client();
    const { response } = await api.GET("/api/public/sdk/v1/wallets/{externalUserId}", {
      params: { path: { externalUserId: "user_42" } },
    });
    expect(response.status).toBe(200);
    expect(waits).toEqual([2000]);
    expect(received).toHaveLength(2);
  });

  it("reads a Retry-After given as an HTTP date", async () => {
    const at = new Date(Math.ceil(Date.now() / 1000) * 1000 + 3000);
    script = [
      { status: 429, body: envelope("rate_limited", "rate_limit_error"), headers: { "retry-after": at.toUTCString() } },
      { status: 201, body: WALLET_RECORD },
    ];
    const { api, waits } = client();
    expect((await createWallet(api)).response.status).toBe(201);
    expect(waits).toHaveLength(1);
    expect(waits[0]).toBeGreaterThan(2000);
    expect(waits[0]).toBeLessThanOrEqual(4000);
    expect(retryAfterMs("Wed, 21 Oct 2015 07:28:00 GMT", Date.parse("Wed, 21 Oct 2015 07:27:30 GMT"))).toBe(30_000);
    expect(retryAfterMs("Wed, 21 Oct 2015 07:28:00 GMT", Date.parse("Wed, 21 Oct 2015 07:29:00 GMT"))).toBe(0);
    expect(retryAfterMs("soon")).toBeUndefined();
    expect(retryAfterMs(null)).toBeUndefined();
  });

  it("gives back a 429 whose Retry-After is longer than it will wait, without retrying", async () => {
    script = [
      { status: 429, body: envelope("replay_limited", "rate_limit_error"), headers: { "retry-after": "3600" } },
    ];
    const { api, waits } = client();
    const { error, response } = await createWallet(api);
    expect(response.status).toBe(429);
    expect(error?.error.code).toBe("replay_limited");
    expect(received).toHaveLength(1);
    expect(waits).toEqual([]);
  });

  it("retries 503 twice with growing, jittered, capped backoff, then returns the 200", async () => {
    script = [
      { status: 503, body: envelope("unavailable") },
      { status: 503, body: envelope("unavailable") },
      { status: 200, body: { id: "wal_1" } },
    ];
    const { api, waits } = client();
    const { data, response } = await api.GET("/api/public/sdk/v1/wallets/{externalUserId}", {
      params: { path: { externalUserId: "user_42" } },
    });
    expect(response.status).toBe(200);
    expect(data).toEqual({ id: "wal_1" });
    expect(received).toHaveLength(3);
    expect(waits).toHaveLength(2);
    expect(waits[0]).toBeGreaterThanOrEqual(125);
    expect(waits[0]).toBeLessThanOrEqual(250);
    expect(waits[1]).toBeGreaterThanOrEqual(250);
    expect(waits[1]).toBeLessThanOrEqual(500);
    const policy = { baseDelayMs: 250, maxDelayMs: 8000 };
    expect(backoffDelay(10, { ...policy, random: () => 1 })).toBe(8000);
    expect(backoffDelay(10, { ...policy, random: () => 0 })).toBe(4000);
  });

  it("retries a network error with the same Idempotency-Key", async () => {
    script = ["drop", { status: 201, body: WALLET_RECORD }];
    const { api } = client();
    const { data } = await createWallet(api);
    expect(data).toEqual(WALLET_RECORD);
    expect(received).toHaveLength(2);
    expect(received[1]!.headers["idempotency-key"]).toBe(received[0]!.headers["idempotency-key"]);
  });

  it("does not retry a 400", async () => {
    script = [{ status: 400, body: envelope("validation_failed", "invalid_request_error") }];
    const { api, waits } = client();
    const { error, response } = await createWallet(api);
    expect(response.status).toBe(400);
    expect(error?.error.code).toBe("validation_failed");
    expect(received).toHaveLength(1);
    expect(waits).toEqual([]);
  });

  it("stops after the configured number of retries and gives back the last error answer", async () => {
    script = [500, 502, 503, 504].map((status) => ({ status, body: envelope(`failure_${status}`) }));
    const { api, waits } = client({ retries: 2 });
    const { error, response } = await createWallet(api);
    expect(received).toHaveLength(3);
    expect(waits).toHaveLength(2);
    expect(response.status).toBe(503);
    expect(error?.error.code).toBe("failure_503");
    expect(new Set(received.map((r) => r.headers["idempotency-key"])).size).toBe(1);
  });

  it("gives up on network errors after the retries, throwing the last one", async () => {
    script = ["drop", "drop"];
    const { api } = client({ retries: 1 });
    await expect(createWallet(api)).rejects.toThrow();
    expect(received).toHaveLength(2);
  });

  it("retries 3 times by default", async () => {
    script = Array.from({ length: 5 }, () => ({ status: 500, body: envelope("internal_error") }));
    const { api, waits } = client();
    expect((await createWallet(api)).response.status).toBe(500);
    expect(received).toHaveLength(4);
    expect(waits).toHaveLength(3);
  });
});

describe("API client headers", () => {
  it("generates an Idempotency-Key on writes, none on reads, and a fresh one per call", async () => {
    script = [
      { status: 201, body: WALLET_RECORD },
      { status: 201, body: WALLET_RECORD },
      { status: 200, body: { id: "wal_1" } },
    ];
    const { api } = client();
    await createWallet(api);
    await createWallet(api);
    await api.GET("/api/public/sdk/v1/wallets/{externalUserId}", { params: { path: { externalUserId: "user_42" } } });
    const [first, second, read] = received;
    expect(first!.method).toBe("POST");
    expect(first!.headers["idempotency-key"]).toMatch(/^[0-9a-f-]{36}$/);
    expect(second!.headers["idempotency-key"]).toMatch(/^[0-9a-f-]{36}$/);
    expect(second!.headers["idempotency-key"]).not.toBe(first!.headers["idempotency-key"]);
    expect(read!.method).toBe("GET");
    expect(read!.headers).not.toHaveProperty("idempotency-key");
  });

  it("keeps the caller's Idempotency-Key, on every attempt", async () => {
    script = [
      { status: 502, body: envelope("bad_gateway") },
      { status: 201, body: WALLET_RECORD },
    ];
    const { api } = client();
    await createWallet(api, "order-1234");
    expect(received.map((r) => r.headers["idempotency-key"])).toEqual(["order-1234", "order-1234"]);
  });

  it("sends the API key as a bearer token, and no Authorization without a key", async () => {
    script = [
      { status: 200, body: { id: "wal_1" } },
      { status: 200, body: { valid: false } },
    ];
    await client().api.GET("/api/public/sdk/v1/wallets/{externalUserId}", {
      params: { path: { externalUserId: "user_42" } },
    });
    await client({ apiKey: undefined }).api.GET("/api/public/verify/statement-token", {
      params: { query: { token: "vst_x" } },
    });
    expect(received[0]!.headers.authorization).toBe(`Bearer ${API_KEY}`);
    expect(received[0]!.url).toBe("/api/public/sdk/v1/wallets/user_42");
    expect(received[1]!.headers).not.toHaveProperty("authorization");
    expect(received[1]!.url).toBe("/api/public/verify/statement-token?token=vst_x");
  });
});
