"use client";
// The test/live switch: a real switch control that submits the server action changing the console's mode.
import { useTransition } from "react";
import { Switch } from "@/components/ui/switch";
import { setModeAction } from "./actions";

export function ModeSwitch({ applicationId, live }: { applicationId: string; live: boolean }) {
  const [pending, startTransition] = useTransition();
  return (
    <div className="flex items-center gap-2">
      <span className="text-sm text-slate-600" aria-hidden="true">
        {live ? "Live mode" : "Test mode"}
      </span>
      {/* The switch is "Live mode", on or off, so a screen reader says "Live mode, off" in test mode
          (it said "Test mode, off" while test mode was on). */}
      <Switch
        tone="mode"
        checked={live}
        aria-label="Live mode"
        title={live ? "Switch to test data" : "Switch to live data"}
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
