"use client";
// The sign-in form: posts to next-auth (which checks its CSRF token) and shows why a sign-in failed.
// With two-factor sign-in on, a right password brings a second step asking for an authentication
// code (or a recovery code); the password is sent again with it, as next-auth keeps no half sign-in.
import Link from "next/link";
import { useRouter } from "next/navigation";
import { signIn } from "next-auth/react";
import { useState } from "react";
import {
  CODE_REFUSED_MESSAGE,
  SECOND_FACTOR_REFUSED,
  SECOND_FACTOR_REQUIRED,
} from "@/lib/console/second-factor-sign-in";
import { buttonVariants } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";
import { FieldError } from "@/components/ui/field";
import { inputClass } from "@/components/ui/input";
import { SecondFactorCodeField } from "./second-factor-code-field";

export function SignInForm({ github, initialError }: { github: boolean; initialError?: string }) {
  const router = useRouter();
  const [error, setError] = useState<string | undefined>(initialError);
  const [pending, setPending] = useState(false);
  const [credentials, setCredentials] = useState<{ email: string; password: string }>();

  async function attempt(fields: { email: string; password: string; code?: string }) {
    setPending(true);
    setError(undefined);
    const result = await signIn("credentials", { redirect: false, ...fields });
    if (result && !result.error) {
      router.replace("/merchant/sdk");
      router.refresh();
      return;
    }
    setPending(false);
    if (result?.error === SECOND_FACTOR_REQUIRED) setCredentials({ email: fields.email, password: fields.password });
    else if (result?.error === SECOND_FACTOR_REFUSED) setError(CODE_REFUSED_MESSAGE);
    else if (!result?.error || result.error === "CredentialsSignin")
      setError("That email and password do not match an account.");
    else setError(result.error);
  }

  function submitPassword(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    void attempt({ email: String(form.get("email") ?? ""), password: String(form.get("password") ?? "") });
  }

  function submitCode(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!credentials) return;
    void attempt({ ...credentials, code: String(new FormData(event.currentTarget).get("code") ?? "") });
  }

  if (credentials)
    return (
      <div className="mt-6">
        <form onSubmit={submitCode} className="space-y-4" noValidate>
          <SecondFactorCodeField error={error} errorId="sign-in-error" />
          <button type="submit" disabled={pending} className={cn(buttonVariants({ variant: "primary" }), "w-full")}>
            {pending ? "Verifying…" : "Verify"}
          </button>
        </form>
        <button
          type="button"
          onClick={() => {
            setCredentials(undefined);
            setError(undefined);
          }}
          className={cn(buttonVariants({ variant: "secondary" }), "mt-3 w-full")}
        >
          Back
        </button>
      </div>
    );

  return (
    <div className="mt-6">
      <form onSubmit={submitPassword} className="space-y-4" noValidate>
        <div>
          <label htmlFor="email" className="block text-sm font-medium text-slate-700">
            Email
          </label>
          <input
            id="email"
            name="email"
            type="email"
            autoComplete="email"
            required
            className={cn(inputClass, "mt-1")}
            aria-invalid={Boolean(error)}
            aria-describedby={error ? "sign-in-error" : undefined}
          />
        </div>
        <div>
          <label htmlFor="password" className="block text-sm font-medium text-slate-700">
            Password
          </label>
          <input
            id="password"
            name="password"
            type="password"
            autoComplete="current-password"
            required
            className={cn(inputClass, "mt-1")}
            aria-invalid={Boolean(error)}
            aria-describedby={error ? "sign-in-error" : undefined}
          />
          <FieldError id="sign-in-error" message={error} />
          <p className="mt-1.5 text-right text-sm">
            <Link
              href="/merchant/sdk/forgot-password"
              className="font-medium text-indigo-600 hover:underline focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500"
            >
              Forgot your password?
            </Link>
          </p>
        </div>
        <button type="submit" disabled={pending} className={cn(buttonVariants({ variant: "primary" }), "w-full")}>
          {pending ? "Signing in…" : "Sign in"}
        </button>
      </form>
      {github ? (
        <button
          type="button"
          onClick={() => signIn("github", { callbackUrl: "/merchant/sdk" })}
          className={cn(buttonVariants({ variant: "secondary" }), "mt-3 w-full")}
        >
          Continue with GitHub
        </button>
      ) : null}
      <p className="mt-6 text-center text-sm text-slate-600">
        New here?{" "}
        <Link
          href="/merchant/sdk/sign-up"
          className="font-medium text-indigo-600 hover:underline focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500"
        >
          Create an account
        </Link>
      </p>
    </div>
  );
}
