// The application's API keys in one mode as the console shows them: never the secret, only its fragments.
import type { Db } from "@/lib/db/client";
import { requireApplication } from "./require-application";

export async function listKeys(db: Db, merchantId: string, applicationId: string) {
  const application = await requireApplication(db, merchantId, applicationId);
  return db.apiKey.findMany({
    where: { applicationId, livemode: application.consoleLivemode },
    orderBy: [{ revokedAt: { sort: "desc", nulls: "first" } }, { createdAt: "desc" }],
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
      revokedAt: true,
    },
  });
}
