"use client";
// Revokes a key after a confirmation; the API refuses it from the next request on.
import { ConfirmButton } from "@/components/ui/confirm-button";
import { revokeKeyAction } from "./actions";

export function RevokeKeyButton({
  applicationId,
  keyId,
  name,
}: {
  applicationId: string;
  keyId: string;
  name: string;
}) {
  return (
    <ConfirmButton
      label="Revoke"
      title={`Revoke “${name}”?`}
      description="Requests with this key will be refused with 401 immediately. This cannot be undone."
      confirmLabel="Revoke key"
      onConfirm={async () => {
        await revokeKeyAction(applicationId, keyId);
      }}
    />
  );
}
