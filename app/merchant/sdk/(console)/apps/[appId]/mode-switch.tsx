"use client";
// The test/live switch: a real switch control that submits the server action changing the console's mode.
// One label, "Test mode", read and heard alike, and the switch is on exactly when test data is shown
// (as Stripe's is): a sighted user and a screen reader get the same answer.
import { useId, useTransition } from "react";
import { Switch } from "@/components/ui/switch";
import { setModeAction } from "./actions";

export function ModeSwitch({ applicationId, live }: { applicationId: string; live: boolean }) {
  const [pending, startTransition] = useTransition();
  const labelId = useId();
  return (
    <div className="flex items-center gap-2">
      <span id={labelId} className="text-sm text-slate-600">
        Test mode
      </span>
      <Switch
        tone="testMode"
        checked={!live}
        aria-labelledby={labelId}
        title={live ? "Showing live data: switch to test data" : "Showing test data: switch to live data"}
        disabled={pending}
        onClick={() =>
          startTransition(async () => {
            await setModeAction(applicationId, live ? "test" : "live");
          })
        }
      />
    </div>
  );
}
