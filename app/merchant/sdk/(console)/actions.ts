"use server";
// The console home's actions: create an application in the current account and open it; switch the
// account this browser works in; make a personal account, only when asked.
import { redirect } from "next/navigation";
import { prisma, transaction } from "@/lib/db/client";
import { createConsoleApplication } from "@/lib/console/create-console-application";
import { createPersonalAccount } from "@/lib/console/current-account";
import { isConsoleError } from "@/lib/console/errors";
import { requireAccount } from "@/lib/console/require-application";
import { requireAuditContext } from "@/lib/console/session";
import { rememberCurrentAccount } from "@/app/merchant/sdk/_lib/current-account";
import { runAction, text, type ActionState } from "@/app/merchant/sdk/_lib/action-state";

export async function createApplicationAction(_previous: ActionState, form: FormData): Promise<ActionState> {
  const context = await requireAuditContext();
  let createdId: string | undefined;
  const state = await runAction(
    async () => {
      createdId = (
        await transaction((tx) =>
          createConsoleApplication(tx, context, {
            name: text(form, "name"),
            accountId: text(form, "accountId") || undefined,
          }),
        )
      ).id;
    },
    { name: text(form, "name"), accountId: text(form, "accountId") },
  );
  if (createdId) redirect(`/merchant/sdk/apps/${createdId}`);
  return state;
}

/** Console pages switching lands on: the home, the team; anything else goes home. */
const SWITCH_TARGETS = new Set(["/merchant/sdk", "/merchant/sdk/team", "/merchant/sdk/account"]);

export async function switchAccountAction(form: FormData): Promise<void> {
  const context = await requireAuditContext();
  const accountId = text(form, "accountId");
  try {
    await requireAccount(prisma(), context.merchantId, accountId);
    await rememberCurrentAccount(accountId);
  } catch (error) {
    // Not (or no longer) a member: nothing to switch to; the page shows the account it was in.
    if (!isConsoleError(error, "not_found")) throw error;
  }
  const returnTo = text(form, "returnTo");
  redirect(SWITCH_TARGETS.has(returnTo) ? returnTo : "/merchant/sdk");
}

export async function createPersonalAccountAction(): Promise<void> {
  const context = await requireAuditContext();
  const account = await transaction((tx) => createPersonalAccount(tx, context));
  await rememberCurrentAccount(account.id);
  redirect("/merchant/sdk");
}
