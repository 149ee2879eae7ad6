// Console sign-up: an email and a password; the answer is "check your inbox" (see the form).
import type { Metadata } from "next";
import { SignUpForm } from "./sign-up-form";

export const metadata: Metadata = { title: "Create your account" };

export default function SignUpPage() {
  return (
    <>
      <h1 className="text-xl font-semibold tracking-tight">Create your account</h1>
      <p className="mt-1 text-sm text-slate-600">Start in test mode: no card details, no paperwork.</p>
      <SignUpForm />
    </>
  );
}
