// The application's API keys in one mode as the console shows them: never the secret, only its fragments.
import type { Db } from "@/lib/db/client";
import { NEWEST_FIRST } from "@/lib/schemas/pagination";
import { readConsolePage } from "./keyset-page";
import { consoleTenant, requireApplication } from "./require-application";

// Newest first like every console list (a page cursor needs one order); revoked keys carry a badge.
export async function listKeys(db: Db, merchantId: string, applicationId: string, query: { after?: string } = {}) {
  const tenant = consoleTenant(await requireApplication(db, merchantId, applicationId));
  return readConsolePage(
    query.after,
    (id) => db.apiKey.findFirst({ where: { id, ...tenant }, select: { id: true, createdAt: true } }),
    (keyset) =>
      db.apiKey.findMany({
        where: { ...tenant, ...keyset.where },
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
      }),
  );
}
