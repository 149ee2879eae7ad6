"use client";
// Sends a sample event to one endpoint and says where to watch it arrive.
import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";
import { buttonClass } from "../../../../_components/ui";
import { sendTestEventAction } from "./actions";

export function SendTestEventButton({
  applicationId,
  endpointId,
  disabled,
}: {
  applicationId: string;
  endpointId: string;
  disabled: boolean;
}) {
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  const [result, setResult] = useState<{ ok: boolean; message: string }>();
  return (
    <span className="flex items-center gap-2">
      <button
        type="button"
        disabled={pending || disabled}
        className={buttonClass.secondary}
        onClick={() =>
          startTransition(async () => {
            const state = await sendTestEventAction(applicationId, endpointId);
            setResult({ ok: state.status === "ok", message: state.message ?? "" });
            router.refresh();
          })
        }
      >
        {pending ? "Sending…" : "Send test event"}
      </button>
      <span aria-live="polite" className={`text-xs ${result?.ok ? "text-emerald-700" : "text-red-600"}`}>
        {result?.message}
      </span>
    </span>
  );
}
