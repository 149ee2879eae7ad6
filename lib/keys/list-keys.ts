// An application's API keys in one mode, newest first, as lists show them: never the secret or its
// hash, only the fragments a person recognises a key by. The caller pages it (a Keyset).
import type { Db } from "@/lib/db/client";
import { NEWEST_FIRST, type Keyset } from "@/lib/schemas/pagination";
import type { Tenant } from "@/lib/tenant";

/** The key an `after` cursor names, within this application and mode, or null. */
export function findKeyCursor(db: Db, tenant: Tenant, id: string) {
  return db.apiKey.findFirst({
    where: { id, applicationId: tenant.applicationId, livemode: tenant.livemode },
    select: { id: true, createdAt: true },
  });
}

export function readKeys(db: Db, tenant: Tenant, keyset: Keyset) {
  return db.apiKey.findMany({
    where: { applicationId: tenant.applicationId, livemode: tenant.livemode, ...keyset.where },
    orderBy: NEWEST_FIRST,
    take: keyset.take,
    select: {
      id: true,
      name: true,
      prefix: true,
      last4: true,
      scopes: true,
      allowedIps: true,
      livemode: true,
      createdAt: true,
      lastUsedAt: true,
      lastUsedAddress: true,
      revokedAt: true,
    },
  });
}
