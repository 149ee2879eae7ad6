// The hold-expiry job's work (queued by hold-expiry.ts at approval, run by
// lib/jobs/authorization-expiry.ts), and test mode's "expire it now".
import type { Db } from "@/lib/db/client";
import type { PrismaClient } from "@/lib/generated/prisma/client";
import type { AuthorizationRecord } from "@/lib/schemas/authorization";
import type { Tenant } from "@/lib/tenant";
import { findAuthorization } from "./find-authorization";
import { releaseHold } from "./release-hold";
import { requirePending } from "./require-pending";

/**
 * The expiry job's work: expires the authorization's hold if it is still pending, or does nothing.
 * The row lock makes several workers (or a job run again after a crash) expire it once: the second
 * waits, then reads the hold already ended. Returns the expired authorization, or null.
 */
export async function expireHold(db: PrismaClient, authorizationId: string): Promise<AuthorizationRecord | null> {
  return db.$transaction(async (tx) => {
    // Not scoped to a tenant: the job was queued by the approval itself, and the row names its own.
    await tx.$queryRaw`SELECT 1 FROM "Authorization" WHERE "id" = ${authorizationId} FOR UPDATE`;
    const auth = await tx.authorization.findUnique({
      where: { id: authorizationId },
      include: { wallet: { select: { externalUserId: true } } },
    });
    if (!auth || auth.status !== "pending") return null;
    return releaseHold(tx, { applicationId: auth.applicationId, livemode: auth.livemode }, auth, "expired");
  });
}

/** Test mode: expires a pending hold now, as its job would at expiresAt; any other status is 409. */
export async function expireAuthorizationNow(
  tx: Db,
  tenant: Tenant,
  authorizationId: string,
): Promise<AuthorizationRecord> {
  const auth = await findAuthorization(tx, tenant, authorizationId, true);
  requirePending(auth, "expired");
  return releaseHold(tx, tenant, auth, "expired");
}
