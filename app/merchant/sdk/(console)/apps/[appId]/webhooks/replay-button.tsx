"use client";
// Replays a delivery and says plainly when a replay limit has been reached.
import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";
import { buttonVariants } from "@/components/ui/button";
import { replayDeliveryAction } from "./actions";

export function ReplayButton({ applicationId, deliveryId }: { applicationId: string; deliveryId: string }) {
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  const [result, setResult] = useState<{ ok: boolean; message: string }>();
  return (
    <div className="flex flex-col items-start gap-2">
      <button
        type="button"
        disabled={pending}
        className={buttonVariants({ variant: "secondary" })}
        onClick={() =>
          startTransition(async () => {
            const state = await replayDeliveryAction(applicationId, deliveryId);
            setResult({ ok: state.status === "ok", message: state.message ?? "" });
            router.refresh();
          })
        }
      >
        {pending ? "Replaying…" : "Replay delivery"}
      </button>
      <p
        aria-live="polite"
        data-testid="replay-result"
        className={`text-sm ${result?.ok ? "text-emerald-700" : "text-red-600"}`}
      >
        {result?.message}
      </p>
    </div>
  );
}
