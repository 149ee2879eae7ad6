"use client";
// Freeze or unfreeze the wallet, or close it (after a confirmation: closing is final), saying what
// happened, or why it was refused, beside the buttons.
import { useActionState } from "react";
import { SubmitButton } from "@/components/ui/submit-button";
import { idleState } from "@/app/merchant/sdk/_lib/action-state";
import { changeWalletStatusAction } from "./actions";

type Status = "active" | "frozen" | "closed";

function StatusButton({
  applicationId,
  walletId,
  to,
  label,
  pendingText,
  confirm,
}: {
  applicationId: string;
  walletId: string;
  to: Status;
  label: string;
  pendingText: string;
  confirm?: string;
}) {
  const [state, action] = useActionState(changeWalletStatusAction.bind(null, applicationId, walletId, to), idleState);
  return (
    <form
      action={action}
      className="flex flex-col items-start gap-1"
      onSubmit={(event) => {
        if (confirm && !window.confirm(confirm)) event.preventDefault();
      }}
    >
      <SubmitButton tone="secondary" pendingText={pendingText}>
        {label}
      </SubmitButton>
      {state.message ? (
        <p role="status" className={state.status === "error" ? "text-xs text-red-700" : "text-xs text-emerald-700"}>
          {state.message}
        </p>
      ) : null}
    </form>
  );
}

export function WalletStatusButtons({
  applicationId,
  walletId,
  status,
}: {
  applicationId: string;
  walletId: string;
  status: Status;
}) {
  if (status === "closed") return null;
  return (
    <div className="flex flex-wrap items-start gap-3" data-testid="wallet-status-actions">
      {status === "active" ? (
        <StatusButton
          applicationId={applicationId}
          walletId={walletId}
          to="frozen"
          label="Freeze wallet"
          pendingText="Freezing…"
        />
      ) : (
        <StatusButton
          applicationId={applicationId}
          walletId={walletId}
          to="active"
          label="Unfreeze wallet"
          pendingText="Unfreezing…"
        />
      )}
      <StatusButton
        applicationId={applicationId}
        walletId={walletId}
        to="closed"
        label="Close wallet"
        pendingText="Closing…"
        confirm="Close this wallet for good? Its cards are canceled; only an empty wallet can be closed."
      />
    </div>
  );
}
