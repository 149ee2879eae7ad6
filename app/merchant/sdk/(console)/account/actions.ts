"use server";
// Server actions of the account security page: set up, confirm and turn off two-factor sign-in,
// and regenerate recovery codes. All but confirming the first code need a recent re-authentication.
import { revalidatePath } from "next/cache";
import { transaction } from "@/lib/db/client";
import { requireRecentAuthentication } from "@/lib/console/recent-authentication";
import { requireAuditContext } from "@/lib/console/session";
import {
  confirmTwoFactor,
  disableTwoFactor,
  regenerateRecoveryCodes,
  startTwoFactorEnrolment,
} from "@/lib/console/two-factor";
import { runAction, text, type ActionState } from "@/app/merchant/sdk/_lib/action-state";

const ACCOUNT_PATH = "/merchant/sdk/account";

/** An action's state plus recovery codes, shown once when two-factor is turned on or codes renewed. */
export type RecoveryCodesState = ActionState & { recoveryCodes?: string[] };

// Setting up asks for re-authentication too: someone holding a stolen session could otherwise put
// their own app on the account and lock its owner out.
export async function startTwoFactorAction(): Promise<ActionState> {
  const context = await requireAuditContext();
  const state = await runAction(async () => {
    await requireRecentAuthentication(context.merchantId);
    await transaction((tx) => startTwoFactorEnrolment(tx, context.merchantId));
  });
  revalidatePath(ACCOUNT_PATH);
  return state;
}

// No revalidation: the page would swap the set-up form for the "on" view and lose the codes shown once;
// the codes panel refreshes the page when the merchant has saved them.
export async function confirmTwoFactorAction(
  _previous: RecoveryCodesState,
  form: FormData,
): Promise<RecoveryCodesState> {
  const context = await requireAuditContext();
  let recoveryCodes: string[] | undefined;
  const state = await runAction(async () => {
    recoveryCodes = await transaction((tx) => confirmTwoFactor(tx, context, text(form, "code")));
  });
  return { ...state, recoveryCodes };
}

export async function regenerateRecoveryCodesAction(): Promise<RecoveryCodesState> {
  const context = await requireAuditContext();
  let recoveryCodes: string[] | undefined;
  const state = await runAction(async () => {
    await requireRecentAuthentication(context.merchantId);
    recoveryCodes = await transaction((tx) => regenerateRecoveryCodes(tx, context));
  });
  return { ...state, recoveryCodes };
}

export async function disableTwoFactorAction(): Promise<ActionState> {
  const context = await requireAuditContext();
  const state = await runAction(async () => {
    await requireRecentAuthentication(context.merchantId);
    await transaction((tx) => disableTwoFactor(tx, context));
  });
  revalidatePath(ACCOUNT_PATH);
  return state;
}
