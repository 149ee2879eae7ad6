"use client";
// The sign-up form. Its answer is the same whether the address already has an account or not:
// check your inbox (a confirmation link for a new account, a notice for an existing one).
import Link from "next/link";
import { useActionState } from "react";
import { idleState } from "@/app/merchant/sdk/_lib/action-state";
import { NewPasswordField } from "@/app/merchant/sdk/_components/new-password-field";
import { buttonVariants } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";
import { Field } from "@/components/ui/field";
import { inputClass } from "@/components/ui/input";
import { signUpAction } from "./actions";

export function SignUpForm() {
  const [state, action, pending] = useActionState(signUpAction, idleState);
  if (state.status === "ok") return <CheckYourInbox email={state.message ?? ""} />;
  const errors = state.fieldErrors ?? {};

  return (
    <form action={action} className="mt-6 space-y-4" noValidate>
      <Field id="name" label="Your name" optional>
        {({ id }) => (
          <input
            id={id}
            name="name"
            autoComplete="name"
            defaultValue={state.values?.name}
            className={cn(inputClass, "mt-1")}
          />
        )}
      </Field>
      <Field id="email" label="Work email" error={errors.email}>
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
      <NewPasswordField error={errors.password} />
      {state.status === "error" && state.message ? (
        <p role="alert" className="text-sm text-red-600">
          {state.message}
        </p>
      ) : null}
      <button type="submit" disabled={pending} className={cn(buttonVariants({ variant: "primary" }), "w-full")}>
        {pending ? "Creating account…" : "Create account"}
      </button>
      <p className="text-center text-sm text-slate-600">
        Already have an account?{" "}
        <Link
          href="/merchant/sdk/sign-in"
          className="font-medium text-indigo-600 hover:underline focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500"
        >
          Sign in
        </Link>
      </p>
    </form>
  );
}

function CheckYourInbox({ email }: { email: string }) {
  return (
    <div className="mt-6 space-y-3 text-sm text-slate-700" role="status">
      <h2 className="text-base font-semibold text-slate-900">Check your inbox</h2>
      <p>
        We have queued an email to <strong className="break-all">{email}</strong>. If the address is new to us, the
        email has a link to confirm it, and you can{" "}
        <Link href="/merchant/sdk/sign-in" className="font-medium text-indigo-600 hover:underline">
          sign in
        </Link>{" "}
        with the password you chose; confirm the address before you use live keys.
      </p>
      <p>If the address already has an account, the email says so instead. Nothing was changed.</p>
    </div>
  );
}
