"use client";
// Copies a snippet to the clipboard; shown only once the browser can do it.
import { useState, useSyncExternalStore } from "react";

const noSubscription = () => () => {};

export function CopyButton({ text, label }: { text: string; label: string }) {
  const canCopy = useSyncExternalStore(
    noSubscription,
    () => typeof navigator !== "undefined" && Boolean(navigator.clipboard),
    () => false,
  );
  const [copied, setCopied] = useState(false);
  if (!canCopy) return null;
  return (
    <button
      type="button"
      onClick={() => {
        navigator.clipboard.writeText(text).then(
          () => {
            setCopied(true);
            setTimeout(() => setCopied(false), 1500);
          },
          // A refused clipboard (no permission) leaves the snippet to select by hand.
          () => undefined,
        );
      }}
      aria-label={label}
      className="rounded-md border border-slate-600 bg-slate-800 px-2 py-1 text-xs font-medium text-slate-100 hover:bg-slate-700 focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-400"
    >
      <span aria-live="polite">{copied ? "Copied" : "Copy"}</span>
    </button>
  );
}
