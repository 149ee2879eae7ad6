"use server";
// Sends a new link to confirm the signed-in member's email address.
import { transaction } from "@/lib/db/client";
import { sendEmailVerification } from "@/lib/console/email-verification";
import { requireAuditContext } from "@/lib/console/session";
import { runAction, type ActionState } from "@/app/merchant/sdk/_lib/action-state";

export async function sendVerificationAction(): Promise<ActionState> {
  const context = await requireAuditContext();
  return runAction(async () => {
    const { email } = await transaction((tx) => sendEmailVerification(tx, context.merchantId));
    return { message: `A confirmation link to ${email} is queued; it works once, for 48 hours.` };
  });
}
