"use server";
// Asks for an account: the answer is "check your inbox" whether the address is new or taken
// (lib/console/sign-up.ts, requestSignUp); the person signs in once they have read the mail.
import { headers } from "next/headers";
import { callerAddress } from "@/lib/client-address";
import { transaction } from "@/lib/db/client";
import { requestSignUp } from "@/lib/console/sign-up";
import { runAction, text, type ActionState } from "@/app/merchant/sdk/_lib/action-state";

export async function signUpAction(_previous: ActionState, form: FormData): Promise<ActionState> {
  const values = { name: text(form, "name"), email: text(form, "email") };
  const requestHeaders = await headers();
  const address = callerAddress((name) => requestHeaders.get(name)) ?? "unknown";
  return runAction(async () => {
    const { email } = await transaction((tx) =>
      requestSignUp(tx, { ...values, password: text(form, "password") }, { address }),
    );
    return { message: email, values };
  }, values);
}
