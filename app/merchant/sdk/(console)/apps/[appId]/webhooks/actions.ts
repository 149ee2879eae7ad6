"use server";
// Server actions of the webhooks pages: register an endpoint, switch one on or off, send a test
// event, replay a delivery. Each checks the session; the lib/console operation checks ownership.
import { revalidatePath } from "next/cache";
import { transaction } from "@/lib/db/client";
import { registerEndpoint } from "@/lib/console/register-endpoint";
import { replayConsoleDelivery } from "@/lib/console/replay-console-delivery";
import { sendTestEvent } from "@/lib/console/send-test-event";
import { requireAuditContext } from "@/lib/console/session";
import { setEndpointEnabled } from "@/lib/console/set-endpoint-enabled";
import { runAction, text, type ActionState } from "../../../../_lib/action-state";

export async function registerEndpointAction(
  applicationId: string,
  _previous: ActionState,
  form: FormData,
): Promise<ActionState> {
  const context = await requireAuditContext();
  const events = form.getAll("events").filter((e): e is string => typeof e === "string");
  const values = { url: text(form, "url"), events: events.join(","), enabled: form.get("enabled") ? "on" : "" };
  const state = await runAction(async () => {
    const { id } = await transaction((tx) =>
      registerEndpoint(tx, context, applicationId, {
        url: values.url,
        events,
        enabled: Boolean(form.get("enabled")),
      }),
    );
    return { message: id };
  }, values);
  revalidatePath(`/merchant/sdk/apps/${applicationId}/webhooks`);
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
  revalidatePath(`/merchant/sdk/apps/${applicationId}/webhooks`);
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

export async function sendTestEventAction(applicationId: string, endpointId: string): Promise<ActionState> {
  const context = await requireAuditContext();
  const state = await runAction(async () => {
    const sent = await sendTestEvent(context, applicationId, endpointId);
    return { message: `Sent ${sent.type}. It appears under Recent deliveries.` };
  });
  revalidatePath(`/merchant/sdk/apps/${applicationId}/webhooks`);
  return state;
}
