"use server";
// Server actions of the API keys page: mint (the secret is returned once) and revoke.
import { revalidatePath } from "next/cache";
import { prisma, transaction } from "@/lib/db/client";
import { mintKey } from "@/lib/console/mint-key";
import { requireRecentAuthentication } from "@/lib/console/recent-authentication";
import { revokeKey } from "@/lib/console/revoke-key";
import { keyMintIsSensitive } from "@/lib/console/sensitive-changes";
import { requireAuditContext } from "@/lib/console/session";
import { runAction, text, type ActionState } from "@/app/merchant/sdk/_lib/action-state";

export async function mintKeyAction(
  applicationId: string,
  _previous: ActionState,
  form: FormData,
): Promise<ActionState> {
  const context = await requireAuditContext();
  const scopes = form.getAll("scopes").filter((s): s is string => typeof s === "string");
  const values = { name: text(form, "name"), allowedIps: text(form, "allowedIps"), scopes: scopes.join(",") };
  const state = await runAction(async () => {
    if (keyMintIsSensitive(text(form, "mode"))) await requireRecentAuthentication(context.merchantId);
    const minted = await transaction((tx) =>
      mintKey(tx, context, applicationId, {
        name: values.name,
        mode: text(form, "mode"),
        scopes,
        allowedIps: values.allowedIps,
      }),
    );
    return { secret: minted.secret, message: minted.id };
  }, values);
  revalidatePath(`/merchant/sdk/apps/${applicationId}/keys`);
  return state;
}

export async function revokeKeyAction(applicationId: string, keyId: string): Promise<ActionState> {
  const context = await requireAuditContext();
  const state = await runAction(async () => {
    // Not in a transaction of ours: revokeKey commits, then waits until serving processes forgot the key.
    await revokeKey(prisma(), context, applicationId, keyId);
  });
  revalidatePath(`/merchant/sdk/apps/${applicationId}/keys`);
  return state;
}
