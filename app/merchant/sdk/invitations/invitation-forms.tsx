"use client";
// Accept (signed in as the invited address) or create the account and join.
import Link from "next/link";
import { useActionState } from "react";
import { idleState } from "@/app/merchant/sdk/_lib/action-state";
import { NewPasswordField } from "@/app/merchant/sdk/_components/new-password-field";
import { buttonVariants } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";
import { Field } from "@/components/ui/field";
import { inputClass } from "@/components/ui/input";
import { acceptInvitationAction, joinWithNewAccountAction } from "./actions";

function Problem({ message }: { message?: string }) {
  return message ? (
    <p role="alert" className="text-sm text-red-600">
      {message}
    </p>
  ) : null;
}

export function AcceptInvitationForm({ token }: { token: string }) {
  const [state, action, pending] = useActionState(acceptInvitationAction, idleState);
  return (
    <form action={action} className="mt-4 space-y-3">
      <input type="hidden" name="token" value={token} />
      <Problem message={state.status === "error" ? state.message : undefined} />
      <button type="submit" disabled={pending} className={cn(buttonVariants({ variant: "primary" }), "w-full")}>
        {pending ? "Joining…" : "Accept invitation"}
      </button>
    </form>
  );
}

export function JoinWithNewAccountForm({ token, email }: { token: string; email: string }) {
  const [state, action, pending] = useActionState(joinWithNewAccountAction, idleState);
  if (state.status === "ok")
    return (
      <div className="mt-4 space-y-3 text-sm text-slate-700" role="status">
        <p>
          Your account is ready and you are a member of <bdi>{state.message}</bdi>. Sign in with{" "}
          <span className="break-all">{email}</span> and your new password.
        </p>
        <Link href="/merchant/sdk/sign-in" className={cn(buttonVariants({ variant: "primary" }), "w-full")}>
          Sign in
        </Link>
      </div>
    );
  return (
    <form action={action} className="mt-4 space-y-4" noValidate>
      <input type="hidden" name="token" value={token} />
      <input type="hidden" name="username" autoComplete="username" value={email} readOnly />
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
      <NewPasswordField error={state.fieldErrors?.password} />
      <Problem message={state.status === "error" ? (state.message ?? state.fieldErrors?.email) : undefined} />
      <button type="submit" disabled={pending} className={cn(buttonVariants({ variant: "primary" }), "w-full")}>
        {pending ? "Creating account…" : "Create account and join"}
      </button>
    </form>
  );
}
