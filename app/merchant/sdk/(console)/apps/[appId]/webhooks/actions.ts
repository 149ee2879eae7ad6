"use server";
// Server actions of the webhooks pages: register, edit, delete an endpoint, switch one on or off,
// send a test event, replay a delivery. Each checks the session; the lib/console operation checks ownership.
import { revalidatePath } from "next/cache";
import { prisma, transaction } from "@/lib/db/client";
import { deleteEndpoint } from "@/lib/console/delete-endpoint";
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

export async function registerEndpointAction(
  applicationId: string,
  _previous: ActionState,
  form: FormData,
): Promise<ActionState> {
  const context = await requireAuditContext();
  const events = form.getAll("events").filter((e): e is string => typeof e === "string");
  const values = { url: text(form, "url"), events: events.join(","), enabled: form.get("enabled") ? "on" : "" };
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
  const values = { url: text(form, "url"), events: events.join(",") };
  const state = await runAction(async () => {
    if (await endpointUpdateIsSensitive(prisma(), context.merchantId, applicationId, endpointId, values.url))
      await requireRecentAuthentication(context.merchantId);
    await transaction((tx) => updateEndpoint(tx, context, applicationId, endpointId, { url: values.url, events }));
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
