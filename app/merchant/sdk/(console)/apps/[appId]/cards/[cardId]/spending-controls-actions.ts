"use server";
// The card page's spending-controls form: checks the session, then lib/console checks ownership and
// hands the controls to the same domain function as POST /cards/{id}.
import { revalidatePath } from "next/cache";
import { transaction } from "@/lib/db/client";
import { updateCardControls, type CardControlsForm } from "@/lib/console/update-card-controls";
import { requireAuditContext } from "@/lib/console/session";
import { runAction, text, type ActionState } from "@/app/merchant/sdk/_lib/action-state";
import { CONTROL_FORM_FIELDS } from "./spending-controls-fields";

export async function updateCardControlsAction(
  applicationId: string,
  cardId: string,
  _previous: ActionState,
  form: FormData,
): Promise<ActionState> {
  const context = await requireAuditContext();
  const values: CardControlsForm = Object.fromEntries(CONTROL_FORM_FIELDS.map((field) => [field, text(form, field)]));
  const state = await runAction(async () => {
    await transaction((tx) => updateCardControls(tx, context, applicationId, cardId, values));
    return { message: "Saved." };
  }, values);
  revalidatePath(`/merchant/sdk/apps/${applicationId}/cards/${cardId}`);
  return state;
}
