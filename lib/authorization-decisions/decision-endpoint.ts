// The application's decision endpoint for one mode: set (a second set updates it, keeping its id
// and health), read with its health, delete. Every spend looks it up, so the lookup is cached per process for a second; a set or
// delete clears this process's entry at once, other processes see it within that second
// (docs/decisions/authorization-decisions.md).
import { prisma, type Db } from "@/lib/db/client";
import { DomainError } from "@/lib/errors";
import type { AuthorizationEndpoint } from "@/lib/generated/prisma/client";
import { newId } from "@/lib/ids";
import {
  DECISION_TIMEOUT,
  HEALTH_WINDOW,
  type AuthorizationEndpointHealth,
  type AuthorizationEndpointRecord,
  type SetAuthorizationEndpointBody,
} from "@/lib/schemas/authorization-endpoint";
import { decisionSchema } from "@/lib/schemas/authorization";
import type { Tenant } from "@/lib/tenant";
import { destinationRule, knownRefusal, vetEndpointUrl, type LookupHost } from "@/lib/webhooks/address-guard";

export type DecisionEndpoint = Pick<AuthorizationEndpoint, "id" | "url" | "timeoutMs" | "defaultAction">;

const CACHE_MS = 1_000;
// The read itself is kept (not its result), so the spends of a burst that find the entry expired
// share one read instead of each making its own.
const cache = new Map<string, { endpoint: Promise<DecisionEndpoint | null>; until: number }>();
const cacheKey = (tenant: Tenant) => `${tenant.applicationId}:${tenant.livemode ? "live" : "test"}`;

/** The endpoint a spend asks, or null; read at most once a second per application and mode here. */
export function findDecisionEndpoint(tenant: Tenant): Promise<DecisionEndpoint | null> {
  const key = cacheKey(tenant);
  const cached = cache.get(key);
  if (cached && cached.until > Date.now()) return cached.endpoint;
  // A plain promise, run once, that every spend of the burst awaits.
  const endpoint = (async () =>
    prisma().authorizationEndpoint.findUnique({
      where: { applicationId_livemode: { applicationId: tenant.applicationId, livemode: tenant.livemode } },
      select: { id: true, url: true, timeoutMs: true, defaultAction: true },
    }))();
  const entry = { endpoint, until: Date.now() + CACHE_MS };
  cache.set(key, entry);
  // A failed read is not kept: the next spend reads again.
  endpoint.catch(() => {
    if (cache.get(key) === entry) cache.delete(key);
  });
  return endpoint;
}

function notFound(tenant: Tenant): DomainError {
  return new DomainError(
    "authorization_endpoint_not_found",
    `No authorization decision endpoint is set in ${tenant.livemode ? "live" : "test"} mode.`,
  );
}

/**
 * The URL as stored, vetted by the rule webhook endpoints register under (checked again at every
 * send). It resolves the host, so it runs before the write's transaction, never inside it.
 */
export async function vetDecisionUrl(rawUrl: string, livemode: boolean, lookupHost?: LookupHost): Promise<string> {
  try {
    return (await vetEndpointUrl(rawUrl, destinationRule(livemode), lookupHost)).url.toString();
  } catch (error) {
    throw new DomainError("validation_failed", error instanceof Error ? error.message : String(error), {
      param: "url",
    });
  }
}

export async function setDecisionEndpoint(
  db: Db,
  tenant: Tenant,
  input: SetAuthorizationEndpointBody,
  /** From vetDecisionUrl. */
  url: string,
): Promise<AuthorizationEndpointRecord> {
  const now = new Date();
  // One statement, so two racing sets leave one endpoint (the later) instead of a unique violation.
  // Setting it again updates it: its id and createdAt stay, and with the id its health history (the
  // authorizations that name it); only DELETE then POST makes a new endpoint.
  const [row] = await db.$queryRaw<AuthorizationEndpoint[]>`
    INSERT INTO "AuthorizationEndpoint"
      ("id", "applicationId", "livemode", "url", "timeoutMs", "defaultAction", "createdAt", "updatedAt")
    VALUES (${newId("aep")}, ${tenant.applicationId}, ${tenant.livemode}, ${url},
      ${input.timeoutMs ?? DECISION_TIMEOUT.default}, ${input.defaultAction}, ${now}, ${now})
    ON CONFLICT ("applicationId", "livemode") DO UPDATE SET
      "url" = EXCLUDED."url", "timeoutMs" = EXCLUDED."timeoutMs",
      "defaultAction" = EXCLUDED."defaultAction", "updatedAt" = EXCLUDED."updatedAt"
    RETURNING *`;
  if (!row) throw new Error("setting the authorization endpoint returned no row");
  cache.delete(cacheKey(tenant));
  return endpointRecord(row, await endpointHealth(db, row.id));
}

