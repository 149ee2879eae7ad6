"use server";
// Creates an application for the signed-in merchant and opens it.
import { redirect } from "next/navigation";
import { transaction } from "@/lib/db/client";
import { createConsoleApplication } from "@/lib/console/create-console-application";
import { requireAuditContext } from "@/lib/console/session";
import { runAction, text, type ActionState } from "@/app/merchant/sdk/_lib/action-state";

export async function createApplicationAction(_previous: ActionState, form: FormData): Promise<ActionState> {
  const context = await requireAuditContext();
  let createdId: string | undefined;
  const state = await runAction(
    async () => {
      createdId = (await transaction((tx) => createConsoleApplication(tx, context, { name: text(form, "name"), accountId: text(form, "accountId") || undefined }))).id;
    },
    { name: text(form, "name"), accountId: text(form, "accountId") },
  );
  if (createdId) redirect(`/merchant/sdk/apps/${createdId}`);
  return state;
}
