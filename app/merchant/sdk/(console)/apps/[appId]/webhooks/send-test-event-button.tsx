"use client";
// Sends a sample event of the kind the merchant picks (any the endpoint subscribes to) to one
// endpoint and says where to watch it arrive.
import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";
import { buttonVariants } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";
import { inputClass } from "@/components/ui/input";
import { sendTestEventAction } from "./actions";

export function SendTestEventButton({
  applicationId,
  endpointId,
  kinds,
  disabled,
}: {
  applicationId: string;
  endpointId: string;
  /** The event kinds the endpoint subscribes to, in their usual order. */
  kinds: readonly string[];
  disabled: boolean;
}) {
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  const [kind, setKind] = useState(kinds[0] ?? "");
  const [result, setResult] = useState<{ ok: boolean; message: string }>();
  const selectId = `test-event-kind-${endpointId}`;
  return (
    <span className="flex flex-wrap items-center gap-2">
      <label htmlFor={selectId} className="sr-only">
        Test event kind
      </label>
      <span className="w-48">
        <select
          id={selectId}
          value={kind}
          onChange={(e) => setKind(e.target.value)}
          disabled={disabled}
          className={cn(inputClass, "font-mono text-xs")}
        >
          {kinds.map((k) => (
            <option key={k} value={k}>
              {k}
            </option>
          ))}
        </select>
      </span>
      <button
        type="button"
        disabled={pending || disabled}
        className={buttonVariants({ variant: "secondary" })}
        onClick={() =>
          startTransition(async () => {
            const state = await sendTestEventAction(applicationId, endpointId, kind);
            setResult({ ok: state.status === "ok", message: state.message ?? "" });
            router.refresh();
          })
        }
      >
        {pending ? "Sending…" : "Send test event"}
      </button>
      <span
        aria-live="polite"
        data-testid="test-event-result"
        className={`text-xs ${result?.ok ? "text-emerald-700" : "text-red-600"}`}
      >
        {result?.message}
      </span>
    </span>
  );
}
