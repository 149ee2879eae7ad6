// The benchmark's baseline: a bare node:http server (no framework, no ORM) doing, per scenario, the
// same work as our route: the same SQL through `pg` in the same transactions (./sql.ts), the same
// Redis rate-limit call (@upstash/ratelimit over our TCP requester), the same JSON and headers.
// It stands for the limit of our stack on this machine. Run by bench/run.ts; env: PORT,
// DATABASE_URL, REDIS_URL, RATE_LIMIT_PREFIX, API_RATE_LIMIT_PER_MINUTE, BENCH_OPENAPI_FILE.
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import http from "node:http";
import { Redis } from "@upstash/redis";
import pg from "pg";
import { canonicalJson } from "@/lib/http/canonical-json";
import { ApiError, DomainError, errorBody } from "@/lib/http/errors";
import { newId } from "@/lib/ids";
import { hashKeySecret, keyModeOf } from "@/lib/keys/api-key-secret";
import { isAddressAllowed } from "@/lib/keys/ip-allowlist";
import { hasScope, type Scope } from "@/lib/keys/scopes";
import { toMajor, toMinor } from "@/lib/money/amount";
import { currencyExponent } from "@/lib/money/currencies";
import { TcpConnection } from "@/lib/platform/redis-tcp-connection";
import { createTcpRequester } from "@/lib/platform/redis-tcp-requester";
import { createUpstashRateLimiter } from "@/lib/ratelimit/upstash-limiter";
import type { Tenant } from "@/lib/tenant";
import { SCHEMA_VERSION } from "@/lib/version";
import type { Prisma } from "@/lib/generated/prisma/client";
import { controlsRecord, readControls } from "@/lib/spending-controls/controls";
import { NOTHING_SPENT, spendingUsage } from "@/lib/spending-controls/usage";
import {
  authorizeSpend,
  claimIdempotencyKey,
  completeIdempotencyKey,
  findKey,
  findWallet,
  inTransaction,
  insertWallet,
  readSpendingTotals,
  releaseIdempotencyKey,
  touchKey,
  transferBetweenWallets,
  type AccountRow,
  type AuthorizationRow,
  type KeyRow,
  type TransferOutcome,
  type WalletRow,
} from "./sql";

