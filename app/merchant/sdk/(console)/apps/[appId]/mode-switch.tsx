"use client";
// The test/live switch: a real switch control that submits the server action changing the console's mode.
import { useTransition } from "react";
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
      <button
        type="button"
        role="switch"
        aria-checked={live}
        aria-label="Live mode"
        title={live ? "Switch to test data" : "Switch to live data"}
        disabled={pending}
        onClick={() =>
          startTransition(async () => {
            await setModeAction(applicationId, live ? "test" : "live");
          })
        }
        className={`relative inline-flex h-6 w-11 shrink-0 items-center rounded-full transition focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 focus-visible:ring-offset-2 disabled:opacity-60 ${live ? "bg-emerald-500" : "bg-amber-400"}`}
      >
        <span
          className={`inline-block h-5 w-5 rounded-full bg-white shadow transition ${live ? "translate-x-5" : "translate-x-0.5"}`}
        />
      </button>
    </div>
  );
}
