// The part of a spend that happens before its transaction when the application has a decision
// endpoint (docs/decisions/authorization-decisions.md): the service's own checks on an unlocked read
// (a decline there never asks), then one signed POST outside any transaction and without a database
// connection held, bounded by the endpoint's timeoutMs, its answer read to at most ANSWER_BYTES, no
// redirect followed. Whatever comes back (or does not) becomes a PriorDecision that spend-card.ts
// records under the usual locks after checking funds and controls again.
import { checkSpend, type PriorDecision, type SpendSource } from "@/lib/authorizations/spend-card";
import { config } from "@/lib/config";
import { prisma } from "@/lib/db/client";
import { newId } from "@/lib/ids";
import { availableMinor } from "@/lib/ledger/accounts";
import { toMajor, toMinor } from "@/lib/money/amount";
import type { AuthorizationDecision, AuthorizeBody } from "@/lib/schemas/authorization";
import {
  DECISION_REQUEST_EVENT,
  decisionAnswerSchema,
  type DecisionRequest,
} from "@/lib/schemas/authorization-endpoint";
import type { Tenant } from "@/lib/tenant";
import { SCHEMA_VERSION } from "@/lib/version";
import { openWebhookSecret } from "@/lib/applications/webhook-secret";
import type { LookupHost } from "@/lib/webhooks/address-guard";
import { signedRequest, type SigningSecrets } from "@/lib/webhooks/envelope";
import { sendWebhookRequest, type SendResult } from "@/lib/webhooks/send-request";
import { modeSigningSecrets } from "@/lib/webhooks/signing-secrets";
import { overloadCounters } from "@/lib/platform/overload-counters";
import { remainingMs } from "@/lib/platform/request-deadline";
import { findDecisionEndpoint, type DecisionEndpoint } from "./decision-endpoint";
import { noteDecisionOutcome } from "./failing-endpoint";
import { releaseDecisionSlot, tryTakeDecisionSlot } from "./in-flight";
import { preCheckReader } from "./pre-check-reader";
import { observeDecisionCall } from "@/lib/metrics/metrics";

/**
 * Of a spend's deadline (docs/decisions/overload.md), what is kept for recording the outcome after
 * asking; a window shorter than this plus DECISION_MIN_ASK_MS answers the stand-in rule at once.
 */
export const DECISION_RECORD_RESERVE_MS = 300;
const DECISION_MIN_ASK_MS = 50;

/** An answer is read to this many bytes at most: 20 metadata keys of 40 and values of 500 fit with room. */
export const ANSWER_BYTES = 16 * 1024;

export type AskOptions = { lookupHost?: LookupHost };

type Asked = Extract<PriorDecision, { kind: "asked" }>;
type Answer = Pick<Asked, "approved" | "amount" | "metadata" | "decision">;

const SECRETS_CACHE_MS = 1_000;
const secretsCache = new Map<string, { secrets: SigningSecrets; until: number }>();

/**
 * The mode's secrets as a webhook attempt reads them, opened, kept a second per application and mode:
 * every decision would otherwise read them again. A roll activating within that second signs with the
 * outgoing secret and the incoming one beside it (the pending signature), which receivers accept.
 */
async function signingSecrets(tenant: Tenant): Promise<SigningSecrets> {
  const key = inFlightKey(tenant);
  const cached = secretsCache.get(key);
  if (cached && cached.until > Date.now()) return cached.secrets;
  const rows = await modeSigningSecrets(prisma(), tenant.applicationId, tenant.livemode);
  const secrets = {
    current: openWebhookSecret(rows.current.sealed),
    pending: rows.pending ? openWebhookSecret(rows.pending.sealed) : null,
  };
  secretsCache.set(key, { secrets, until: Date.now() + SECRETS_CACHE_MS });
  return secrets;
}

export function inFlightKey(tenant: Tenant): string {
  return `${tenant.applicationId}:${tenant.livemode ? "live" : "test"}`;
}

/**
 * Undefined when the application has no decision endpoint in this mode (the spend runs as it always
 * did); otherwise what the spend's transaction is to record.
 */
export async function askForDecision(
  tenant: Tenant,
  cardId: string,
  input: AuthorizeBody,
  source: SpendSource,
  options: AskOptions = {},
): Promise<PriorDecision | undefined> {
  const endpoint = await findDecisionEndpoint(tenant);
  if (!endpoint) return undefined;
  // Over node-postgres, not Prisma: the statement a decided spend adds, at a fifth of the CPU (pre-check-reader.ts).
  const checked = await checkSpend(preCheckReader, tenant, cardId, input, { lock: false });
  if (checked.decline) return { kind: "declined_before_asking", decline: checked.decline };

  const authorizationId = newId("auth");
  const asked = { kind: "asked", authorizationId, endpointId: endpoint.id } as const;
  // Within the request's window: an answer after it is thrown away by the caller while the hold stays.
  const left = remainingMs();
  const timeoutMs =
    left === undefined ? endpoint.timeoutMs : Math.min(endpoint.timeoutMs, left - DECISION_RECORD_RESERVE_MS);
  if (timeoutMs < DECISION_MIN_ASK_MS) {
    overloadCounters().decisionsDefaulted += 1;
    return { ...asked, ...fallback(endpoint, "overloaded") };
  }
  const key = inFlightKey(tenant);
  if (!tryTakeDecisionSlot(key, config().AUTHORIZATION_DECISIONS_IN_FLIGHT)) {
    return { ...asked, ...fallback(endpoint, "overloaded") };
  }
  try {
    const { card, account, currency, requested } = checked;
    const data: DecisionRequest["data"] = {
      authorizationId,
      amount: toMajor(requested, currency),
      currency,
      merchant: {
        name: input.merchant.name,
        category: input.merchant.category ?? null,
        country: input.merchant.country ?? null,
      },
      card: { id: card.id, last4: card.last4 },
      wallet: {
        id: card.walletId,
        externalUserId: card.wallet.externalUserId,
        availableBalance: toMajor(availableMinor(account), currency),
      },
      source,
      livemode: tenant.livemode,
    };
    const result = await sendDecisionRequest(tenant, { ...endpoint, timeoutMs }, data, options);
    const answer = interpretAnswer(result, endpoint, requested, currency);
    observeDecisionCall(answer.decision.reason, result.latencyMs / 1000);
    // Not awaited: a streak's decision_endpoint.failing is recorded off the spend's path.
    void noteDecisionOutcome(tenant, endpoint, answer.decision.reason);
    return { ...asked, ...answer };
  } finally {
    releaseDecisionSlot(key);
  }
}

