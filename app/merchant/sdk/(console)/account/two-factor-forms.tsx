"use client";
// The account page's two-factor forms: start the set-up, confirm it with a first code, and once on,
// regenerate recovery codes or turn it off (both after re-authentication). New recovery codes are
// shown here once.
import { useRouter } from "next/navigation";
import { useActionState, useState } from "react";
import { ConfirmButton } from "@/components/ui/confirm-button";
import { cn } from "@/components/ui/cn";
import { CopyButton } from "@/components/ui/copy-button";
import { useReauthentication } from "@/app/merchant/sdk/_components/reauth-dialog";
import { buttonVariants } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { inputClass } from "@/components/ui/input";
import { SubmitButton } from "@/components/ui/submit-button";
import { idleState } from "@/app/merchant/sdk/_lib/action-state";
import {
  confirmTwoFactorAction,
  disableTwoFactorAction,
  regenerateRecoveryCodesAction,
  startTwoFactorAction,
  type RecoveryCodesState,
} from "./actions";

export function StartTwoFactorButton() {
  const { withReauthentication, reauthDialog } = useReauthentication();
  const [state, action] = useActionState(() => withReauthentication(() => startTwoFactorAction()), idleState);
  return (
    <form action={action}>
      <SubmitButton pendingText="Preparing…">Set up two-factor authentication</SubmitButton>
      {state.status === "error" ? (
        <p role="alert" className="mt-2 text-sm text-red-600">
          {state.message}
        </p>
      ) : null}
      {reauthDialog}
    </form>
  );
}

/** The set-up steps (QR code, key, first code), replaced by the recovery codes once the code is accepted. */
export function TwoFactorEnrolment({
  secret,
  qrCode,
  qrCodeAlt,
}: {
  secret: string;
  qrCode: string;
  qrCodeAlt: string;
}) {
  const [state, action] = useActionState(confirmTwoFactorAction, idleState as RecoveryCodesState);
  if (state.recoveryCodes)
    return <RecoveryCodes codes={state.recoveryCodes} heading="Two-factor authentication is on" />;
  return (
    <ol className="list-decimal space-y-4 pl-5 text-sm text-slate-600">
      <li>
        <p>Scan this QR code with an authenticator app (1Password, Google Authenticator, Authy…).</p>
        {/* eslint-disable-next-line @next/next/no-img-element -- a data: URL made on the server, nothing for next/image to optimise */}
        <img
          src={qrCode}
          width={192}
          height={192}
          alt={qrCodeAlt}
          className="mt-3 rounded-md border border-slate-200"
        />
        <p className="mt-3">Or type this key into the app:</p>
        <code
          data-testid="totp-secret"
          className="mt-1 block break-all rounded-md border border-slate-200 bg-slate-50 px-3 py-2 font-mono text-sm text-slate-800"
        >
          {secret}
        </code>
      </li>
      <li>
        <p>Enter the six-digit code the app shows.</p>
        <form action={action} className="mt-3 flex flex-col gap-3 sm:flex-row sm:items-start" noValidate>
          <div className="sm:w-56">
            <Field id="totp-code" label="Authentication code" error={state.fieldErrors?.code ?? state.message}>
              {(aria) => (
                <input
                  {...aria}
                  name="code"
                  inputMode="numeric"
                  autoComplete="one-time-code"
                  required
                  className={cn(inputClass, "mt-1 font-mono")}
                />
              )}
            </Field>
          </div>
          <SubmitButton pendingText="Checking…" className="sm:mt-6">
            Turn on
          </SubmitButton>
        </form>
      </li>
    </ol>
  );
}

export function TwoFactorControls() {
  const { withReauthentication, reauthDialog } = useReauthentication();
  const [codes, setCodes] = useState<string[]>();
  const [error, setError] = useState<string>();

  async function regenerate() {
    setError(undefined);
    const result = await withReauthentication(() => regenerateRecoveryCodesAction());
    if (result.recoveryCodes) setCodes(result.recoveryCodes);
    else setError(result.message ?? "Could not make new recovery codes.");
  }

  async function turnOff() {
    setError(undefined);
    const result = await withReauthentication(() => disableTwoFactorAction());
    if (result.status !== "ok") setError(result.message ?? "Could not turn two-factor authentication off.");
  }

  if (codes) return <RecoveryCodes codes={codes} heading="New recovery codes" onSaved={() => setCodes(undefined)} />;
  return (
    <div>
      <div className="flex flex-wrap gap-2">
        <ConfirmButton
          label="Regenerate recovery codes"
          title="Make new recovery codes?"
          description="Your current recovery codes stop working, used or not, and ten new ones are shown once."
          confirmLabel="Make new codes"
          tone="secondary"
          onConfirm={regenerate}
        />
        <ConfirmButton
          label="Turn off two-factor authentication"
          title="Turn off two-factor authentication?"
          description="Signing in will ask for your password only, and your recovery codes stop working."
          confirmLabel="Turn off"
          onConfirm={turnOff}
        />
      </div>
      {error ? (
        <p role="alert" className="mt-2 text-sm text-red-600">
          {error}
        </p>
      ) : null}
      {reauthDialog}
    </div>
  );
}

function RecoveryCodes({ codes, heading, onSaved }: { codes: string[]; heading: string; onSaved?: () => void }) {
  const router = useRouter();
  return (
    <div className="rounded-lg border border-amber-300 bg-amber-50 p-4 text-sm text-slate-700">
      <h3 className="font-semibold text-slate-900">{heading}</h3>
      <p className="mt-1">
        Save these recovery codes somewhere safe, such as a password manager. Each one signs you in once if your phone
        is not at hand. They are shown only now.
      </p>
      <ul aria-label="Recovery codes" data-testid="recovery-codes" className="mt-3 grid gap-2 font-mono sm:grid-cols-2">
        {codes.map((code) => (
          <li key={code} className="whitespace-nowrap rounded bg-white px-2 py-1 text-slate-900">
            {code}
          </li>
        ))}
      </ul>
      <div className="mt-4 flex flex-wrap gap-2">
        <CopyButton value={codes.join("\n")} label="Copy codes" />
        <button
          type="button"
          className={buttonVariants({ variant: "primary" })}
          onClick={() => {
            onSaved?.();
            router.refresh();
          }}
        >
          I have saved them
        </button>
      </div>
    </div>
  );
}
