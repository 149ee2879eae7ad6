// Measures the SDK API under load on a running server: wallet reads and idempotent wallet writes.
// Usage: npm run bench -- --url http://127.0.0.1:3000 --app app_... [--keys 400] [--seconds 10] [--connections 16]
// One key may make 60 requests a minute by design, so the load is spread over many test keys that
// the bench mints for the application (against the same database the server uses), or over
// --keys-file (one key per line).
import { readFileSync, writeFileSync } from "node:fs";
import { parseArgs } from "node:util";
import autocannon from "autocannon";

const { values } = parseArgs({
  options: {
    url: { type: "string", default: "http://127.0.0.1:3000" },
    "keys-file": { type: "string" },
    key: { type: "string" },
    app: { type: "string" },
    keys: { type: "string", default: "400" },
    seconds: { type: "string", default: "10" },
    connections: { type: "string", default: "16" },
    out: { type: "string" },
  },
});

async function mintKeys(applicationId: string, count: number): Promise<string[]> {
  const { prepareDatabase } = await import("@/lib/db/prepare-database");
  const database = await prepareDatabase();
  const { prisma, disconnectDb } = await import("@/lib/db/client");
  const { createApiKey } = await import("@/lib/keys/create-api-key");
  const minted: string[] = [];
  for (let i = 0; i < count; i++) {
    minted.push((await createApiKey(prisma(), { applicationId, mode: "test", name: `bench ${i}` })).secret);
  }
  await disconnectDb();
  await database.stop();
  return minted;
}

const keys = values.app
  ? await mintKeys(values.app, Number(values.keys))
  : values["keys-file"]
    ? readFileSync(values["keys-file"], "utf8")
        .split("\n")
        .map((k) => k.trim())
        .filter(Boolean)
    : values.key
      ? [values.key]
      : [];
if (keys.length === 0) throw new Error("Pass --app (to mint keys), --keys-file or --key");

async function scenario(title: string, setup: (i: number) => autocannon.Request) {
  let n = 0;
  const result = await autocannon({
    url: values.url,
    connections: Number(values.connections),
    duration: Number(values.seconds),
    requests: [
      {
        setupRequest: (request) => {
          const next = setup(n++);
          return { ...request, ...next, headers: { ...request.headers, ...next.headers } };
        },
      },
    ],
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
// The read scenario reads a wallet that exists.
await fetch(`${values.url}/api/public/sdk/v1/wallets`, {
  method: "POST",
  headers: { authorization: `Bearer ${key(0)}`, "content-type": "application/json" },
  body: JSON.stringify({ externalUserId: "bench_reader", currency: "USD", email: "bench@example.com" }),
});
const results = [
  await scenario("GET openapi.json (framework + headers only)", () => ({
    method: "GET",
    path: "/api/public/openapi.json",
  })),
  await scenario("GET wallet (auth + rate limit + one read)", (i) => ({
    method: "GET",
    path: "/api/public/sdk/v1/wallets/bench_reader",
    headers: { authorization: `Bearer ${key(i)}` },
  })),
  await scenario("POST wallet with Idempotency-Key (auth + limit + claim + write transaction)", (i) => ({
    method: "POST",
    path: "/api/public/sdk/v1/wallets",
    headers: {
      authorization: `Bearer ${key(i)}`,
      "content-type": "application/json",
      "idempotency-key": `bench-${process.pid}-${i}`,
    },
    body: JSON.stringify({ externalUserId: `bench_${process.pid}_${i}`, currency: "USD", email: "bench@example.com" }),
  })),
];
if (values.out)
  writeFileSync(values.out, JSON.stringify({ at: new Date().toISOString(), url: values.url, results }, null, 2));
