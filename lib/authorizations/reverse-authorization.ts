// Reverses a pending authorization at the application's request: the whole hold goes back to the
// wallet and card.reversed fires (release-hold.ts); any other status is 409.
import type { Db } from "@/lib/db/client";
import type { AuthorizationRecord } from "@/lib/schemas/authorization";
import type { Tenant } from "@/lib/tenant";
import { findAuthorization } from "./find-authorization";
import { releaseHold } from "./release-hold";
import { requirePending } from "./require-pending";

export async function reverseAuthorization(
  tx: Db,
  tenant: Tenant,
  authorizationId: string,
): Promise<AuthorizationRecord> {
  const auth = await findAuthorization(tx, tenant, authorizationId, true);
  requirePending(auth, "reversed");
  return releaseHold(tx, tenant, auth, "reversed");
}
