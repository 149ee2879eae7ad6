"use client";
// A button that asks before doing something that cannot be undone, in a native modal dialog
// (focus is trapped, Escape cancels).
import { useId, useRef, useState } from "react";
import { buttonVariants, type ButtonVariant } from "./button";
import { Dialog, DialogActions, DialogTitle } from "./dialog";

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
  tone?: ButtonVariant;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  // One per button: a list has many buttons with the same label (a Revoke on every row).
  const titleId = useId();
  const [pending, setPending] = useState(false);
  return (
    <>
      <button type="button" className={buttonVariants({ variant: tone })} onClick={() => dialog.current?.showModal()}>
        {label}
      </button>
      <Dialog ref={dialog} aria-labelledby={titleId}>
        <div className="p-6">
          <DialogTitle id={titleId}>{title}</DialogTitle>
          <div className="mt-2 text-sm text-slate-600">{description}</div>
          <DialogActions className="mt-6">
            <button
              type="button"
              className={buttonVariants({ variant: "secondary" })}
              onClick={() => dialog.current?.close()}
              autoFocus
            >
              Cancel
            </button>
            <button
              type="button"
              disabled={pending}
              className={buttonVariants({ variant: "danger" })}
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
          </DialogActions>
        </div>
      </Dialog>
    </>
  );
}
