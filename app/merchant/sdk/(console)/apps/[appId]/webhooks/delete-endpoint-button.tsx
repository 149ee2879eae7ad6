"use client";
// Deletes an endpoint once the merchant confirms, then returns to the webhooks page.
import { useRouter } from "next/navigation";
import { useState } from "react";
import { ConfirmButton } from "@/components/ui/confirm-button";
import { deleteEndpointAction } from "./actions";

export function DeleteEndpointButton({
  applicationId,
  endpointId,
  url,
}: {
  applicationId: string;
  endpointId: string;
  url: string;
}) {
  const router = useRouter();
  const [error, setError] = useState<string>();
  return (
    <span className="flex flex-col items-start gap-1">
      <ConfirmButton
        label="Delete endpoint"
        title="Delete this endpoint?"
        description={
          <>
            <span className="break-all font-mono">{url}</span> gets no new events, its pending deliveries are not sent
            (they end as failed), and it cannot be replayed to. Its past deliveries stay readable. This cannot be
            undone.
          </>
        }
        confirmLabel="Delete endpoint"
        onConfirm={async () => {
          const state = await deleteEndpointAction(applicationId, endpointId);
          if (state.status === "ok") router.push(`/merchant/sdk/apps/${applicationId}/webhooks`);
          else setError(state.message ?? "The endpoint could not be deleted.");
        }}
      />
      <span role="alert" className="text-sm text-red-600">
        {error}
      </span>
    </span>
  );
}
