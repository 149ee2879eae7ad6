"use server";
// Server actions of the account security page: set up, confirm and turn off two-factor sign-in,
// and regenerate recovery codes (all but confirming the first code need a recent
// re-authentication; each change ends the account's other sessions); change the password (the
// current one is the re-authentication; other sessions end); sign a session out, or all.
import { revalidatePath } from "next/cache";
import { redirect } from "next/navigation";
import { prisma, transaction } from "@/lib/db/client";
import { SIGN_IN_PATH } from "@/lib/console/auth-options";
import { changePassword } from "@/lib/console/change-password";
import { requireRecentAuthentication } from "@/lib/console/recent-authentication";
import { requireAuditContext, requireSessionContext } from "@/lib/console/session";
import { endSession, endSessions } from "@/lib/console/sessions";
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
  const context = await requireSessionContext();
  let recoveryCodes: string[] | undefined;
  const state = await runAction(async () => {
    recoveryCodes = await transaction(async (tx) => {
      const codes = await confirmTwoFactor(tx, context, text(form, "code"));
      await endOtherSessions(tx, context);
      return codes;
    });
  });
  return { ...state, recoveryCodes };
}

export async function regenerateRecoveryCodesAction(): Promise<RecoveryCodesState> {
  const context = await requireSessionContext();
  let recoveryCodes: string[] | undefined;
  const state = await runAction(async () => {
    await requireRecentAuthentication(context.merchantId);
    recoveryCodes = await transaction(async (tx) => {
      const codes = await regenerateRecoveryCodes(tx, context);
      await endOtherSessions(tx, context);
      return codes;
    });
  });
  return { ...state, recoveryCodes };
}

export async function disableTwoFactorAction(): Promise<ActionState> {
  const context = await requireSessionContext();
  const state = await runAction(async () => {
    await requireRecentAuthentication(context.merchantId);
    await transaction(async (tx) => {
      await disableTwoFactor(tx, context);
      await endOtherSessions(tx, context);
    });
  });
  revalidatePath(ACCOUNT_PATH);
  return state;
}

// A change to how this account signs in ends every other session in the same transaction: whoever
// holds another session (perhaps the reason for the change) is out at once.
function endOtherSessions(tx: Parameters<typeof endSessions>[0], context: { merchantId: string; sessionId: string }) {
  return endSessions(tx, context.merchantId, { except: context.sessionId, reason: "two-factor-changed" });
}

export async function changePasswordAction(_previous: ActionState, form: FormData): Promise<ActionState> {
  const context = await requireSessionContext();
  const state = await runAction(async () => {
    const { endedSessions } = await transaction((tx) =>
      changePassword(tx, context, {
        currentPassword: text(form, "currentPassword"),
        newPassword: text(form, "newPassword"),
      }),
    );
    return {
      message:
        endedSessions === 0
          ? "Password changed."
          : `Password changed. ${endedSessions === 1 ? "Your other session was" : `Your ${endedSessions} other sessions were`} signed out.`,
    };
  });
  revalidatePath(ACCOUNT_PATH);
  return state;
}

/** "Sign out" on one row of the session list; this session's own row signs out here too. */
export async function endSessionAction(form: FormData): Promise<void> {
  const context = await requireSessionContext();
  const sessionId = text(form, "sessionId");
  // Another merchant's id, or one already ended, ends nothing (endSession matches the merchant too).
  await endSession(
    prisma(),
    context.merchantId,
    sessionId,
    sessionId === context.sessionId ? "sign-out" : "signed-out-elsewhere",
  );
  if (sessionId === context.sessionId) redirect(SIGN_IN_PATH);
  revalidatePath(ACCOUNT_PATH);
}

/** Ends every session of the account, this one too. */
export async function signOutEverywhereAction(): Promise<void> {
  const context = await requireSessionContext();
  await endSessions(prisma(), context.merchantId, { reason: "sign-out-everywhere" });
  redirect(SIGN_IN_PATH);
}
