"use client";
// Mints an API key: name, scopes (all ticked by default) and an IP allowlist. The new key then takes
// the form's place, shown exactly once, with a copy button.
import { useActionState, useEffect, useRef } from "react";
import { CopyButton } from "@/components/ui/copy-button";
import { cn } from "@/components/ui/cn";
import { useReauthentication } from "@/app/merchant/sdk/_components/reauth-dialog";
import { SubmitButton } from "@/components/ui/submit-button";
import { buttonVariants } from "@/components/ui/button";
import { Field, FieldError } from "@/components/ui/field";
import { inputClass } from "@/components/ui/input";
import { idleState, type ActionState } from "@/app/merchant/sdk/_lib/action-state";
import { mintKeyAction } from "./actions";

export function MintKeyForm({
  applicationId,
  mode,
  scopes,
  onDone,
}: {
  applicationId: string;
  mode: "test" | "live";
  scopes: readonly string[];
  /** Called by "Done" once the new key has been shown. */
  onDone: () => void;
}) {
  // A live key asks for a recent re-authentication; the form is sent again once it is given.
  const { withReauthentication, reauthDialog } = useReauthentication();
  const [state, action] = useActionState(
    (previous: ActionState, form: FormData) => withReauthentication(() => mintKeyAction(applicationId, previous, form)),
    idleState,
  );
  const shown = useRef<HTMLDivElement>(null);
  const secret = state.status === "ok" ? state.secret : undefined;
  // The form the focus was in is gone: move it to the key, so the warning is read out first.
  useEffect(() => {
    if (secret) shown.current?.focus();
  }, [secret]);
  const errors = state.fieldErrors ?? {};
  const chosen = state.values?.scopes !== undefined ? new Set(state.values.scopes.split(",")) : undefined;
  if (secret)
    return (
      <div
        ref={shown}
        tabIndex={-1}
        role="status"
        className="rounded-lg border border-emerald-300 bg-emerald-50 p-4 focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500"
      >
        <p className="text-sm font-semibold text-emerald-900">Your new {mode} key — copy it now.</p>
        <p className="mt-1 text-sm text-emerald-900">
          You will not see it again: only its last four characters are kept. If you lose it, create another and revoke
          this one.
        </p>
        <div className="mt-3 flex flex-col gap-2 sm:flex-row sm:items-center">
          <code
            data-testid="new-api-key"
            className="block min-w-0 flex-1 break-all rounded-md border border-emerald-200 bg-white px-3 py-2 font-mono text-sm"
          >
            {secret}
          </code>
          <CopyButton value={secret} label="Copy key" />
        </div>
        <div className="mt-4 flex justify-end">
          <button type="button" className={buttonVariants({ variant: "secondary" })} onClick={onDone}>
            Done
          </button>
        </div>
      </div>
    );
  return (
    <div className="space-y-5">
      <form action={action} className="space-y-4" noValidate>
        <input type="hidden" name="mode" value={mode} />
        <Field id="key-name" label="Name" error={errors.name}>
          {(aria) => (
            <input
              {...aria}
              name="name"
              required
              maxLength={80}
              placeholder="e.g. Production backend"
              defaultValue={state.status === "error" ? state.values?.name : ""}
              className={cn(inputClass, "mt-1")}
            />
          )}
        </Field>
        <fieldset aria-describedby={errors.scopes ? "scopes-error" : "scopes-hint"}>
          <legend className="text-sm font-medium text-slate-700">Scopes</legend>
          <p id="scopes-hint" className="text-xs text-slate-500">
            Grant only what this key needs.
          </p>
          <div className="mt-2 grid grid-cols-1 gap-2 sm:grid-cols-2">
            {scopes.map((scope) => (
              <label
                key={scope}
                className="flex items-center gap-2 rounded-md border border-slate-200 px-3 py-2 text-sm hover:bg-slate-50 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-indigo-500"
              >
                <input
                  type="checkbox"
                  name="scopes"
                  value={scope}
                  defaultChecked={chosen ? chosen.has(scope) : true}
                  className="h-4 w-4 rounded border-slate-300 text-indigo-600 focus:ring-indigo-500"
                />
                <span className="font-mono text-xs">{scope}</span>
              </label>
            ))}
          </div>
          <FieldError id="scopes-error" message={errors.scopes} />
        </fieldset>
        <Field
          id="allowed-ips"
          label="IP allowlist"
          optional
          error={errors.allowedIps}
          hint="IPv4 or IPv6 addresses or CIDR ranges, one per line. Empty allows any address."
        >
          {(aria) => (
            <textarea
              {...aria}
              name="allowedIps"
              rows={3}
              placeholder={"203.0.113.0/24\n2001:db8::/32"}
              defaultValue={state.status === "error" ? state.values?.allowedIps : ""}
              className={cn(inputClass, "mt-1 font-mono")}
            />
          )}
        </Field>
        {state.status === "error" && state.message ? (
          <p role="alert" className="text-sm text-red-600">
            {state.message}
          </p>
        ) : null}
        <SubmitButton pendingText="Creating…">Create {mode} key</SubmitButton>
      </form>
      {reauthDialog}
    </div>
  );
}