export async function getDecisionEndpoint(db: Db, tenant: Tenant): Promise<AuthorizationEndpointRecord> {
  const row = await db.authorizationEndpoint.findUnique({
    where: { applicationId_livemode: { applicationId: tenant.applicationId, livemode: tenant.livemode } },
  });
  if (!row) throw notFound(tenant);
  return endpointRecord(row, await endpointHealth(db, row.id));
}

/** Removes the endpoint and returns what it was (the console's audit line names it). */
export async function deleteDecisionEndpoint(db: Db, tenant: Tenant): Promise<DecisionEndpoint> {
  const [deleted] = await db.$queryRaw<DecisionEndpoint[]>`
    DELETE FROM "AuthorizationEndpoint"
    WHERE "applicationId" = ${tenant.applicationId} AND "livemode" = ${tenant.livemode}
    RETURNING "id", "url", "timeoutMs", "defaultAction"`;
  cache.delete(cacheKey(tenant));
  if (!deleted) throw notFound(tenant);
  return deleted;
}

function endpointRecord(row: AuthorizationEndpoint, health: AuthorizationEndpointHealth): AuthorizationEndpointRecord {
  return {
    object: "authorization_endpoint",
    id: row.id,
    url: row.url,
    timeoutMs: row.timeoutMs,
    defaultAction: row.defaultAction === "approve" ? "approve" : "decline",
    livemode: row.livemode,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    health,
    // A URL set under another ALLOW_LOOPBACK_ENDPOINTS: kept, and said why nothing reaches it.
    refusal: knownRefusal(row.url, destinationRule(row.livemode)),
  };
}

function percentile(sorted: readonly number[], p: number): number | null {
  if (sorted.length === 0) return null;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? null;
}

/**
 * The endpoint's newest HEALTH_WINDOW decisions, read from the authorizations that asked it through
 * their (decisionEndpointId, createdAt) index: a bounded read, nothing kept on a row every spend
 * would have to update. Overloaded spends never reached the endpoint, so they count but have no latency.
 */
export async function endpointHealth(db: Db, endpointId: string): Promise<AuthorizationEndpointHealth> {
  const rows = await db.$queryRaw<{ id: string; createdAt: Date; decision: unknown }[]>`
    SELECT "id", "createdAt", "decision" FROM "Authorization"
    WHERE "decisionEndpointId" = ${endpointId}
    ORDER BY "createdAt" DESC
    LIMIT ${HEALTH_WINDOW}`;
  const health: AuthorizationEndpointHealth = {
    window: rows.length,
    approved: 0,
    declined: 0,
    timeouts: 0,
    invalidResponses: 0,
    errors: 0,
    overloaded: 0,
    p50LatencyMs: null,
    p95LatencyMs: null,
    lastAnswers: [],
  };
  const latencies: number[] = [];
  for (const row of rows) {
    const parsed = decisionSchema.safeParse(row.decision);
    if (!parsed.success) continue;
    const decision = parsed.data;
    // After an approval, a check that declined on the re-check keeps the endpoint's timing: it answered yes.
    const by = decision.by === "default" ? "default" : "application";
    const reason = decision.by === "application" || decision.by === "default" ? decision.reason : "approved";
    if (reason === "timeout") health.timeouts++;
    else if (reason === "invalid_response") health.invalidResponses++;
    else if (reason === "error") health.errors++;
    else if (reason === "overloaded") health.overloaded++;
    else if (reason === "declined") health.declined++;
    else health.approved++;
    if (decision.latencyMs !== undefined && reason !== "overloaded") latencies.push(decision.latencyMs);
    if (health.lastAnswers.length < 10) {
      health.lastAnswers.push({
        authorizationId: row.id,
        at: row.createdAt.toISOString(),
        by,
        reason,
        latencyMs: decision.latencyMs ?? null,
        statusCode: decision.statusCode ?? null,
      });
    }
  }
  latencies.sort((a, b) => a - b);
  health.p50LatencyMs = percentile(latencies, 50);
  health.p95LatencyMs = percentile(latencies, 95);
  return health;
}
