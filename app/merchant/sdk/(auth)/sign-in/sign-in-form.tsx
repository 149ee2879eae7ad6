"use client";
// The sign-in form: posts to next-auth (which checks its CSRF token) and shows why a sign-in failed.
import Link from "next/link";
import { useRouter } from "next/navigation";
import { signIn } from "next-auth/react";
import { useState } from "react";
import { buttonClass, FieldError, inputClass } from "../../_components/ui";

export function SignInForm({ github, initialError }: { github: boolean; initialError?: string }) {
  const router = useRouter();
  const [error, setError] = useState<string | undefined>(initialError);
  const [pending, setPending] = useState(false);

  async function submit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setPending(true);
    setError(undefined);
    const result = await signIn("credentials", {
      redirect: false,
      email: String(form.get("email") ?? ""),
      password: String(form.get("password") ?? ""),
    });
    if (!result || result.error) {
      setPending(false);
      setError(
        !result?.error || result.error === "CredentialsSignin"
          ? "That email and password do not match an account."
          : result.error,
      );
      return;
    }
    router.replace("/merchant/sdk");
    router.refresh();
  }

  return (
    <div className="mt-6">
      <form onSubmit={submit} className="space-y-4" noValidate>
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
            className={`${inputClass} mt-1`}
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
            className={`${inputClass} mt-1`}
            aria-invalid={Boolean(error)}
            aria-describedby={error ? "sign-in-error" : undefined}
          />
          <FieldError id="sign-in-error" message={error} />
        </div>
        <button type="submit" disabled={pending} className={`${buttonClass.primary} w-full`}>
          {pending ? "Signing in…" : "Sign in"}
        </button>
      </form>
      {github ? (
        <button
          type="button"
          onClick={() => signIn("github", { callbackUrl: "/merchant/sdk" })}
          className={`${buttonClass.secondary} mt-3 w-full`}
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
