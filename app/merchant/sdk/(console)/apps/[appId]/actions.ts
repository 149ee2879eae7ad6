"use server";
// Server actions of an application's overview: rename, test/live switch, and a mode's webhook
// signing secret: reveal, roll, activate the pending one. Each checks the session; the lib/console operation checks ownership.
import { revalidatePath } from "next/cache";
import { transaction } from "@/lib/db/client";
import { renameApplication } from "@/lib/console/rename-application";
import { activateSecret } from "@/lib/console/activate-secret";
import { revealSecret } from "@/lib/console/reveal-secret";
import { requireRecentAuthentication } from "@/lib/console/recent-authentication";
import { rollSecret } from "@/lib/console/roll-secret";
import { requireAuditContext } from "@/lib/console/session";
import { setMode } from "@/lib/console/set-mode";
import { rememberBrowserView } from "@/lib/console/browser-view";
import { runAction, text, type ActionState } from "@/app/merchant/sdk/_lib/action-state";

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
    const { livemode } = await transaction((tx) =>
      setMode(tx, context, applicationId, mode === "live" ? "live" : "test"),
    );
    await rememberBrowserView(context.merchantId, applicationId, livemode);
  });
  revalidatePath(`/merchant/sdk/apps/${applicationId}`, "layout");
  return state;
}

function secretMode(mode: string): "test" | "live" {
  return mode === "live" ? "live" : "test";
}

export async function revealSecretAction(applicationId: string, mode: "test" | "live"): Promise<ActionState> {
  const context = await requireAuditContext();
  return runAction(async () => {
    await requireRecentAuthentication(context.merchantId);
    const revealed = await transaction((tx) => revealSecret(tx, context, applicationId, secretMode(mode)));
    return { secret: revealed.current.secret, pendingSecret: revealed.pending?.secret };
  });
}

export async function rollSecretAction(
  applicationId: string,
  mode: "test" | "live",
  activation: string,
): Promise<ActionState> {
  const context = await requireAuditContext();
  const state = await runAction(async () => {
    await requireRecentAuthentication(context.merchantId);
    const rolled = await transaction((tx) =>
      rollSecret(tx, context, applicationId, { mode: secretMode(mode), activation }),
    );
    return { secret: rolled.secret };
  });
  revalidatePath(`/merchant/sdk/apps/${applicationId}`);
  return state;
}

export async function activateSecretAction(applicationId: string, mode: "test" | "live"): Promise<ActionState> {
  const context = await requireAuditContext();
  const state = await runAction(async () => {
    await requireRecentAuthentication(context.merchantId);
    await transaction((tx) => activateSecret(tx, context, applicationId, secretMode(mode)));
  });
  revalidatePath(`/merchant/sdk/apps/${applicationId}`);
  return state;
}
