// What every endpoint and secret change made through the API shares: the key that made it (for the
// audit line the console's own change writes, with the key in place of the member), finding the
// key's application's endpoint in its mode, and the domain's refusals as the API's error codes.
import { recordAudit, type AuditAction } from "@/lib/audit/record-audit";
import type { Db } from "@/lib/db/client";
import { DomainError } from "@/lib/errors";
import type { Prisma, WebhookEndpoint } from "@/lib/generated/prisma/client";
import type { Tenant } from "@/lib/tenant";
import { EndpointError } from "./endpoints";

/** The API key a change came through, and the client address it came from. */
export type ApiCaller = { keyId: string; address: string | null };

/**
 * One audit line, filed under the application like the console's, naming no member (merchantId
 * null) but the key: `via: "api"` and `apiKeyId` in the detail say who, the address from where.
 */
export async function auditApiChange(
  tx: Db,
  tenant: Tenant,
  caller: ApiCaller,
  action: AuditAction,
  detail: Prisma.InputJsonObject,
): Promise<void> {
  await recordAudit(
    tx,
    { merchantId: null, ipAddress: caller.address },
    { applicationId: tenant.applicationId, action, detail: { ...detail, via: "api", apiKeyId: caller.keyId } },
  );
}

/** The tenant's endpoint, locked for the change; another application's, another mode's or a deleted one is not found. */
export async function endpointForChange(tx: Db, tenant: Tenant, id: string): Promise<WebhookEndpoint> {
  const [row] = await tx.$queryRaw<{ id: string }[]>`
    SELECT "id" FROM "WebhookEndpoint"
    WHERE "id" = ${id} AND "applicationId" = ${tenant.applicationId} AND "livemode" = ${tenant.livemode}
      AND "deletedAt" IS NULL
    FOR UPDATE`;
  const endpoint = row && (await tx.webhookEndpoint.findUnique({ where: { id: row.id } }));
  if (!endpoint) throw new DomainError("endpoint_not_found", `No webhook endpoint ${id}.`, { param: "id" });
  return endpoint;
}

/** Runs a change of the endpoints domain, its refusals (URL, kinds) as the API's codes. */
export async function asApiRefusals<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (!(error instanceof EndpointError)) throw error;
    if (error.input === "events") throw new DomainError("validation_failed", error.message, { param: "events" });
    throw new DomainError("endpoint_url_refused", error.message, { param: "url" });
  }
}
