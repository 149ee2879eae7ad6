"use server";
// Server actions of a wallet's page: reversing a pending hold. Checks the session; the lib/console
// operation checks ownership, the member's role in the current mode, and the hold's status.
import { revalidatePath } from "next/cache";
import { transaction } from "@/lib/db/client";
import { reverseHold } from "@/lib/console/reverse-hold";
import { requireAuditContext } from "@/lib/console/session";
import { runAction, type ActionState } from "@/app/merchant/sdk/_lib/action-state";

export async function reverseHoldAction(
  applicationId: string,
  walletId: string,
  authorizationId: string,
): Promise<ActionState> {
  const context = await requireAuditContext();
  const state = await runAction(async () => {
    const reversed = await transaction((tx) => reverseHold(tx, context, applicationId, authorizationId));
    return { message: `Reversed: ${reversed.amount} ${reversed.currency} released.` };
  });
  revalidatePath(`/merchant/sdk/apps/${applicationId}/wallets/${walletId}`);
  return state;
}
