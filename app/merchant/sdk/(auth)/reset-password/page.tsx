// A password reset link's page: the new password if the link can still be used, else why not.
import type { Metadata } from "next";
import Link from "next/link";
import { prisma } from "@/lib/db/client";
import { isConsoleError } from "@/lib/console/errors";
import { checkPasswordResetToken } from "@/lib/console/password-reset";
import { readQuery, type SearchParams } from "@/app/merchant/sdk/_lib/read-query";
import { ResetPasswordForm } from "./reset-password-form";

export const metadata: Metadata = { title: "Choose a new password" };

export default async function ResetPasswordPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const { token = "" } = await readQuery(searchParams, ["token"]);
  let email: string | undefined;
  let problem: string | undefined;
  try {
    ({ email } = await checkPasswordResetToken(prisma(), token));
  } catch (error) {
    if (!isConsoleError(error)) throw error;
    problem = error.message;
  }
  return (
    <>
      <h1 className="text-xl font-semibold tracking-tight">Choose a new password</h1>
      {email ? (
        <>
          <p className="mt-1 text-sm text-slate-600">
            For <span className="break-all">{email}</span>. Every session of the account will be signed out.
          </p>
          <ResetPasswordForm token={token} email={email} />
        </>
      ) : (
        <div className="mt-4 space-y-3 text-sm">
          <p role="alert" className="text-red-600">
            {problem}
          </p>
          <Link href="/merchant/sdk/forgot-password" className="font-medium text-indigo-600 hover:underline">
            Ask for a new link
          </Link>
        </div>
      )}
    </>
  );
}
