// Measures the SDK API under load on a running server: wallet reads and idempotent wallet writes.
// Usage: npm run bench -- --url http://127.0.0.1:3000 --key sk_test_... [--seconds 10] [--connections 16]
// The key needs no rate limit of its own here: the bench mints its load across many keys if given
// --keys-file (one key per line), since one key is limited to 60 requests per minute by design.
import { readFileSync, writeFileSync } from "node:fs";
import { parseArgs } from "node:util";
import autocannon from "autocannon";

const { values } = parseArgs({
  options: {
    url: { type: "string", default: "http://127.0.0.1:3000" },
    "keys-file": { type: "string" },
    key: { type: "string" },
    seconds: { type: "string", default: "10" },
    connections: { type: "string", default: "16" },
    out: { type: "string" },
  },
});

const keys = values["keys-file"]
  ? readFileSync(values["keys-file"], "utf8").split("\n").map((k) => k.trim()).filter(Boolean)
  : values.key
    ? [values.key]
    : [];
if (keys.length === 0) throw new Error("Pass --key or --keys-file (make keys with `npm run cli -- keys create`)");

async function scenario(title: string, setup: (i: number) => autocannon.Request) {
  let n = 0;
  const result = await autocannon({
    url: values.url,
    connections: Number(values.connections),
    duration: Number(values.seconds),
    requests: [{ setupRequest: () => setup(n++) }],
  });
  const line = {
    scenario: title,
    requestsPerSecond: result.requests.average,
    latencyP50ms: result.latency.p50,
    latencyP99ms: result.latency.p99,
    non2xx: result.non2xx,
    statusCodes: result.statusCodeStats,
  };
  console.log(JSON.stringify(line));
  return line;
}

const key = (i: number) => keys[i % keys.length]!;
const results = [
  await scenario("GET openapi.json (framework + headers only)", () => ({ method: "GET", path: "/api/public/openapi.json" })),
  await scenario("GET wallet (auth + rate limit + one read)", (i) => ({
    method: "GET",
    path: "/api/public/sdk/v1/wallets/bench_reader",
    headers: { authorization: `Bearer ${key(i)}` },
  })),
  await scenario("POST wallet with Idempotency-Key (auth + limit + claim + write transaction)", (i) => ({
    method: "POST",
    path: "/api/public/sdk/v1/wallets",
    headers: { authorization: `Bearer ${key(i)}`, "content-type": "application/json", "idempotency-key": `bench-${process.pid}-${i}` },
    body: JSON.stringify({ externalUserId: `bench_${process.pid}_${i}`, currency: "USD", email: "bench@example.com" }),
  })),
];
if (values.out) writeFileSync(values.out, JSON.stringify({ at: new Date().toISOString(), url: values.url, results }, null, 2));
