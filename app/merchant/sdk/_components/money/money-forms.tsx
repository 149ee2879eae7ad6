"use client";
// The money screens' forms: a bank account in its country's form (the identifiers change with the
// country), a payout to one of the listed accounts, a transfer, and a test payout's simulator moves.
// In live mode each asks the member to confirm it is them first, as the Balance page's deposit does.
import { useActionState, useState } from "react";
import { useReauthentication } from "@/app/merchant/sdk/_components/reauth-dialog";
import { idleState, type ActionState } from "@/app/merchant/sdk/_lib/action-state";
import { buttonVariants } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";
import { Field } from "@/components/ui/field";
import { inputClass } from "@/components/ui/input";
import { SubmitButton } from "@/components/ui/submit-button";
import { addBankAccountAction, payOutAction, simulatePayoutMoveAction, transferAction } from "./actions";

type Action = (previous: ActionState, form: FormData) => Promise<ActionState>;

/** The form's state with live mode's re-authentication around its action. */
function useMoneyAction(run: Action) {
  const { withReauthentication, reauthDialog } = useReauthentication();
  const [state, action] = useActionState(
    (previous: ActionState, form: FormData) => withReauthentication(() => run(previous, form)),
    idleState,
  );
  const errors = state.fieldErrors ?? {};
  const kept = state.status === "error" ? (state.values ?? {}) : {};
  return { state, action, errors, kept, reauthDialog };
}

function Outcome({ state }: { state: ActionState }) {
  if (state.status === "ok")
    return (
      <p role="status" className="rounded-md bg-emerald-50 px-3 py-2 text-sm text-emerald-800">
        {state.message}
      </p>
    );
  if (state.status === "error" && state.message)
    return (
      <p role="alert" className="text-sm text-red-600">
        {state.message}
      </p>
    );
  return null;
}

/** Each country's identifiers, as the API takes them (docs/decisions/money-movement.md). */
const IDENTIFIERS: Record<"US" | "GB" | "NG" | "IBAN", { name: string; label: string; placeholder: string }[]> = {
  US: [
    { name: "routingNumber", label: "Routing number", placeholder: "110000000" },
    { name: "accountNumber", label: "Account number", placeholder: "000123456789" },
  ],
  GB: [
    { name: "sortCode", label: "Sort code", placeholder: "12-34-56" },
    { name: "accountNumber", label: "Account number", placeholder: "12345678" },
  ],
  NG: [
    { name: "bankCode", label: "Bank code", placeholder: "058" },
    { name: "accountNumber", label: "Account number", placeholder: "0152792740" },
  ],
  IBAN: [{ name: "iban", label: "IBAN", placeholder: "DE89 3704 0044 0532 0130 00" }],
};

const schemeOf = (country: string) =>
  country === "US" || country === "GB" || country === "NG" ? country : ("IBAN" as const);

export function AddBankAccountForm({
  applicationId,
  externalUserId,
  live,
  currency,
}: {
  applicationId: string;
  externalUserId: string | null;
  live: boolean;
  /** A wallet's accounts must be in its currency. */
  currency?: string;
}) {
  const { state, action, errors, kept, reauthDialog } = useMoneyAction((previous, form) =>
    addBankAccountAction(applicationId, externalUserId, previous, form),
  );
  const [country, setCountry] = useState(kept.country ?? "US");
  return (
    <form action={action} className="space-y-4" noValidate key={state.status === "ok" ? state.message : "form"}>
      <input type="hidden" name="mode" value={live ? "live" : "test"} />
      <div className="grid gap-4 sm:grid-cols-3">
        <Field
          id="bank-country"
          label="Country"
          error={errors.country}
          hint="ISO code; any other than US, GB, NG takes an IBAN."
        >
          {(aria) => (
            <input
              {...aria}
              name="country"
              value={country}
              onChange={(event) => setCountry(event.target.value.toUpperCase())}
              maxLength={2}
              className={cn(inputClass, "mt-1 font-mono uppercase")}
            />
          )}
        </Field>
        <Field id="bank-currency" label="Currency" error={errors.currency}>
          {(aria) => (
            <input
              {...aria}
              name="currency"
              defaultValue={kept.currency ?? currency ?? "USD"}
              readOnly={currency !== undefined}
              className={cn(inputClass, "mt-1 font-mono uppercase")}
            />
          )}
        </Field>
        <Field id="bank-holder" label="Holder name" error={errors.holderName}>
          {(aria) => (
            <input {...aria} name="holderName" defaultValue={kept.holderName} className={cn(inputClass, "mt-1")} />
          )}
        </Field>
        {IDENTIFIERS[schemeOf(country)].map((field) => (
          <Field key={field.name} id={`bank-${field.name}`} label={field.label} error={errors[field.name]}>
            {(aria) => (
              <input
                {...aria}
                name={field.name}
                placeholder={field.placeholder}
                defaultValue={kept[field.name]}
                autoComplete="off"
                className={cn(inputClass, "mt-1 font-mono")}
              />
            )}
          </Field>
        ))}
      </div>
      <Outcome state={state} />
      <SubmitButton pendingText="Recording…">Add bank account</SubmitButton>
      {reauthDialog}
    </form>
  );
}

export type BankAccountChoice = { id: string; label: string; currency: string };

