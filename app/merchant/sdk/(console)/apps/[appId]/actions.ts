"use server";
// Server actions of an application's overview: rename, test/live switch, reveal and rotate the
// webhook secret. Each checks the session; the lib/console operation checks ownership.
import { revalidatePath } from "next/cache";
import { transaction } from "@/lib/db/client";
import { renameApplication } from "@/lib/console/rename-application";
import { revealSecret } from "@/lib/console/reveal-secret";
import { rotateSecret } from "@/lib/console/rotate-secret";
import { requireAuditContext } from "@/lib/console/session";
import { setMode } from "@/lib/console/set-mode";
import { runAction, text, type ActionState } from "../../../_lib/action-state";

export async function renameApplicationAction(
  applicationId: string,
  _previous: ActionState,
  form: FormData,
): Promise<ActionState> {
  const context = await requireAuditContext();
  const state = await runAction(
    async () => {
      await transaction((tx) => renameApplication(tx, context, applicationId, { name: text(form, "name") }));
      return { message: "Saved." };
    },
    { name: text(form, "name") },
  );
  revalidatePath(`/merchant/sdk/apps/${applicationId}`, "layout");
  return state;
}

export async function setModeAction(applicationId: string, mode: "test" | "live"): Promise<ActionState> {
  const context = await requireAuditContext();
  const state = await runAction(async () => {
    await transaction((tx) => setMode(tx, context, applicationId, mode === "live" ? "live" : "test"));
  });
  revalidatePath(`/merchant/sdk/apps/${applicationId}`, "layout");
  return state;
}

export async function revealSecretAction(applicationId: string): Promise<ActionState> {
  const context = await requireAuditContext();
  return runAction(async () => ({
    secret: (await transaction((tx) => revealSecret(tx, context, applicationId))).secret,
  }));
}

export async function rotateSecretAction(applicationId: string): Promise<ActionState> {
  const context = await requireAuditContext();
  const state = await runAction(async () => ({
    secret: (await transaction((tx) => rotateSecret(tx, context, applicationId))).secret,
  }));
  revalidatePath(`/merchant/sdk/apps/${applicationId}`);
  return state;
}
