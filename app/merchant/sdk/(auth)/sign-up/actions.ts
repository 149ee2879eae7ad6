"use server";
// Creates the account; the form then signs in through next-auth with the same credentials.
import { prisma } from "@/lib/db/client";
import { signUp } from "@/lib/console/sign-up";
import { runAction, text, type ActionState } from "@/app/merchant/sdk/_lib/action-state";

export async function signUpAction(_previous: ActionState, form: FormData): Promise<ActionState> {
  const values = { name: text(form, "name"), email: text(form, "email") };
  return runAction(async () => {
    await signUp(prisma(), { ...values, password: text(form, "password") });
  }, values);
}