export function PayOutForm({
  applicationId,
  externalUserId,
  live,
  accounts,
}: {
  applicationId: string;
  externalUserId: string | null;
  live: boolean;
  accounts: BankAccountChoice[];
}) {
  const { state, action, errors, kept, reauthDialog } = useMoneyAction((previous, form) =>
    payOutAction(applicationId, externalUserId, previous, form),
  );
  const [accountId, setAccountId] = useState(kept.bankAccountId ?? accounts[0]?.id ?? "");
  const currency = accounts.find((a) => a.id === accountId)?.currency ?? "USD";
  return (
    <form action={action} className="space-y-4" noValidate key={state.status === "ok" ? state.message : "form"}>
      <input type="hidden" name="mode" value={live ? "live" : "test"} />
      <input type="hidden" name="currency" value={currency} />
      <div className="grid gap-4 sm:grid-cols-3">
        <Field id="payout-account" label="Bank account" error={errors.bankAccountId}>
          {(aria) => (
            <select
              {...aria}
              name="bankAccountId"
              value={accountId}
              onChange={(event) => setAccountId(event.target.value)}
              className={cn(inputClass, "mt-1")}
            >
              {accounts.map((a) => (
                <option key={a.id} value={a.id}>
                  {a.label}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field id="payout-amount" label={`Payout amount (${currency})`} error={errors.amount ?? errors.currency}>
          {(aria) => (
            <input
              {...aria}
              name="amount"
              inputMode="decimal"
              placeholder="120.00"
              defaultValue={kept.amount}
              className={cn(inputClass, "mt-1 font-mono")}
            />
          )}
        </Field>
        <Field id="payout-description" label="Payout description" optional error={errors.description}>
          {(aria) => (
            <input {...aria} name="description" defaultValue={kept.description} className={cn(inputClass, "mt-1")} />
          )}
        </Field>
      </div>
      <Outcome state={state} />
      <SubmitButton pendingText="Paying out…">Pay out</SubmitButton>
      {reauthDialog}
    </form>
  );
}

export function TransferForm({
  applicationId,
  from,
  live,
  currency,
}: {
  applicationId: string;
  /** "balance" or the sending wallet's external user id. */
  from: string;
  live: boolean;
  currency?: string;
}) {
  const { state, action, errors, kept, reauthDialog } = useMoneyAction((previous, form) =>
    transferAction(applicationId, from, previous, form),
  );
  return (
    <form action={action} className="space-y-4" noValidate key={state.status === "ok" ? state.message : "form"}>
      <input type="hidden" name="mode" value={live ? "live" : "test"} />
      <div className="grid gap-4 sm:grid-cols-4">
        <Field
          id="transfer-to"
          label="To"
          error={errors.to}
          hint={from === "balance" ? "A wallet's external user id." : "A wallet's external user id, or balance."}
        >
          {(aria) => (
            <input
              {...aria}
              name="to"
              placeholder={from === "balance" ? "user_42" : "balance"}
              defaultValue={kept.to}
              className={cn(inputClass, "mt-1 font-mono")}
            />
          )}
        </Field>
        <Field id="transfer-amount" label="Transfer amount" error={errors.amount}>
          {(aria) => (
            <input
              {...aria}
              name="amount"
              inputMode="decimal"
              placeholder="25.00"
              defaultValue={kept.amount}
              className={cn(inputClass, "mt-1 font-mono")}
            />
          )}
        </Field>
        <Field id="transfer-currency" label="Transfer currency" error={errors.currency}>
          {(aria) => (
            <input
              {...aria}
              name="currency"
              defaultValue={kept.currency ?? currency ?? "USD"}
              className={cn(inputClass, "mt-1 font-mono uppercase")}
            />
          )}
        </Field>
        <Field id="transfer-description" label="Transfer description" optional error={errors.description}>
          {(aria) => (
            <input {...aria} name="description" defaultValue={kept.description} className={cn(inputClass, "mt-1")} />
          )}
        </Field>
      </div>
      <Outcome state={state} />
      <SubmitButton pendingText="Moving…">Transfer</SubmitButton>
      {reauthDialog}
    </form>
  );
}

const MOVE_LABELS = { in_transit: "In transit", paid: "Paid", failed: "Failed", returned: "Returned" } as const;

/** The simulator rail's moves a test payout may take next, as its bank would report them. */
export function PayoutMoveButtons({
  applicationId,
  payoutId,
  moves,
}: {
  applicationId: string;
  payoutId: string;
  moves: (keyof typeof MOVE_LABELS)[];
}) {
  const [state, action] = useActionState(
    (previous: ActionState, form: FormData) => simulatePayoutMoveAction(applicationId, payoutId, previous, form),
    idleState,
  );
  return (
    <form action={action} className="flex flex-col items-start gap-1">
      <input type="hidden" name="mode" value="test" />
      <div className="flex flex-wrap gap-1">
        {moves.map((move) => (
          <button
            key={move}
            type="submit"
            name="move"
            value={move}
            className={cn(buttonVariants({ variant: "secondary" }), "px-2 py-1 text-xs")}
          >
            {MOVE_LABELS[move]}
            <span className="sr-only"> {payoutId}</span>
          </button>
        ))}
      </div>
      {state.message ? (
        <p role="status" className={state.status === "error" ? "text-xs text-red-700" : "text-xs text-emerald-700"}>
          {state.message}
        </p>
      ) : null}
    </form>
  );
}
