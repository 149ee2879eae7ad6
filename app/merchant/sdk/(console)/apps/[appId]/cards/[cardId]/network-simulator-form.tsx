"use client";
// Sends a test card one card network message through the built-in simulator: the kind, the amount,
// and for later messages the authorization they belong to.
import { useActionState } from "react";
import { Field } from "@/components/ui/field";
import { inputClass } from "@/components/ui/input";
import { SubmitButton } from "@/components/ui/submit-button";
import { idleState } from "@/app/merchant/sdk/_lib/action-state";
import { SIMULATED_KINDS } from "@/lib/schemas/network-simulation";
import { sendNetworkMessageAction } from "./network-actions";

export function NetworkSimulatorForm({
  applicationId,
  cardId,
  currency,
}: {
  applicationId: string;
  cardId: string;
  currency: string;
}) {
  const [state, action] = useActionState(sendNetworkMessageAction.bind(null, applicationId, cardId), idleState);
  const value = (field: string) => (state.status === "error" ? state.values?.[field] : undefined) ?? "";
  return (
    <form action={action} className="space-y-4" noValidate data-testid="network-simulator-form">
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-3">
        <Field id="network-kind" label="Message" error={state.fieldErrors?.kind}>
          {(aria) => (
            <select {...aria} name="kind" defaultValue={value("kind") || "authorization"} className={inputClass}>
              {SIMULATED_KINDS.map((kind) => (
                <option key={kind} value={kind}>
                  {kind}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field id="network-amount" label={`Amount (${currency})`} error={state.fieldErrors?.amount}>
          {(aria) => (
            <input {...aria} name="amount" inputMode="decimal" defaultValue={value("amount")} className={inputClass} />
          )}
        </Field>
        <Field
          id="network-authorization"
          label="Authorization"
          optional
          hint="auth_… (increment, reversal, clearing, expiry; optional for advice, refund, return-reversal)"
          error={state.fieldErrors?.authorizationId}
        >
          {(aria) => (
            <input {...aria} name="authorizationId" defaultValue={value("authorizationId")} className={inputClass} />
          )}
        </Field>
        <Field id="network-merchant" label="Merchant" optional error={state.fieldErrors?.merchant}>
          {(aria) => <input {...aria} name="merchant" defaultValue={value("merchant")} className={inputClass} />}
        </Field>
        <Field id="network-category" label="Category (MCC)" optional hint="5812, 5813, 5814, 4121, 7230 tip up to 20%">
          {(aria) => <input {...aria} name="category" defaultValue={value("category")} className={inputClass} />}
        </Field>
        <Field
          id="network-id"
          label="Network id"
          optional
          hint="Generated when blank; a repeat changes nothing"
          error={state.fieldErrors?.networkId}
        >
          {(aria) => <input {...aria} name="networkId" defaultValue={value("networkId")} className={inputClass} />}
        </Field>
      </div>
      <label className="flex items-center gap-2 text-sm text-slate-700">
        <input type="checkbox" name="final" /> Final clearing (releases the rest of the hold)
      </label>
      <div className="flex flex-wrap items-center gap-3">
        <SubmitButton pendingText="Sending…">Send</SubmitButton>
        {state.status === "ok" && state.message ? (
          <p role="status" className="text-sm text-emerald-700" data-testid="network-result">
            {state.message}
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
