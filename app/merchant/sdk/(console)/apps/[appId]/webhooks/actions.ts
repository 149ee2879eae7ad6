"use server";
// Server actions of the webhooks pages: register, edit, delete an endpoint, switch one on or off,
// send a test event, replay a delivery, start or cancel an endpoint's recovery. Each checks the
// session; the lib/console operation checks ownership.
import { revalidatePath } from "next/cache";
import { prisma, transaction } from "@/lib/db/client";
import { deleteEndpoint } from "@/lib/console/delete-endpoint";
import { cancelEndpointRecovery, startEndpointRecovery, type RecoveryInput } from "@/lib/console/endpoint-recovery";
import { metadataRowsOf, type EndpointSettingsInput } from "@/lib/console/endpoint-settings";
import { registerEndpoint } from "@/lib/console/register-endpoint";
import { replayConsoleDelivery } from "@/lib/console/replay-console-delivery";
import { sendTestEvent } from "@/lib/console/send-test-event";
import { requireRecentAuthentication } from "@/lib/console/recent-authentication";
import { checkModeWrite } from "@/lib/console/mode-write";
import { endpointUpdateIsSensitive } from "@/lib/console/sensitive-changes";
import { requireAuditContext } from "@/lib/console/session";
import { setEndpointEnabled } from "@/lib/console/set-endpoint-enabled";
import { updateEndpoint } from "@/lib/console/update-endpoint";
import { runAction, text, type ActionState } from "@/app/merchant/sdk/_lib/action-state";

const texts = (form: FormData, name: string) => form.getAll(name).map((v) => (typeof v === "string" ? v : ""));

/** The form's description, metadata rows and throttle, and the same as the strings a refused form is drawn again with. */
function settingsOf(form: FormData): { settings: Required<EndpointSettingsInput>; values: Record<string, string> } {
  const metadata = metadataRowsOf(texts(form, "metadataKey"), texts(form, "metadataValue"));
  const settings = { description: text(form, "description"), metadata, maxPerSecond: text(form, "maxPerSecond") };
  return {
    settings,
    values: {
      description: settings.description,
      maxPerSecond: settings.maxPerSecond,
      metadata: JSON.stringify(metadata),
    },
  };
}

export async function registerEndpointAction(
  applicationId: string,
  _previous: ActionState,
  form: FormData,
): Promise<ActionState> {
  const context = await requireAuditContext();
  const events = form.getAll("events").filter((e): e is string => typeof e === "string");
  const { settings, values: settingValues } = settingsOf(form);
  const values = {
    url: text(form, "url"),
    events: events.join(","),
    enabled: form.get("enabled") ? "on" : "",
    ...settingValues,
  };
  const state = await runAction(async () => {
    // The mode the form was drawn in, checked once with its permission and re-authentication
    // (lib/console/mode-write.ts); the endpoint is registered in exactly that mode.
    const mode = await checkModeWrite(prisma(), context.merchantId, applicationId, text(form, "mode"), () =>
      requireRecentAuthentication(context.merchantId),
    );
    const { id } = await transaction((tx) =>
      registerEndpoint(tx, context, applicationId, {
        url: values.url,
        events,
        enabled: Boolean(form.get("enabled")),
        mode,
        ...settings,
      }),
    );
    return { message: id };
  }, values);
  revalidatePath(`/merchant/sdk/apps/${applicationId}/webhooks`);
  return state;
}

export async function updateEndpointAction(
  applicationId: string,
  endpointId: string,
  _previous: ActionState,
  form: FormData,
): Promise<ActionState> {
  const context = await requireAuditContext();
  const events = form.getAll("events").filter((e): e is string => typeof e === "string");
  const { settings, values: settingValues } = settingsOf(form);
  const values = { url: text(form, "url"), events: events.join(","), ...settingValues };
  const state = await runAction(async () => {
    if (await endpointUpdateIsSensitive(prisma(), context.merchantId, applicationId, endpointId, values.url))
      await requireRecentAuthentication(context.merchantId);
    await transaction((tx) =>
      updateEndpoint(tx, context, applicationId, endpointId, { url: values.url, events, ...settings }),
    );
    return { message: "Endpoint saved. New events are sent as it now says." };
  }, values);
  revalidatePath(`/merchant/sdk/apps/${applicationId}/webhooks`, "layout");
  return state;
}

export async function deleteEndpointAction(applicationId: string, endpointId: string): Promise<ActionState> {
  const context = await requireAuditContext();
  const state = await runAction(async () => {
    await transaction((tx) => deleteEndpoint(tx, context, applicationId, endpointId));
  });
  revalidatePath(`/merchant/sdk/apps/${applicationId}/webhooks`, "layout");
  return state;
}

export async function setEndpointEnabledAction(
  applicationId: string,
  endpointId: string,
  enabled: boolean,
): Promise<ActionState> {
  const context = await requireAuditContext();
  const state = await runAction(async () => {
    await transaction((tx) => setEndpointEnabled(tx, context, applicationId, endpointId, enabled));
  });
  revalidatePath(`/merchant/sdk/apps/${applicationId}/webhooks`, "layout");
  return state;
}

export async function replayDeliveryAction(applicationId: string, deliveryId: string): Promise<ActionState> {
  const context = await requireAuditContext();
  const state = await runAction(async () => {
    await replayConsoleDelivery(context, applicationId, deliveryId);
    return { message: "Replay queued. A new attempt appears below in a moment." };
  });
  revalidatePath(`/merchant/sdk/apps/${applicationId}/webhooks`, "layout");
  return state;
}

export async function sendTestEventAction(
  applicationId: string,
  endpointId: string,
  kind?: string,
): Promise<ActionState> {
  const context = await requireAuditContext();
  const state = await runAction(async () => {
    const sent = await sendTestEvent(context, applicationId, endpointId, kind);
    return { message: `Sent ${sent.type}. It appears under Recent deliveries.` };
  });
  revalidatePath(`/merchant/sdk/apps/${applicationId}/webhooks`, "layout");
  return state;
}

export async function startRecoveryAction(
  applicationId: string,
  endpointId: string,
  // An action's arguments come from the browser as they are: only these two fields, of these types.
  input: { since?: unknown; all?: unknown },
): Promise<ActionState> {
  const context = await requireAuditContext();
  const given: RecoveryInput = {
    since: typeof input.since === "string" ? input.since : undefined,
    all: input.all === true,
  };
  const state = await runAction(async () => {
    const recovery = await transaction((tx) => startEndpointRecovery(tx, context, applicationId, endpointId, given));
    return {
      message:
        recovery.total === 0
          ? `Nothing to recover: ${recovery.all ? "no delivery was made" : "every delivery succeeded"} since then.`
          : `Recovery started: ${recovery.total} ${recovery.total === 1 ? "delivery" : "deliveries"} to send, in order.`,
    };
  });
  revalidatePath(`/merchant/sdk/apps/${applicationId}/webhooks`, "layout");
  return state;
}

export async function cancelRecoveryAction(
  applicationId: string,
  endpointId: string,
  recoveryId: string,
): Promise<ActionState> {
  const context = await requireAuditContext();
  const state = await runAction(async () => {
    const recovery = await transaction((tx) =>
      cancelEndpointRecovery(tx, context, applicationId, endpointId, recoveryId),
    );
    return {
      message:
        recovery.status === "canceled"
          ? `Recovery canceled with ${recovery.left} left; those go back to their retry schedule.`
          : `The recovery had already ${recovery.status === "completed" ? "completed" : "ended"}.`,
    };
  });
  revalidatePath(`/merchant/sdk/apps/${applicationId}/webhooks`, "layout");
  return state;
}
