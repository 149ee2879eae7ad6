"use server";
// Confirms an address from its mailed link: a button, not the link itself, so that mail scanners
// following links do not use it up.
import { headers } from "next/headers";
import { callerAddress } from "@/lib/client-address";
import { transaction } from "@/lib/db/client";
import { verifyEmail } from "@/lib/console/email-verification";
import { runAction, text, type ActionState } from "@/app/merchant/sdk/_lib/action-state";

export async function verifyEmailAction(_previous: ActionState, form: FormData): Promise<ActionState> {
  const requestHeaders = await headers();
  const ip = callerAddress((name) => requestHeaders.get(name));
  return runAction(async () => {
    const { email } = await transaction((tx) => verifyEmail(tx, text(form, "token"), ip));
    return { message: email };
  });
}
