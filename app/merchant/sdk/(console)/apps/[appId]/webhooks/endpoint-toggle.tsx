"use client";
// Switches an endpoint on or off.
import { useTransition } from "react";
import { setEndpointEnabledAction } from "./actions";

export function EndpointToggle({
  applicationId,
  endpointId,
  enabled,
  url,
}: {
  applicationId: string;
  endpointId: string;
  enabled: boolean;
  url: string;
}) {
  const [pending, startTransition] = useTransition();
  return (
    <button
      type="button"
      role="switch"
      aria-checked={enabled}
      aria-label={`Endpoint ${url} enabled`}
      disabled={pending}
      onClick={() =>
        startTransition(async () => {
          await setEndpointEnabledAction(applicationId, endpointId, !enabled);
        })
      }
      className={`relative inline-flex h-6 w-11 shrink-0 items-center rounded-full transition focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 focus-visible:ring-offset-2 disabled:opacity-60 ${enabled ? "bg-indigo-600" : "bg-slate-300"}`}
    >
      <span
        className={`inline-block h-5 w-5 rounded-full bg-white shadow transition ${enabled ? "translate-x-5" : "translate-x-0.5"}`}
      />
    </button>
  );
}
