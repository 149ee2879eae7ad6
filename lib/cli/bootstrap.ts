// `cli bootstrap`: the shortest path to a working key before the console is used: reuses the
// operator's merchant account and application, mints a fresh all-scopes test key, and registers
// a webhook endpoint for every event when asked.
import type { Db } from "@/lib/db/client";
import { createApplication } from "@/lib/applications/create-application";
import { openWebhookSecret } from "@/lib/applications/webhook-secret";
import { newId } from "@/lib/ids";
import { createApiKey } from "@/lib/keys/create-api-key";

export async function bootstrap(db: Db, input: { email: string; appName: string; webhookUrl?: string }) {
  const merchant =
    (await db.merchantUser.findUnique({ where: { email: input.email } })) ??
    (await db.merchantUser.create({ data: { id: newId("usr"), email: input.email, name: "Operator" } }));

  const existing = await db.application.findFirst({
    where: { merchantId: merchant.id, name: input.appName },
    orderBy: { createdAt: "asc" },
  });
  const { application, webhookSecret } = existing
    ? { application: existing, webhookSecret: openWebhookSecret(existing.webhookSecretSealed) }
    : await createApplication(db, { merchantId: merchant.id, name: input.appName });

  const { secret } = await createApiKey(db, { applicationId: application.id, mode: "test", name: "bootstrap" });

  let endpointId: string | undefined;
  if (input.webhookUrl) {
    const url = new URL(input.webhookUrl).toString();
    const endpoint =
      (await db.webhookEndpoint.findFirst({ where: { applicationId: application.id, livemode: false, url } })) ??
      (await db.webhookEndpoint.create({
        data: { id: newId("we"), applicationId: application.id, livemode: false, url, events: [], enabled: true },
      }));
    endpointId = endpoint.id;
  }
  return {
    merchantId: merchant.id,
    email: merchant.email,
    appId: application.id,
    reused: Boolean(existing),
    testKey: secret,
    webhookSecret,
    endpointId,
  };
}
