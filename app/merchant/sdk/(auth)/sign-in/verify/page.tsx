// The second step of a GitHub sign-in for a merchant with two-factor on: the console stays shut until
// an authentication code or a recovery code is given here.
import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { SIGN_IN_PATH } from "@/lib/console/auth-options";
import { currentAccess } from "@/lib/console/session";
import { SecondFactorForm } from "./second-factor-form";

export const metadata: Metadata = { title: "Two-factor authentication" };

export default async function SecondFactorPage() {
  if ((await currentAccess()).state !== "second-factor-pending") redirect(SIGN_IN_PATH);
  return (
    <>
      <h1 className="text-xl font-semibold tracking-tight">Two-factor authentication</h1>
      <p className="mt-1 text-sm text-slate-600">
        You signed in with GitHub. Your account also asks for a code before the console opens.
      </p>
      <SecondFactorForm />
    </>
  );
}
