"use client";
// The form that asks for a reset link, then says to check the inbox (whatever the address).
import Link from "next/link";
import { useActionState } from "react";
import { idleState } from "@/app/merchant/sdk/_lib/action-state";
import { buttonVariants } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";
import { Field } from "@/components/ui/field";
import { inputClass } from "@/components/ui/input";
import { requestResetAction } from "./actions";

export function ForgotPasswordForm() {
  const [state, action, pending] = useActionState(requestResetAction, idleState);
  if (state.status === "ok")
    return (
      <div className="mt-6 space-y-3 text-sm text-slate-700" role="status">
        <h2 className="text-base font-semibold text-slate-900">Check your inbox</h2>
        <p>
          If <strong className="break-all">{state.message}</strong> has an account, we have queued an email with a link
          to choose a new password. The link works once, for 30 minutes.
        </p>
        <p>
          <Link href="/merchant/sdk/sign-in" className="font-medium text-indigo-600 hover:underline">
            Back to sign in
          </Link>
        </p>
      </div>
    );
  return (
    <form action={action} className="mt-6 space-y-4" noValidate>
      <Field id="email" label="Email" error={state.fieldErrors?.email}>
        {(aria) => (
          <input
            {...aria}
            name="email"
            type="email"
            autoComplete="email"
            required
            defaultValue={state.values?.email}
            className={cn(inputClass, "mt-1")}
          />
        )}
      </Field>
      {state.status === "error" && state.message ? (
        <p role="alert" className="text-sm text-red-600">
          {state.message}
        </p>
      ) : null}
      <button type="submit" disabled={pending} className={cn(buttonVariants({ variant: "primary" }), "w-full")}>
        {pending ? "Sending…" : "Email me a reset link"}
      </button>
    </form>
  );
}
