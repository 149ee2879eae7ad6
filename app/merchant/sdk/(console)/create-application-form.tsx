"use client";
// The form that names and creates a new application.
import { useActionState } from "react";
import { SubmitButton } from "../_components/submit-button";
import { FieldError, inputClass } from "../_components/ui";
import { idleState } from "../_lib/action-state";
import { createApplicationAction } from "./actions";

export function CreateApplicationForm() {
  const [state, action] = useActionState(createApplicationAction, idleState);
  const error = state.fieldErrors?.name;
  return (
    <form action={action} className="space-y-3" noValidate>
      <div>
        <label htmlFor="app-name" className="block text-sm font-medium text-slate-700">
          Name
        </label>
        <input
          id="app-name"
          name="name"
          required
          maxLength={80}
          placeholder="e.g. Acme Payroll"
          defaultValue={state.values?.name}
          className={`${inputClass} mt-1`}
          aria-invalid={Boolean(error)}
          aria-describedby={error ? "app-name-error" : undefined}
        />
        <FieldError id="app-name-error" message={error} />
      </div>
      <SubmitButton pendingText="Creating…" className="w-full">
        Create application
      </SubmitButton>
    </form>
  );
}
