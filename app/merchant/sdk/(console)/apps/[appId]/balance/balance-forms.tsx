"use client";
// The balance page's forms: adding money (a test top-up, or in live mode an owner's record of a bank
// deposit, after re-authenticating) and downloading the settlement report as CSV.
import { useActionState, useEffect } from "react";
import { useReauthentication } from "@/app/merchant/sdk/_components/reauth-dialog";
import { idleState, type ActionState } from "@/app/merchant/sdk/_lib/action-state";
import { cn } from "@/components/ui/cn";
import { Field } from "@/components/ui/field";
import { inputClass } from "@/components/ui/input";
import { SubmitButton } from "@/components/ui/submit-button";
import { addToBalanceAction, balanceReportCsvAction } from "./actions";

export function AddToBalanceForm({ applicationId, live }: { applicationId: string; live: boolean }) {
  const { withReauthentication, reauthDialog } = useReauthentication();
  const [state, action] = useActionState(
    (previous: ActionState, form: FormData) =>
      withReauthentication(() => addToBalanceAction(applicationId, previous, form)),
    idleState,
  );
  const errors = state.fieldErrors ?? {};
  const kept = state.status === "error" ? (state.values ?? {}) : {};
  return (
    <form action={action} className="space-y-4" noValidate key={state.status === "ok" ? state.message : "form"}>
      <input type="hidden" name="mode" value={live ? "live" : "test"} />
      {state.status === "ok" ? (
        <p role="status" className="rounded-md bg-emerald-50 px-3 py-2 text-sm text-emerald-800">
          {state.message}
        </p>
      ) : null}
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id="balance-amount" label="Amount" error={errors.amount}>
          {(aria) => (
            <input
              {...aria}
              name="amount"
              inputMode="decimal"
              placeholder="2500.00"
              defaultValue={kept.amount}
              className={cn(inputClass, "mt-1 font-mono")}
            />
          )}
        </Field>
        <Field id="balance-currency" label="Currency" error={errors.currency}>
          {(aria) => (
            <input
              {...aria}
              name="currency"
              placeholder="USD"
              defaultValue={kept.currency ?? "USD"}
              className={cn(inputClass, "mt-1 font-mono uppercase")}
            />
          )}
        </Field>
        {live ? (
          <Field
            id="balance-reference"
            label="Bank reference"
            error={errors.reference}
            hint="The bank's reference of the deposit; a reference is recorded once."
          >
            {(aria) => (
              <input
                {...aria}
                name="reference"
                defaultValue={kept.reference}
                className={cn(inputClass, "mt-1 font-mono")}
              />
            )}
          </Field>
        ) : null}
        <Field id="balance-description" label="Description" optional error={errors.description}>
          {(aria) => (
            <input {...aria} name="description" defaultValue={kept.description} className={cn(inputClass, "mt-1")} />
          )}
        </Field>
      </div>
      {state.status === "error" && state.message ? (
        <p role="alert" className="text-sm text-red-600">
          {state.message}
        </p>
      ) : null}
      <SubmitButton pendingText={live ? "Recording…" : "Topping up…"}>
        {live ? "Record deposit" : "Top up"}
      </SubmitButton>
      {reauthDialog}
    </form>
  );
}

type ReportState = ActionState & { csv?: string; filename?: string };

/** Saves the CSV the action answered as a file, as a link to a download would. */
function save(csv: string, filename: string) {
  const url = URL.createObjectURL(new Blob([csv], { type: "text/csv" }));
  const link = document.createElement("a");
  link.href = url;
  link.download = filename;
  link.click();
  URL.revokeObjectURL(url);
}

export function ReportDownloadForm({
  applicationId,
  from,
  to,
}: {
  applicationId: string;
  /** The form's first values, UTC dates. */
  from: string;
  to: string;
}) {
  const [state, action] = useActionState(
    (previous: ReportState, form: FormData) => balanceReportCsvAction(applicationId, previous, form),
    idleState as ReportState,
  );
  useEffect(() => {
    if (state.status === "ok" && state.csv && state.filename) save(state.csv, state.filename);
  }, [state]);
  const errors = state.fieldErrors ?? {};
  const kept = state.values ?? { from, to };
  return (
    <form action={action} className="flex flex-col gap-4 sm:flex-row sm:items-end" noValidate>
      <Field id="report-from" label="From (UTC)" error={errors.from}>
        {(aria) => (
          <input {...aria} name="from" type="date" defaultValue={kept.from} className={cn(inputClass, "mt-1")} />
        )}
      </Field>
      <Field id="report-to" label="To (UTC, included)" error={errors.to}>
        {(aria) => <input {...aria} name="to" type="date" defaultValue={kept.to} className={cn(inputClass, "mt-1")} />}
      </Field>
      <SubmitButton tone="secondary" pendingText="Preparing…">
        Download CSV
      </SubmitButton>
      {state.status === "error" && state.message ? (
        <p role="alert" className="text-sm text-red-600">
          {state.message}
        </p>
      ) : null}
    </form>
  );
}
