"use client";
// The form that names and creates a new application.
import { useActionState } from "react";
import { SubmitButton } from "@/components/ui/submit-button";
import { cn } from "@/components/ui/cn";
import { Field } from "@/components/ui/field";
import { inputClass } from "@/components/ui/input";
import { idleState } from "@/app/merchant/sdk/_lib/action-state";
import { createApplicationAction } from "./actions";

export function CreateApplicationForm() {
  const [state, action] = useActionState(createApplicationAction, idleState);
  const error = state.fieldErrors?.name;
  return (
    <form action={action} className="space-y-3" noValidate>
      <Field id="app-name" label="Name" error={error}>
        {(aria) => (
          <input
            {...aria}
            name="name"
            required
            maxLength={80}
            placeholder="e.g. Acme Payroll"
            defaultValue={state.values?.name}
            className={cn(inputClass, "mt-1")}
          />
        )}
      </Field>
      <SubmitButton pendingText="Creating…" className="w-full">
        Create application
      </SubmitButton>
    </form>
  );
}
