// The application's API keys in one mode as the console shows them: ownership checked here, the rows
// read by the keys domain (lib/keys/list-keys.ts). Revoked keys stay listed and carry a badge.
import type { Db } from "@/lib/db/client";
import { findKeyCursor, readKeys } from "@/lib/keys/list-keys";
import { readConsolePage } from "./keyset-page";
import { consoleTenant, requireApplication } from "./require-application";

export async function listKeys(db: Db, merchantId: string, applicationId: string, query: { after?: string } = {}) {
  const tenant = consoleTenant(await requireApplication(db, merchantId, applicationId, "see_keys"));
  return readConsolePage(
    query.after,
    (id) => findKeyCursor(db, tenant, id),
    (keyset) => readKeys(db, tenant, keyset),
  );
}
