// Finds one authorization of the caller's application and mode, optionally locking its row, or answers 404.
import type { Db } from "@/lib/db/client";
import { DomainError } from "@/lib/errors";
import type { Tenant } from "@/lib/tenant";

export async function findAuthorization(db: Db, tenant: Tenant, authorizationId: string, lock = false) {
  if (lock) {
    // Captures and refunds of one authorization run one at a time, each seeing the last one's amounts.
    await db.$queryRaw`SELECT 1 FROM "Authorization" WHERE id = ${authorizationId} AND "applicationId" = ${tenant.applicationId} AND livemode = ${tenant.livemode} FOR UPDATE`;
  }
  const auth = await db.authorization.findFirst({
    where: { id: authorizationId, applicationId: tenant.applicationId, livemode: tenant.livemode },
    include: { wallet: { select: { id: true, externalUserId: true } } },
  });
  if (!auth)
    throw new DomainError("authorization_not_found", `No authorization ${authorizationId} exists.`, { param: "id" });
  return auth;
}
