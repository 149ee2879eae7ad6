"use client";
// Copies a value to the clipboard and says so, for keys, secrets, ids and snippets. Shown only once
// the browser can copy (no clipboard on an insecure origin, nothing before hydration), so it is
// never a button that does nothing.
import { cva, type VariantProps } from "class-variance-authority";
import { useState, useSyncExternalStore } from "react";
import { buttonVariants } from "./button";

const copyButtonVariants = cva("", {
  variants: {
    variant: {
      // Beside a value on a white card, with a copy icon.
      default: buttonVariants({ variant: "secondary" }),
      // In the dark caption bar of a code block: small, text only.
      onDark:
        "rounded-md border border-slate-600 bg-slate-800 px-2 py-1 text-xs font-medium text-slate-100 hover:bg-slate-700 focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-400",
    },
  },
  defaultVariants: { variant: "default" },
});

const noSubscription = () => () => {};

/**
 * `label` is the button's accessible name ("Copy key"), followed by "(copied)" for two seconds after
 * a copy; `text` is what it shows, the label unless given ("Copy" in a code block's narrow bar).
 */
export function CopyButton({
  value,
  label = "Copy",
  text = label,
  variant,
}: {
  value: string;
  label?: string;
  text?: string;
} & VariantProps<typeof copyButtonVariants>) {
  const canCopy = useSyncExternalStore(
    noSubscription,
    () => typeof navigator !== "undefined" && Boolean(navigator.clipboard),
    () => false,
  );
  const [copied, setCopied] = useState(false);
  if (!canCopy) return null;
  async function copy() {
    try {
      await navigator.clipboard.writeText(value);
    } catch {
      // Clipboard access can be refused (permissions); select-and-copy still works.
      return;
    }
    setCopied(true);
    setTimeout(() => setCopied(false), 2000);
  }
  return (
    <button
      type="button"
      onClick={copy}
      className={copyButtonVariants({ variant })}
      aria-label={`${label}${copied ? " (copied)" : ""}`}
    >
      {variant === "onDark" ? null : (
        <svg
          aria-hidden="true"
          viewBox="0 0 20 20"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.6"
          className="h-4 w-4"
        >
          {copied ? (
            <path d="M4 10.5l4 4 8-9" strokeLinecap="round" strokeLinejoin="round" />
          ) : (
            <>
              <rect x="7" y="7" width="10" height="10" rx="2" />
              <path d="M13 7V5a2 2 0 00-2-2H5a2 2 0 00-2 2v6a2 2 0 002 2h2" />
            </>
          )}
        </svg>
      )}
      <span aria-live="polite">{copied ? "Copied" : text}</span>
    </button>
  );
}
