// Test fixtures: a merchant with an application and API keys, made through the same domain
// functions the CLI and console use.
import { createApplication } from "@/lib/applications/create-application";
import { prisma } from "@/lib/db/client";
import { newId, randomBase62 } from "@/lib/ids";
import { createApiKey, type CreateApiKeyInput } from "@/lib/keys/create-api-key";

export async function createMerchantApp(name = "Test app") {
  const merchant = await prisma().merchantUser.create({
    data: { id: newId("usr"), email: `m-${randomBase62(10)}@example.test`, name: "Test Merchant" },
  });
  const { application, webhookSecrets } = await createApplication(prisma(), { merchantId: merchant.id, name });
  // webhookSecret: the test mode's, which signs the deliveries of the test keys these fixtures mint.
  return { merchant, application, webhookSecrets, webhookSecret: webhookSecrets.test };
}

export async function createKey(
  applicationId: string,
  options: Partial<Omit<CreateApiKeyInput, "applicationId">> = {},
) {
  const { secret, record } = await createApiKey(prisma(), {
    applicationId,
    mode: options.mode ?? "test",
    name: options.name ?? "test key",
    scopes: options.scopes,
    allowedIps: options.allowedIps,
  });
  return { secret, record };
}

/** A fresh application with a test key holding every scope. */
export async function setupApp() {
  const app = await createMerchantApp();
  const { secret } = await createKey(app.application.id);
  return { ...app, appId: app.application.id, key: secret };
}

export function uniqueUserId(prefix = "user"): string {
  return `${prefix}_${randomBase62(12)}`;
}
