"use client";
// Reverses one pending hold from the wallet's holds table, saying what happened beside the button.
import { useActionState } from "react";
import { SubmitButton } from "@/components/ui/submit-button";
import { idleState } from "@/app/merchant/sdk/_lib/action-state";
import { reverseHoldAction } from "./actions";

export function ReverseHoldButton({
  applicationId,
  walletId,
  authorizationId,
}: {
  applicationId: string;
  walletId: string;
  authorizationId: string;
}) {
  const [state, action] = useActionState(
    reverseHoldAction.bind(null, applicationId, walletId, authorizationId),
    idleState,
  );
  return (
    <form action={action} className="flex flex-col items-start gap-1">
      <SubmitButton tone="secondary" pendingText="Reversing…">
        Reverse<span className="sr-only"> {authorizationId}</span>
      </SubmitButton>
      {state.message ? (
        <p role="status" className={state.status === "error" ? "text-xs text-red-700" : "text-xs text-emerald-700"}>
          {state.message}
        </p>
      ) : null}
    </form>
  );
}
