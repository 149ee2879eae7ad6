"use client";
// Renames the application, with the error shown under the field.
import { useActionState } from "react";
import { SubmitButton } from "@/components/ui/submit-button";
import { FieldError } from "@/components/ui/field";
import { inputClass } from "@/components/ui/input";
import { idleState } from "@/app/merchant/sdk/_lib/action-state";
import { renameApplicationAction } from "./actions";

export function RenameForm({ applicationId, name }: { applicationId: string; name: string }) {
  const [state, action] = useActionState(renameApplicationAction.bind(null, applicationId), idleState);
  const error = state.fieldErrors?.name;
  return (
    <form action={action} className="flex flex-col gap-2 sm:flex-row sm:items-start" noValidate>
      <div className="flex-1">
        <label htmlFor="rename" className="sr-only">
          Application name
        </label>
        <input
          id="rename"
          name="name"
          defaultValue={state.values?.name ?? name}
          maxLength={80}
          className={inputClass}
          aria-invalid={Boolean(error)}
          aria-describedby={error ? "rename-error" : undefined}
        />
        <FieldError id="rename-error" message={error} />
        {state.status === "ok" ? (
          <p role="status" className="mt-1.5 text-sm text-emerald-700">
            Saved.
          </p>
        ) : null}
      </div>
      <SubmitButton tone="secondary" pendingText="Saving…">
        Rename
      </SubmitButton>
    </form>
  );
}
