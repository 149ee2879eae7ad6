"use server";
// The re-authentication dialog's action: checks the password or code, then marks this browser as
// recently authenticated (lib/console/recent-authentication.ts) so the sensitive action can be retried.
import { prisma } from "@/lib/db/client";
import { reauthenticate } from "@/lib/console/reauthenticate";
import { grantRecentAuthentication } from "@/lib/console/recent-authentication";
import { requireAuditContext } from "@/lib/console/session";
import { runAction, text, type ActionState } from "./action-state";

export async function reauthenticateAction(_previous: ActionState, form: FormData): Promise<ActionState> {
  const context = await requireAuditContext();
  return runAction(async () => {
    await reauthenticate(prisma(), context, { password: text(form, "password"), code: text(form, "code") });
    await grantRecentAuthentication(context.merchantId);
  });
}
