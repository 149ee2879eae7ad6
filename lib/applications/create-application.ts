// Registers an application for an account, with a webhook signing secret of its own per mode. Given
// a merchant instead (the CLI's bootstrap, tests), it goes in the account that person owns.
import { ownAccount } from "@/lib/accounts/create-account";
import type { Db } from "@/lib/db/client";
import { newId } from "@/lib/ids";
import { newApplicationSecrets } from "@/lib/webhooks/signing-secrets";

export async function createApplication(
  db: Db,
  input: { name: string } & ({ accountId: string } | { merchantId: string }),
) {
  const accountId = "accountId" in input ? input.accountId : (await ownAccount(db, input.merchantId)).id;
  const { secrets, rows } = newApplicationSecrets(new Date());
  const application = await db.application.create({
    data: {
      id: newId("app"),
      accountId,
      name: input.name,
      signingSecrets: { create: rows },
    },
  });
  return { application, webhookSecrets: secrets };
}
