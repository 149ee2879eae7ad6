// Registers an application for a merchant, with its own webhook signing secret.
import type { Db } from "@/lib/db/client";
import { newId } from "@/lib/ids";
import { mintWebhookSecret, sealWebhookSecret } from "./webhook-secret";

export async function createApplication(db: Db, input: { merchantId: string; name: string }) {
  const webhookSecret = mintWebhookSecret();
  const application = await db.application.create({
    data: {
      id: newId("app"),
      merchantId: input.merchantId,
      name: input.name,
      webhookSecretSealed: sealWebhookSecret(webhookSecret),
    },
  });
  return { application, webhookSecret };
}
