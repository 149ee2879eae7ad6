"use client";
// The form that names and creates a new application in the account the console is in.
import { useActionState } from "react";
import { SubmitButton } from "@/components/ui/submit-button";
import { cn } from "@/components/ui/cn";
import { Field } from "@/components/ui/field";
import { inputClass } from "@/components/ui/input";
import { idleState } from "@/app/merchant/sdk/_lib/action-state";
import { createApplicationAction } from "./actions";

/** Creates the application in `account`, the account the page is in (named on the button's panel). */
export function CreateApplicationForm({ account }: { account: { id: string; name: string } }) {
  const [state, action] = useActionState(createApplicationAction, idleState);
  const error = state.fieldErrors?.name ?? state.fieldErrors?.accountId;
  return (
    <form action={action} className="space-y-3" noValidate>
      <p className="text-sm text-slate-600">
        In <bdi className="font-medium text-slate-900">{account.name}</bdi>.
      </p>
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
      <input type="hidden" name="accountId" value={account.id} />
      <SubmitButton pendingText="Creating…" className="w-full">
        Create application
      </SubmitButton>
    </form>
  );
}
