"use server";
// Asks for a password reset link; the answer is the same whether the address has an account or not.
import { headers } from "next/headers";
import { callerAddress } from "@/lib/client-address";
import { transaction } from "@/lib/db/client";
import { requestPasswordReset, resetPassword } from "@/lib/console/password-reset";
import { runAction, text, type ActionState } from "@/app/merchant/sdk/_lib/action-state";

async function address(): Promise<string> {
  const requestHeaders = await headers();
  return callerAddress((name) => requestHeaders.get(name)) ?? "unknown";
}

export async function requestResetAction(_previous: ActionState, form: FormData): Promise<ActionState> {
  const values = { email: text(form, "email") };
  const caller = { address: await address() };
  return runAction(async () => {
    const { email } = await transaction((tx) => requestPasswordReset(tx, values, caller));
    return { message: email };
  }, values);
}

export async function resetPasswordAction(_previous: ActionState, form: FormData): Promise<ActionState> {
  const ip = await address();
  return runAction(async () => {
    const { email } = await transaction((tx) =>
      resetPassword(tx, { token: text(form, "token"), password: text(form, "password") }, ip),
    );
    return { message: email };
  });
}