/** One signed POST of a decision request; never throws (the send records what went wrong). */
async function sendDecisionRequest(
  tenant: Tenant,
  endpoint: DecisionEndpoint,
  data: DecisionRequest["data"],
  options: AskOptions,
): Promise<SendResult> {
  const secrets = await signingSecrets(tenant);
  const envelope: DecisionRequest = {
    id: newId("areq"),
    event: DECISION_REQUEST_EVENT,
    schema_version: SCHEMA_VERSION,
    sent_at: new Date().toISOString(),
    data,
  };
  // Signed exactly as a webhook attempt (the same function and headers), with the mode's secret in use.
  const request = signedRequest(envelope, envelope.id, secrets);
  return sendWebhookRequest({
    url: endpoint.url,
    body: request.body,
    headers: request.headers,
    livemode: tenant.livemode,
    timeoutMs: endpoint.timeoutMs,
    lookupHost: options.lookupHost,
    answerBytes: ANSWER_BYTES,
    separatePool: { name: "decisions", connections: config().AUTHORIZATION_DECISIONS_IN_FLIGHT },
    spanName: "authorization.decision",
  });
}

/**
 * The console's "Send a test request": a sample spend of 12.50 USD (ids prefixed test_, no card or
 * wallet of yours) sent as a real one is, and what the answer would decide; nothing is recorded.
 * Counts against the in-flight cap like a spend.
 */
export async function testDecisionEndpoint(
  tenant: Tenant,
  endpoint: DecisionEndpoint,
  options: AskOptions = {},
): Promise<Answer> {
  const key = inFlightKey(tenant);
  if (!tryTakeDecisionSlot(key, config().AUTHORIZATION_DECISIONS_IN_FLIGHT)) return fallback(endpoint, "overloaded");
  try {
    const requested = 1250n;
    const result = await sendDecisionRequest(
      tenant,
      endpoint,
      {
        authorizationId: `auth_test_${newId("auth").slice(5)}`,
        amount: 12.5,
        currency: "USD",
        merchant: { name: "Console test merchant", category: "5814", country: "US" },
        card: { id: "card_test", last4: "4242" },
        wallet: { id: "wal_test", externalUserId: "console_test_user", availableBalance: 100 },
        source: "tap",
        livemode: tenant.livemode,
      },
      options,
    );
    return interpretAnswer(result, endpoint, requested, "USD");
  } finally {
    releaseDecisionSlot(key);
  }
}

function fallback(
  endpoint: Pick<DecisionEndpoint, "defaultAction">,
  reason: "timeout" | "invalid_response" | "error" | "overloaded",
  timing: Pick<AuthorizationDecision, "latencyMs" | "statusCode"> = {},
): Answer {
  return {
    approved: endpoint.defaultAction === "approve",
    decision: { by: "default", reason, ...timing },
    metadata: {},
  };
}

/** What an exchange decides: a usable 2xx answer, else the endpoint's defaultAction with the reason. */
export function interpretAnswer(
  result: SendResult,
  endpoint: Pick<DecisionEndpoint, "defaultAction">,
  requested: bigint,
  currency: string,
): Answer {
  const timing = {
    latencyMs: result.latencyMs,
    ...(result.statusCode !== null ? { statusCode: result.statusCode } : {}),
  };
  if (result.timedOut) return fallback(endpoint, "timeout", timing);
  // Refused, reset, blocked by the address guard, a redirect (never followed), a non-2xx.
  if (result.statusCode === null || result.statusCode < 200 || result.statusCode >= 300)
    return fallback(endpoint, "error", timing);
  // A 2xx whose body ran past ANSWER_BYTES.
  if (result.error !== null) return fallback(endpoint, "invalid_response", timing);
  let json: unknown;
  try {
    json = JSON.parse(result.responseExcerpt ?? "");
  } catch {
    return fallback(endpoint, "invalid_response", timing);
  }
  const parsed = decisionAnswerSchema.safeParse(json);
  if (!parsed.success) return fallback(endpoint, "invalid_response", timing);
  const answer = parsed.data;
  const metadata = answer.metadata ?? {};
  if (!answer.approved) {
    return { approved: false, decision: { by: "application", reason: "declined", ...timing }, metadata };
  }
  if (answer.amount === undefined) {
    return { approved: true, decision: { by: "application", reason: "approved", ...timing }, metadata };
  }
  let amount: bigint;
  try {
    amount = toMinor(answer.amount, currency);
  } catch {
    // More decimals than the currency has.
    return fallback(endpoint, "invalid_response", timing);
  }
  if (amount > requested || amount <= 0n) return fallback(endpoint, "invalid_response", timing);
  const reason = amount < requested ? "partially_approved" : "approved";
  return { approved: true, amount, decision: { by: "application", reason, ...timing }, metadata };
}
