"use client";
// A button that asks before doing something that cannot be undone, in a native modal dialog
// (focus is trapped, Escape cancels).
import { useId, useRef, useState } from "react";
import { buttonClass } from "./ui";

export function ConfirmButton({
  label,
  title,
  description,
  confirmLabel,
  onConfirm,
  tone = "dangerOutline",
}: {
  label: string;
  title: string;
  description: React.ReactNode;
  confirmLabel: string;
  onConfirm: () => Promise<void>;
  tone?: keyof typeof buttonClass;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  // One per button: a list has many buttons with the same label (a Revoke on every row).
  const titleId = useId();
  const [pending, setPending] = useState(false);
  return (
    <>
      <button type="button" className={buttonClass[tone]} onClick={() => dialog.current?.showModal()}>
        {label}
      </button>
      <dialog
        ref={dialog}
        aria-labelledby={titleId}
        className="m-auto w-[calc(100%-2rem)] max-w-md rounded-xl border border-slate-200 p-0 shadow-xl backdrop:bg-slate-900/40"
      >
        <div className="p-6">
          <h2 id={titleId} className="text-lg font-semibold text-slate-900">
            {title}
          </h2>
          <div className="mt-2 text-sm text-slate-600">{description}</div>
          <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <button type="button" className={buttonClass.secondary} onClick={() => dialog.current?.close()} autoFocus>
              Cancel
            </button>
            <button
              type="button"
              disabled={pending}
              className={buttonClass.danger}
              onClick={async () => {
                setPending(true);
                try {
                  await onConfirm();
                } finally {
                  setPending(false);
                  dialog.current?.close();
                }
              }}
            >
              {pending ? "Working…" : confirmLabel}
            </button>
          </div>
        </div>
      </dialog>
    </>
  );
}
