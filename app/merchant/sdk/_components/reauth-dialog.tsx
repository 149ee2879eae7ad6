"use client";
// Re-authentication for sensitive actions. `useReauthentication()` wraps a server action call: when
// the action answers reauthRequired, a modal asks for the password (or an authentication code), and
// once it is accepted the original action runs again.
//
//   const { withReauthentication, reauthDialog } = useReauthentication();
//   const result = await withReauthentication(() => revealSecretAction(applicationId));
//   return <>{...}{reauthDialog}</>;   // anywhere, a form included: it is rendered into <body>
//
// With useActionState: useActionState((prev, form) => withReauthentication(() => action(prev, form)), idleState).
import { useCallback, useEffect, useRef, useState } from "react";
import { createPortal } from "react-dom";
import { idleState, type ActionState } from "@/app/merchant/sdk/_lib/action-state";
import { reauthenticateAction } from "@/app/merchant/sdk/_lib/reauthenticate-action";
import { buttonVariants } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";
import { Dialog, DialogActions, DialogTitle } from "@/components/ui/dialog";
import { Field } from "@/components/ui/field";
import { inputClass } from "@/components/ui/input";

export function useReauthentication() {
  const [request, setRequest] = useState<{ id: number; resolve: (confirmed: boolean) => void }>();
  const nextId = useRef(0);

  const withReauthentication = useCallback(async <T extends ActionState>(run: () => Promise<T>): Promise<T> => {
    const first = await run();
    if (!first.reauthRequired) return first;
    const confirmed = await new Promise<boolean>((resolve) => setRequest({ id: ++nextId.current, resolve }));
    setRequest(undefined);
    return confirmed ? run() : first;
  }, []);

  const reauthDialog = request ? <ReauthDialog key={request.id} onDone={request.resolve} /> : null;
  return { withReauthentication, reauthDialog };
}

function ReauthDialog({ onDone }: { onDone: (confirmed: boolean) => void }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const [method, setMethod] = useState<"password" | "code">("password");
  const [state, setState] = useState<ActionState>(idleState);
  const [pending, setPending] = useState(false);

  useEffect(() => {
    dialog.current?.showModal();
  }, []);

  // A plain submit handler, not a form action: form actions run in a transition, and React holds a
  // transition's updates until every pending one ends, including the action that opened this dialog,
  // which is waiting for it.
  async function submit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setPending(true);
    const result = await reauthenticateAction(state, new FormData(event.currentTarget));
    setPending(false);
    setState(result);
    if (result.status === "ok") onDone(true);
  }

  const error = state.fieldErrors?.[method] ?? (state.status === "error" ? state.message : undefined);
  // Into <body>: the dialog's form must not sit inside the form whose action asked for it.
  return createPortal(
    <Dialog
      ref={dialog}
      aria-labelledby="reauth-title"
      aria-describedby="reauth-description"
      // Escape closes the dialog: that is a cancel.
      onClose={() => state.status !== "ok" && onDone(false)}
    >
      <form onSubmit={submit} className="space-y-4 p-6" noValidate>
        <div>
          <DialogTitle id="reauth-title">Confirm it is you</DialogTitle>
          <p id="reauth-description" className="mt-1 text-sm text-slate-600">
            This action is sensitive.{" "}
            {method === "password"
              ? "Enter your password"
              : "Enter a code from your authenticator app or a recovery code"}{" "}
            to continue; you will not be asked again for 10 minutes.
          </p>
        </div>
        {method === "password" ? (
          <Field id="reauth-password" label="Password" error={error}>
            {(aria) => (
              <input
                {...aria}
                name="password"
                type="password"
                autoComplete="current-password"
                required
                autoFocus
                className={cn(inputClass, "mt-1")}
              />
            )}
          </Field>
        ) : (
          <Field id="reauth-code" label="Authentication code" error={error}>
            {(aria) => (
              <input
                {...aria}
                name="code"
                autoComplete="one-time-code"
                required
                autoFocus
                spellCheck={false}
                className={cn(inputClass, "mt-1 font-mono")}
              />
            )}
          </Field>
        )}
        <button
          type="button"
          className="text-sm font-medium text-indigo-700 hover:underline focus:outline-none focus-visible:rounded focus-visible:ring-2 focus-visible:ring-indigo-500"
          onClick={() => setMethod(method === "password" ? "code" : "password")}
        >
          {method === "password" ? "Use an authentication code instead" : "Use your password instead"}
        </button>
        <DialogActions>
          <button
            type="button"
            className={buttonVariants({ variant: "secondary" })}
            onClick={() => dialog.current?.close()}
          >
            Cancel
          </button>
          <button type="submit" disabled={pending} className={buttonVariants({ variant: "primary" })}>
            {pending ? "Checking…" : "Confirm"}
          </button>
        </DialogActions>
      </form>
    </Dialog>,
    document.body,
  );
}
