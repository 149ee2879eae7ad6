"use client";
// The sign-up form: the server action creates the account, then next-auth signs the merchant in.
import Link from "next/link";
import { useRouter } from "next/navigation";
import { signIn } from "next-auth/react";
import { useActionState, useState } from "react";
import { MIN_PASSWORD_LENGTH } from "@/lib/console/password-rules";
import { idleState, type ActionState } from "@/app/merchant/sdk/_lib/action-state";
import { buttonVariants } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";
import { Field } from "@/components/ui/field";
import { inputClass } from "@/components/ui/input";
import { signUpAction } from "./actions";

export function SignUpForm() {
  const router = useRouter();
  const [signInError, setSignInError] = useState<string>();
  const [state, action, pending] = useActionState(async (previous: ActionState, form: FormData) => {
    const result = await signUpAction(previous, form);
    if (result.status === "ok") {
      const signedIn = await signIn("credentials", {
        redirect: false,
        email: String(form.get("email")),
        password: String(form.get("password")),
      });
      if (signedIn?.ok && !signedIn.error) {
        router.replace("/merchant/sdk");
        router.refresh();
      } else {
        setSignInError(signedIn?.error ?? "Your account was created, but signing in failed. Please sign in.");
      }
    }
    return result;
  }, idleState);
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
      <Field
        id="password"
        label="Password"
        error={errors.password}
        hint={`At least ${MIN_PASSWORD_LENGTH} characters.`}
      >
        {(aria) => (
          <input
            {...aria}
            name="password"
            type="password"
            autoComplete="new-password"
            required
            minLength={MIN_PASSWORD_LENGTH}
            className={cn(inputClass, "mt-1")}
          />
        )}
      </Field>
      {signInError ? (
        <p role="alert" className="text-sm text-red-600">
          {signInError}
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
