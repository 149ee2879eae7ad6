"use client";
// The form that names and creates a new application.
import { useActionState } from "react";
import { SubmitButton } from "@/components/ui/submit-button";
import { cn } from "@/components/ui/cn";
import { Field } from "@/components/ui/field";
import { inputClass } from "@/components/ui/input";
import { idleState } from "@/app/merchant/sdk/_lib/action-state";
import { createApplicationAction } from "./actions";

/** `accounts`: where the member may create applications; with more than one, the form asks which. */
export function CreateApplicationForm({ accounts }: { accounts: readonly { id: string; name: string }[] }) {
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
      {accounts.length > 1 ? (
        <Field id="app-account" label="Account" error={state.fieldErrors?.accountId}>
          {(aria) => (
            <select
              {...aria}
              name="accountId"
              defaultValue={state.values?.accountId}
              className={cn(inputClass, "mt-1")}
            >
              {accounts.map((account) => (
                <option key={account.id} value={account.id}>
                  {account.name}
                </option>
              ))}
            </select>
          )}
        </Field>
      ) : accounts[0] ? (
        <input type="hidden" name="accountId" value={accounts[0].id} />
      ) : null}
      <SubmitButton pendingText="Creating…" className="w-full">
        Create application
      </SubmitButton>
    </form>
  );
}
