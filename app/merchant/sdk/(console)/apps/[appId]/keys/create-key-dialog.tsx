"use client";
// "Create secret key": a native modal dialog (focus moves in and is trapped, Escape closes, focus
// returns to the button) holding the mint form, then the new key, shown once.
import { useRef, useState } from "react";
import { buttonVariants } from "@/components/ui/button";
import { Dialog, DialogTitle } from "@/components/ui/dialog";
import { MintKeyForm } from "./mint-key-form";

export function CreateKeyDialog({
  applicationId,
  mode,
  scopes,
}: {
  applicationId: string;
  mode: "test" | "live";
  scopes: readonly string[];
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  // A fresh form after every close: a key shown once is gone once the dialog closes.
  const [closings, setClosings] = useState(0);
  return (
    <>
      <button
        type="button"
        className={buttonVariants({ variant: "primary" })}
        onClick={() => {
          dialog.current?.showModal();
          dialog.current?.querySelector<HTMLInputElement>("#key-name")?.focus();
        }}
      >
        Create secret key
      </button>
      <Dialog ref={dialog} size="xl" onClose={() => setClosings((n) => n + 1)} aria-labelledby="create-key-title">
        <div className="p-6">
          <div className="mb-4 flex items-start justify-between gap-4">
            <DialogTitle id="create-key-title">Create a {mode} secret key</DialogTitle>
            <button
              type="button"
              onClick={() => dialog.current?.close()}
              className="rounded-md p-1 text-slate-500 hover:bg-slate-100 hover:text-slate-700 focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500"
            >
              <span className="sr-only">Close</span>
              <svg aria-hidden="true" viewBox="0 0 20 20" className="h-5 w-5" fill="none" stroke="currentColor">
                <path d="M5 5l10 10M15 5L5 15" strokeWidth="1.8" strokeLinecap="round" />
              </svg>
            </button>
          </div>
          <MintKeyForm
            key={closings}
            applicationId={applicationId}
            mode={mode}
            scopes={scopes}
            onDone={() => dialog.current?.close()}
          />
        </div>
      </Dialog>
    </>
  );
}
