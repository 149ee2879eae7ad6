"use client";
// One button that confirms the address the link was sent to.
import Link from "next/link";
import { useActionState } from "react";
import { idleState } from "@/app/merchant/sdk/_lib/action-state";
import { buttonVariants } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";
import { verifyEmailAction } from "./actions";

export function VerifyEmailForm({ token }: { token: string }) {
  const [state, action, pending] = useActionState(verifyEmailAction, idleState);
  if (state.status === "ok")
    return (
      <div className="mt-4 space-y-3 text-sm text-slate-700" role="status">
        <p>
          <strong className="break-all">{state.message}</strong> is confirmed. Live keys and live endpoints are open to
          you now.
        </p>
        <Link href="/merchant/sdk" className={cn(buttonVariants({ variant: "primary" }), "w-full")}>
          Go to the console
        </Link>
      </div>
    );
  return (
    <form action={action} className="mt-4 space-y-3">
      <input type="hidden" name="token" value={token} />
      {state.status === "error" ? (
        <p role="alert" className="text-sm text-red-600">
          {state.message}
        </p>
      ) : null}
      <button type="submit" disabled={pending} className={cn(buttonVariants({ variant: "primary" }), "w-full")}>
        {pending ? "Confirming…" : "Confirm my email address"}
      </button>
    </form>
  );
}
