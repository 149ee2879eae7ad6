// Reads one authorization of the caller's application and mode, with its history.
import type { Db } from "@/lib/db/client";
import type { AuthorizationWithHistory } from "@/lib/schemas/authorization";
import type { Tenant } from "@/lib/tenant";
import { authorizationHistory } from "./authorization-history";
import { authorizationRecord } from "./authorization-record";
import { findAuthorization } from "./find-authorization";

export async function getAuthorization(
  db: Db,
  tenant: Tenant,
  authorizationId: string,
): Promise<AuthorizationWithHistory> {
  const auth = await findAuthorization(db, tenant, authorizationId);
  return { ...authorizationRecord(auth, auth.wallet.externalUserId), history: await authorizationHistory(db, auth) };
}
