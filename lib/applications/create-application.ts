// Registers an application for a merchant, with a webhook signing secret of its own per mode.
import type { Db } from "@/lib/db/client";
import { newId } from "@/lib/ids";
import { newApplicationSecrets } from "@/lib/webhooks/signing-secrets";

export async function createApplication(db: Db, input: { merchantId: string; name: string }) {
  const { secrets, rows } = newApplicationSecrets(new Date());
  const application = await db.application.create({
    data: {
      id: newId("app"),
      merchantId: input.merchantId,
      name: input.name,
      signingSecrets: { create: rows },
    },
  });
  return { application, webhookSecrets: secrets };
}
