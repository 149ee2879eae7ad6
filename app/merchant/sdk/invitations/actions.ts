"use server";
// Accepting an invitation: signed in as the invited address, or by creating that address's console
// account (its address then confirmed: the link was mailed there) and joining in one transaction.
import { headers } from "next/headers";
import { redirect } from "next/navigation";
import { callerAddress } from "@/lib/client-address";
import { transaction } from "@/lib/db/client";
import { signUp } from "@/lib/console/sign-up";
import { requireAuditContext } from "@/lib/console/session";
import { acceptInvitation, findInvitation } from "@/lib/console/team";
import { runAction, text, type ActionState } from "@/app/merchant/sdk/_lib/action-state";
import { rememberCurrentAccount } from "@/app/merchant/sdk/_lib/current-account";

export async function acceptInvitationAction(_previous: ActionState, form: FormData): Promise<ActionState> {
  const context = await requireAuditContext();
  let accountId: string | undefined;
  const state = await runAction(async () => {
    accountId = (await transaction((tx) => acceptInvitation(tx, context, text(form, "token")))).accountId;
  });
  if (accountId) {
    // The invitee is now in the inviting account: this browser works in it from here on.
    await rememberCurrentAccount(accountId);
    redirect("/merchant/sdk/team");
  }
  return state;
}

export async function joinWithNewAccountAction(_previous: ActionState, form: FormData): Promise<ActionState> {
  const requestHeaders = await headers();
  const ipAddress = callerAddress((name) => requestHeaders.get(name));
  const token = text(form, "token");
  const values = { name: text(form, "name") };
  return runAction(async () => {
    const joined = await transaction(async (tx) => {
      const invitation = await findInvitation(tx, token);
      const person = await signUp(
        tx,
        { name: values.name, email: invitation.email, password: text(form, "password") },
        { emailVerified: true, ownAccount: false },
      );
      return acceptInvitation(tx, { merchantId: person.id, ipAddress }, token);
    });
    return { message: joined.accountName };
  }, values);
}
