// Forgot your password: an email address, then a reset link by email (lib/console/password-reset.ts).
import type { Metadata } from "next";
import { ForgotPasswordForm } from "./forgot-password-form";

export const metadata: Metadata = { title: "Reset your password" };

export default function ForgotPasswordPage() {
  return (
    <>
      <h1 className="text-xl font-semibold tracking-tight">Reset your password</h1>
      <p className="mt-1 text-sm text-slate-600">
        Enter your account&apos;s email address and we will send you a link.
      </p>
      <ForgotPasswordForm />
    </>
  );
}
