"use client";
// Edits a card's spending controls: one amount per interval (blank for none) and the category and
// country lists. Limits with categories are set through the API and kept as they are.
import { useActionState } from "react";
import { Field } from "@/components/ui/field";
import { inputClass } from "@/components/ui/input";
import { SubmitButton } from "@/components/ui/submit-button";
import { idleState } from "@/app/merchant/sdk/_lib/action-state";
import { updateCardControlsAction } from "./spending-controls-actions";
import { INTERVAL_LABELS, LIMIT_FIELDS, LIST_FIELDS } from "./spending-controls-fields";

export function SpendingControlsForm({
  applicationId,
  cardId,
  currency,
  initial,
}: {
  applicationId: string;
  cardId: string;
  currency: string;
  /** The form's starting values, by field name. */
  initial: Record<string, string>;
}) {
  const [state, action] = useActionState(updateCardControlsAction.bind(null, applicationId, cardId), idleState);
  const value = (field: string) =>
    (state.status === "error" ? state.values?.[field] : undefined) ?? initial[field] ?? "";
  return (
    <form action={action} className="space-y-5" noValidate data-testid="spending-controls-form">
      <fieldset>
        <legend className="text-sm font-semibold text-slate-900">Limits ({currency}; blank for none)</legend>
        <div className="mt-2 grid grid-cols-1 gap-4 sm:grid-cols-3">
          {LIMIT_FIELDS.map(({ interval, field }) => (
            <Field
              key={field}
              id={`controls-${field}`}
              label={INTERVAL_LABELS[interval]}
              error={state.fieldErrors?.[field]}
            >
              {(aria) => (
                <input {...aria} name={field} inputMode="decimal" defaultValue={value(field)} className={inputClass} />
              )}
            </Field>
          ))}
        </div>
      </fieldset>
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        {LIST_FIELDS.map(({ field, label, hint }) => (
          <Field
            key={field}
            id={`controls-${field}`}
            label={label}
            optional
            hint={hint}
            error={state.fieldErrors?.[field]}
          >
            {(aria) => <input {...aria} name={field} defaultValue={value(field)} className={inputClass} />}
          </Field>
        ))}
      </div>
      <div className="flex flex-wrap items-center gap-3">
        <SubmitButton pendingText="Saving…">Save controls</SubmitButton>
        {state.status === "ok" ? (
          <p role="status" className="text-sm text-emerald-700">
            Saved.
          </p>
        ) : state.message ? (
          <p role="alert" className="text-sm text-red-700">
            {state.message}
          </p>
        ) : state.fieldErrors?.form ? (
          <p role="alert" className="text-sm text-red-700">
            {state.fieldErrors.form}
          </p>
        ) : null}
      </div>
    </form>
  );
}
