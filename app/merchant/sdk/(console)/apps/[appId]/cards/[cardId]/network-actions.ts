"use server";
// The test card page's card network simulator: checks the session, then lib/console checks ownership,
// the role and test mode, and sends the message through the same simulator as the API.
import { revalidatePath } from "next/cache";
import { prisma } from "@/lib/db/client";
import { sendConsoleNetworkMessage, type NetworkMessageForm } from "@/lib/console/card-network";
import { requireAuditContext } from "@/lib/console/session";
import { runAction, text, type ActionState } from "@/app/merchant/sdk/_lib/action-state";

const FIELDS = ["kind", "amount", "authorizationId", "networkId", "merchant", "category", "final"] as const;

export async function sendNetworkMessageAction(
  applicationId: string,
  cardId: string,
  _previous: ActionState,
  form: FormData,
): Promise<ActionState> {
  const context = await requireAuditContext();
  const values: NetworkMessageForm = Object.fromEntries(FIELDS.map((field) => [field, text(form, field)]));
  const state = await runAction(async () => {
    const sent = await sendConsoleNetworkMessage(prisma(), context, applicationId, cardId, values);
    const outcome =
      sent.result === "declined"
        ? `declined (${sent.declineCode})`
        : sent.result === "approved"
          ? `approved ${sent.approvedAmount} ${sent.authorization.currency}`
          : "applied";
    return {
      message: `${sent.kind} ${sent.networkId}: ${outcome}${sent.replayed ? " (a repeat: nothing changed)" : ""} — ${sent.authorization.id}`,
    };
  }, values);
  revalidatePath(`/merchant/sdk/apps/${applicationId}/cards/${cardId}`);
  return state;
}