function required(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set`);
  return value;
}

const pool = new pg.Pool({ connectionString: required("DATABASE_URL"), max: 10 });
pool.on("error", () => undefined);
const limiter = createUpstashRateLimiter(new Redis(createTcpRequester(new TcpConnection(required("REDIS_URL")))), {
  name: "api-key",
  limit: Number(process.env.API_RATE_LIMIT_PER_MINUTE ?? 60),
  windowSeconds: 60,
});
const openApiDocument = readFileSync(required("BENCH_OPENAPI_FILE"));

// As ours (lib/keys/api-key-cache.ts): found keys kept in memory for 60 s at most, misses never
// kept, and a key forgotten when a notification on api_key_changed names it.
const KEY_TTL_MS = 60_000;
const keys = new Map<string, { key: KeyRow; expires: number }>();
const keyListener = new pg.Client({ connectionString: required("DATABASE_URL") });
keyListener.on("error", () => undefined);
keyListener.on("notification", (message) => {
  const hashedKey = message.payload ? (JSON.parse(message.payload) as { hashedKey?: string }).hashedKey : undefined;
  if (hashedKey) keys.delete(hashedKey);
  else keys.clear();
});
await keyListener.connect();
await keyListener.query("LISTEN api_key_changed");

async function cachedKey(hashedKey: string): Promise<KeyRow | undefined> {
  const held = keys.get(hashedKey);
  if (held && held.expires > Date.now()) return held.key;
  const key = await findKey(pool, hashedKey);
  if (key) keys.set(hashedKey, { key, expires: Date.now() + KEY_TTL_MS });
  return key;
}

const SDK = "/api/public/sdk/v1";
const LAST_USED_RESOLUTION_MS = 60_000;
const IDEMPOTENCY_KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;
const EXTERNAL_USER_ID = /^[A-Za-z0-9_.:@-]{1,128}$/;

type Answer = { status: number; body: string | Buffer; headers?: Record<string, string> };

function baseHeaders(requestId: string): Record<string, string> {
  return { "x-request-id": requestId, "x-service-schema-version": SCHEMA_VERSION };
}

function errorAnswer(error: ApiError, requestId: string): Answer {
  return { status: error.status, body: JSON.stringify(errorBody(error, requestId)) };
}

function readBody(request: http.IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    request.on("error", reject);
  });
}

function parseJson(text: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(text);
    if (value !== null && typeof value === "object" && !Array.isArray(value)) return value as Record<string, unknown>;
  } catch {
    // answered below
  }
  throw new ApiError("invalid_json", "The body must be a JSON object.");
}

function invalid(param: string): ApiError {
  return new ApiError("validation_failed", `${param} is invalid.`, { param });
}

// --- the pipeline steps (lib/http/authenticate.ts, rate-limit.ts, authorize.ts) ---

async function authenticate(
  request: http.IncomingMessage,
  headers: Record<string, string>,
  scope: Scope,
): Promise<Tenant> {
  const secret = /^Bearer\s+(\S+)$/i.exec((request.headers.authorization ?? "").trim())?.[1];
  if (!secret || !keyModeOf(secret)) {
    throw new ApiError("invalid_api_key", "The Authorization header must carry an sk_test_ or sk_live_ key.");
  }
  const key = await cachedKey(hashKeySecret(secret));
  // Ours counts an unknown key against the client address before refusing it; the benchmark's keys all exist.
  if (!key) throw new ApiError("invalid_api_key", "No API key matches the one provided.");
  if (key.revokedAt) throw new ApiError("revoked_api_key", "This API key has been revoked.");
  if (!key.lastUsedAt || Date.now() - key.lastUsedAt.getTime() > LAST_USED_RESOLUTION_MS) {
    key.lastUsedAt = new Date();
    touchKey(pool, key.id).catch(() => undefined);
  }
  const limit = await limiter.limit(key.id);
  headers["x-ratelimit-limit"] = String(limit.limit);
  headers["x-ratelimit-remaining"] = String(Math.max(0, limit.remaining));
  headers["x-ratelimit-reset"] = String(Math.max(0, Math.ceil((limit.reset - Date.now()) / 1000)));
  if (!limit.success) {
    headers["retry-after"] = "60";
    throw new ApiError("rate_limited", `Too many requests: the limit is ${limit.limit} per minute.`);
  }
  if (!hasScope(key.scopes, scope)) {
    throw new ApiError("scope_missing", `This API key lacks the ${scope} scope needed here.`);
  }
  const address = (request.socket.remoteAddress ?? "unknown").replace(/^::ffff:(?=\d+\.)/, "");
  if (!isAddressAllowed(key.allowedIps, address)) {
    throw new ApiError("ip_not_allowed", `Requests from ${address} are not allowed for this API key.`);
  }
  return { applicationId: key.applicationId, livemode: key.livemode };
}

// --- the records as the API returns them (lib/wallets/wallet-record.ts, lib/authorizations/authorization-record.ts) ---

/** `totals`: the wallet's running totals now (readSpendingTotals); none for a wallet just made. */
function walletRecord(
  wallet: WalletRow,
  account: AccountRow | undefined,
  totals: ReadonlyMap<string, bigint> = NOTHING_SPENT,
  at = new Date(),
): Record<string, unknown> {
  // The spending fields with our own pure functions: the same figures from the same rows.
  const controls = readControls((wallet.spendingControls ?? null) as Prisma.JsonValue | null);
  const posted = BigInt(account?.postedMinor ?? "0");
  const held = BigInt(account?.heldMinor ?? "0");
  return {
    id: wallet.id,
    object: "wallet",
    externalUserId: wallet.externalUserId,
    email: wallet.email,
    name: wallet.name,
    address: wallet.address ?? null,
    currency: wallet.currency,
    accountNumber: wallet.accountNumber,
    status: wallet.status,
    balance: { available: toMajor(posted - held, wallet.currency), posted: toMajor(posted, wallet.currency) },
    spendingControls: controlsRecord(controls, wallet.currency),
    spending: spendingUsage(controls, totals, wallet.currency, at),
    livemode: wallet.livemode,
    createdAt: wallet.createdAt.toISOString(),
  };
}

function authorizationRecord(row: AuthorizationRow, externalUserId: string): Record<string, unknown> {
  return {
    id: row.id,
    object: "authorization",
    cardId: row.cardId,
    walletId: row.walletId,
    externalUserId,
    amount: toMajor(BigInt(row.amount), row.currency),
    currency: row.currency,
    status: row.status,
    declineCode: row.declineCode,
    capturedAmount: toMajor(BigInt(row.capturedAmount), row.currency),
    refundedAmount: toMajor(BigInt(row.refundedAmount), row.currency),
    merchant: {
      name: row.merchant.name ?? "",
      category: row.merchant.category ?? null,
      country: row.merchant.country ?? null,
    },
    source: row.source,
    livemode: row.livemode,
    expiresAt: row.expiresAt?.toISOString() ?? null,
    // The baseline asks no decision endpoint: what ours records for a spend without one.
    requestedAmount: null,
    decision: { by: "default", reason: "no_endpoint" },
    metadata: {},
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

function transferRecord({ transfer, from, to }: TransferOutcome): Record<string, unknown> {
  return {
    id: transfer.id,
    object: "transfer",
    from: { type: "wallet", walletId: from.id, externalUserId: from.externalUserId },
    to: { type: "wallet", walletId: to.id, externalUserId: to.externalUserId },
    amount: toMajor(BigInt(transfer.amount), transfer.currency),
    currency: transfer.currency,
    description: transfer.description,
    metadata: transfer.metadata ?? {},
    livemode: transfer.livemode,
    createdAt: transfer.createdAt.toISOString(),
  };
}

// --- the routes ---

async function getWallet(
  request: http.IncomingMessage,
  headers: Record<string, string>,
  externalUserId: string,
): Promise<Answer> {
  const tenant = await authenticate(request, headers, "wallets:read");
  if (!EXTERNAL_USER_ID.test(externalUserId)) throw invalid("externalUserId");
  const found = await findWallet(pool, tenant, externalUserId);
  if (!found) {
    throw new ApiError("wallet_not_found", `No wallet exists for externalUserId ${externalUserId}.`, {
      param: "externalUserId",
    });
  }
  const at = new Date();
  const totals = await readSpendingTotals(pool, found.wallet.id, at);
  return { status: 200, body: JSON.stringify(walletRecord(found.wallet, found.account, totals, at)) };
}

async function createWallet(
  request: http.IncomingMessage,
  headers: Record<string, string>,
  requestId: string,
): Promise<Answer> {
  const tenant = await authenticate(request, headers, "wallets:write");
  const raw = parseJson(await readBody(request));
  const { externalUserId, currency, email, name } = raw;
  if (typeof externalUserId !== "string" || !EXTERNAL_USER_ID.test(externalUserId)) throw invalid("externalUserId");
  if (typeof currency !== "string" || currencyExponent(currency) === undefined) throw invalid("currency");
  if (typeof email !== "string" || !email.includes("@")) throw invalid("email");
  if (name !== undefined && typeof name !== "string") throw invalid("name");
  const input = { externalUserId, currency, email, name: name ?? null };

  const key = request.headers["idempotency-key"];
  if (typeof key !== "string") {
    const record = await inTransaction(pool, (tx) => insertWallet(tx, tenant, input, walletRecord));
    return { status: 201, body: JSON.stringify({ ...record, idempotent_replay: false }) };
  }
  if (!IDEMPOTENCY_KEY_PATTERN.test(key)) throw invalid("Idempotency-Key");
  const fingerprint = createHash("sha256")
    .update(`POST ${SDK}/wallets\n${canonicalJson(raw)}`)
    .digest("hex");
  const claim = await claimIdempotencyKey(pool, tenant, key, fingerprint);
  if (claim.kind === "replay") {
    headers["idempotent-replayed"] = "true";
    const body =
      claim.status >= 400 ? claim.body : JSON.stringify({ ...parseJson(claim.body), idempotent_replay: true });
    return { status: claim.status, body };
  }
  try {
    const text = await inTransaction(pool, async (tx) => {
      const record = await insertWallet(tx, tenant, input, walletRecord);
      const rendered = JSON.stringify({ ...record, idempotent_replay: false });
      await completeIdempotencyKey(tx, claim.recordId, 201, rendered);
      return rendered;
    });
    return { status: 201, body: text };
  } catch (error) {
    if (error instanceof ApiError && error.status === 409) {
      const refusal = errorAnswer(error, requestId);
      await completeIdempotencyKey(pool, claim.recordId, refusal.status, String(refusal.body));
    } else {
      await releaseIdempotencyKey(pool, claim.recordId).catch(() => undefined);
    }
    throw error;
  }
}

async function spend(
  request: http.IncomingMessage,
  headers: Record<string, string>,
  cardId: string,
  requestId: string,
): Promise<Answer> {
  const tenant = await authenticate(request, headers, "transactions:write");
  const raw = parseJson(await readBody(request));
  const { amount, currency, merchant } = raw;
  if (typeof amount !== "number" || amount <= 0) throw invalid("amount");
  if (currency !== undefined && typeof currency !== "string") throw invalid("currency");
  if (merchant === null || typeof merchant !== "object") throw invalid("merchant");
  const { name, category, country } = merchant as Record<string, unknown>;
  if (typeof name !== "string") throw invalid("merchant.name");
  if (category !== undefined && typeof category !== "string") throw invalid("merchant.category");
  if (country !== undefined && typeof country !== "string") throw invalid("merchant.country");

  const outcome = await inTransaction(pool, (tx) =>
    authorizeSpend(
      tx,
      tenant,
      cardId,
      { currency, amountFor: (c) => toMinor(amount, c), merchant: { name, category, country } },
      authorizationRecord,
    ),
  );
  const record = authorizationRecord(outcome.authorization, outcome.externalUserId);
  if (outcome.decline) {
    const { code, message } = outcome.decline;
    return errorAnswer(new ApiError(code, message, { extra: { authorization: record } }), requestId);
  }
  return { status: 201, body: JSON.stringify({ ...record, idempotent_replay: false }) };
}

/** A wallet's side of a transfer body: `{"type":"wallet","externalUserId":"…"}` (the benchmark sends no other). */
function walletParty(value: unknown, param: "from" | "to"): string {
  if (value === null || typeof value !== "object") throw invalid(param);
  const { type, externalUserId, ...rest } = value as Record<string, unknown>;
  if (type !== "wallet" || Object.keys(rest).length > 0) throw invalid(param);
  if (typeof externalUserId !== "string" || !EXTERNAL_USER_ID.test(externalUserId))
    throw invalid(`${param}.externalUserId`);
  return externalUserId;
}

/**
 * Scenario 5f: POST /transfers between two wallets, with an Idempotency-Key (ours runs it through
 * the same claim, transaction and stored response as a wallet's creation).
 */
async function createTransfer(
  request: http.IncomingMessage,
  headers: Record<string, string>,
  requestId: string,
): Promise<Answer> {
  const tenant = await authenticate(request, headers, "transactions:write");
  const raw = parseJson(await readBody(request));
  const { from, to, amount, currency, ...rest } = raw;
  if (Object.keys(rest).length > 0) throw invalid(Object.keys(rest)[0] ?? "body");
  const fromUserId = walletParty(from, "from");
  const toUserId = walletParty(to, "to");
  if (typeof currency !== "string" || currencyExponent(currency) === undefined) throw invalid("currency");
  if (typeof amount !== "number" || !Number.isFinite(amount) || amount <= 0) throw invalid("amount");
  if (fromUserId === toUserId) {
    throw new ApiError("validation_failed", "A transfer cannot go from a wallet to itself.", { param: "to" });
  }
  const input = { fromUserId, toUserId, currency, amount: toMinor(amount, currency) };

  const key = request.headers["idempotency-key"];
  if (typeof key !== "string") {
    const record = await inTransaction(pool, (tx) => transferBetweenWallets(tx, tenant, input, transferRecord));
    return { status: 201, body: JSON.stringify({ ...record, idempotent_replay: false }) };
  }
  if (!IDEMPOTENCY_KEY_PATTERN.test(key)) throw invalid("Idempotency-Key");
  const fingerprint = createHash("sha256")
    .update(`POST ${SDK}/transfers\n${canonicalJson(raw)}`)
    .digest("hex");
  const claim = await claimIdempotencyKey(pool, tenant, key, fingerprint);
  if (claim.kind === "replay") {
    headers["idempotent-replayed"] = "true";
    const body =
      claim.status >= 400 ? claim.body : JSON.stringify({ ...parseJson(claim.body), idempotent_replay: true });
    return { status: claim.status, body };
  }
  try {
    const text = await inTransaction(pool, async (tx) => {
      const record = await transferBetweenWallets(tx, tenant, input, transferRecord);
      const rendered = JSON.stringify({ ...record, idempotent_replay: false });
      await completeIdempotencyKey(tx, claim.recordId, 201, rendered);
      return rendered;
    });
    return { status: 201, body: text };
  } catch (error) {
    // As ours (lib/http/run-write.ts): a refusal is kept as the key's answer; anything else frees the key.
    if (error instanceof ApiError && error.status > 400 && error.status < 500) {
      const refusal = errorAnswer(error, requestId);
      await completeIdempotencyKey(pool, claim.recordId, refusal.status, String(refusal.body));
    } else {
      await releaseIdempotencyKey(pool, claim.recordId).catch(() => undefined);
    }
    throw error;
  }
}

/**
 * Scenario 5e's simulator authorization: the same spend as 5a, answered in the simulator's shape
 * (200, the outcome around the authorization). The baseline records no network step: compare ours
 * in 5e with ours in 5a for what the card network lifecycle adds.
 */
async function networkAuthorization(
  request: http.IncomingMessage,
  headers: Record<string, string>,
  cardId: string,
  requestId: string,
): Promise<Answer> {
  const answer = await spend(request, headers, cardId, requestId);
  if (answer.status !== 201) return answer;
  const { idempotent_replay: _replay, ...authorization } = JSON.parse(String(answer.body)) as Record<string, unknown>;
  const body = {
    object: "network_message",
    kind: "authorization",
    networkId: `sim_${newId("req").slice(4)}`,
    result: "approved",
    replayed: false,
    approvedAmount: authorization.amount,
    balanceAfter: null,
    declineCode: null,
    declineMessage: null,
    authorization,
    idempotent_replay: false,
  };
  return { status: 200, body: JSON.stringify(body) };
}

async function route(
  request: http.IncomingMessage,
  headers: Record<string, string>,
  requestId: string,
): Promise<Answer> {
  const path = (request.url ?? "/").split("?")[0] ?? "/";
  if (request.method === "GET" && path === "/api/public/openapi.json") {
    return { status: 200, body: openApiDocument, headers: { "cache-control": "public, max-age=300" } };
  }
  if (request.method === "POST" && path === `${SDK}/wallets`) return createWallet(request, headers, requestId);
  if (request.method === "POST" && path === `${SDK}/transfers`) return createTransfer(request, headers, requestId);
  const wallet = /^\/api\/public\/sdk\/v1\/wallets\/([^/]+)$/.exec(path);
  if (request.method === "GET" && wallet?.[1]) return getWallet(request, headers, decodeURIComponent(wallet[1]));
  const card = /^\/api\/public\/sdk\/v1\/cards\/([^/]+)\/authorizations$/.exec(path);
  if (request.method === "POST" && card?.[1]) return spend(request, headers, decodeURIComponent(card[1]), requestId);
  const network = /^\/api\/public\/sdk\/v1\/test\/cards\/([^/]+)\/network\/authorization$/.exec(path);
  if (request.method === "POST" && network?.[1]) {
    return networkAuthorization(request, headers, decodeURIComponent(network[1]), requestId);
  }
  throw new ApiError("route_not_found", "No such route.");
}

const server = http.createServer((request, response) => {
  const requestId = newId("req");
  const headers = baseHeaders(requestId);
  route(request, headers, requestId)
    .catch((error: unknown) => {
      if (error instanceof DomainError) return errorAnswer(ApiError.from(error), requestId);
      console.error(error);
      return errorAnswer(new ApiError("internal_error", "Something went wrong on our side."), requestId);
    })
    .then((answer) => {
      // Drain an unread body (a refusal before parsing) so the keep-alive connection stays usable.
      request.resume();
      response.writeHead(answer.status, {
        ...headers,
        ...answer.headers,
        "content-type": "application/json; charset=utf-8",
      });
      response.end(answer.body);
    });
});
server.keepAliveTimeout = 65_000;
server.listen(Number(process.env.PORT ?? 3401), "127.0.0.1", () =>
  console.log(`baseline ready on ${process.env.PORT}`),
);

const stop = () => {
  server.close();
  void pool.end().finally(() => process.exit(0));
  setTimeout(() => process.exit(0), 3000).unref();
};
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
