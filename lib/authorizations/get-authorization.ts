// Reads one authorization of the caller's application and mode.
import type { Db } from "@/lib/db/client";
import type { AuthorizationRecord } from "@/lib/schemas/authorization";
import type { Tenant } from "@/lib/tenant";
import { authorizationRecord } from "./authorization-record";
import { findAuthorization } from "./find-authorization";

export async function getAuthorization(db: Db, tenant: Tenant, authorizationId: string): Promise<AuthorizationRecord> {
  const auth = await findAuthorization(db, tenant, authorizationId);
  return authorizationRecord(auth, auth.wallet.externalUserId);
}
