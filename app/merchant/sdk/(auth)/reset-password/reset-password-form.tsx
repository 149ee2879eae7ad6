"use client";
// The new password for a reset link; on success every session has ended and the person signs in.
import Link from "next/link";
import { useActionState } from "react";
import { idleState } from "@/app/merchant/sdk/_lib/action-state";
import { NewPasswordField } from "@/app/merchant/sdk/_components/new-password-field";
import { buttonVariants } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";
import { resetPasswordAction } from "../forgot-password/actions";

export function ResetPasswordForm({ token, email }: { token: string; email: string }) {
  const [state, action, pending] = useActionState(resetPasswordAction, idleState);
  if (state.status === "ok")
    return (
      <div className="mt-6 space-y-3 text-sm text-slate-700" role="status">
        <h2 className="text-base font-semibold text-slate-900">Password changed</h2>
        <p>Every session of the account was signed out. Sign in with your new password.</p>
        <Link href="/merchant/sdk/sign-in" className={cn(buttonVariants({ variant: "primary" }), "w-full")}>
          Sign in
        </Link>
      </div>
    );
  return (
    <form action={action} className="mt-6 space-y-4" noValidate>
      <input type="hidden" name="token" value={token} />
      <input type="hidden" name="username" autoComplete="username" value={email} readOnly />
      <NewPasswordField label="New password" error={state.fieldErrors?.password} />
      {state.status === "error" && state.message ? (
        <p role="alert" className="text-sm text-red-600">
          {state.message}
        </p>
      ) : null}
      <button type="submit" disabled={pending} className={cn(buttonVariants({ variant: "primary" }), "w-full")}>
        {pending ? "Saving…" : "Set new password"}
      </button>
    </form>
  );
}
