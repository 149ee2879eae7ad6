// Console sign-in with email and password (and GitHub when configured).
import type { Metadata } from "next";
import { githubEnabled } from "@/lib/console/auth-options";
import { GITHUB_EMAIL_UNVERIFIED, GITHUB_EMAIL_UNVERIFIED_MESSAGE } from "@/lib/console/github-profile";
import { SignInForm } from "./sign-in-form";
import { readQuery, type SearchParams } from "@/app/merchant/sdk/_lib/read-query";

export const metadata: Metadata = { title: "Sign in" };

export default async function SignInPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const { error } = await readQuery(searchParams, ["error"]);
  return (
    <>
      <h1 className="text-xl font-semibold tracking-tight">Sign in</h1>
      <p className="mt-1 text-sm text-slate-600">Welcome back. Sign in to manage your applications.</p>
      <SignInForm github={githubEnabled()} initialError={signInError(error)} />
    </>
  );
}

function signInError(code: string | undefined): string | undefined {
  if (!code || code === "CredentialsSignin") return undefined;
  if (code === GITHUB_EMAIL_UNVERIFIED) return GITHUB_EMAIL_UNVERIFIED_MESSAGE;
  return "Sign-in failed. Please try again.";
}
