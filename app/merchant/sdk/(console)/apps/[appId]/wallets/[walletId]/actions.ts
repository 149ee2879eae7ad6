"use server";
// Server actions of a wallet's page: reversing a pending hold; freezing, unfreezing or closing the
// wallet. Each checks the session; the lib/console operation checks ownership, the member's role in
// the current mode, and what the domain refuses (a hold no longer pending, a wallet not empty).
import { revalidatePath } from "next/cache";
import { transaction } from "@/lib/db/client";
import { changeWalletStatus } from "@/lib/console/change-wallet-status";
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

const DONE = { frozen: "Frozen", active: "Unfrozen", closed: "Closed" } as const;

export async function changeWalletStatusAction(
  applicationId: string,
  walletId: string,
  status: keyof typeof DONE,
): Promise<ActionState> {
  const context = await requireAuditContext();
  const state = await runAction(async () => {
    const wallet = await changeWalletStatus(context, applicationId, walletId, status);
    return { message: `${DONE[status]}: the wallet is ${wallet.status}.` };
  });
  revalidatePath(`/merchant/sdk/apps/${applicationId}/wallets/${walletId}`);
  return state;
}
