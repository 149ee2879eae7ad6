"use client";
// The webhook signing secret: hidden until the merchant asks to see it, copyable, rotatable after a
// confirmation. The secret reaches the browser only through those two explicit actions.
import { useState } from "react";
import { ConfirmButton } from "../../../_components/confirm-button";
import { CopyButton } from "../../../_components/copy-button";
import { buttonClass, Time } from "../../../_components/ui";
import { revealSecretAction, rotateSecretAction } from "./actions";

export function SecretPanel({ applicationId, createdAt }: { applicationId: string; createdAt: string }) {
  const [secret, setSecret] = useState<string>();
  const [error, setError] = useState<string>();
  const [notice, setNotice] = useState<string>();
  const [pending, setPending] = useState(false);

  async function reveal() {
    setPending(true);
    const result = await revealSecretAction(applicationId);
    setPending(false);
    if (result.secret) setSecret(result.secret);
    else setError(result.message ?? "Could not reveal the secret.");
  }

  async function rotate() {
    const result = await rotateSecretAction(applicationId);
    if (result.secret) {
      setSecret(result.secret);
      setNotice("A new secret is in effect. Update your receiver: deliveries are now signed with it.");
    } else setError(result.message ?? "Could not rotate the secret.");
  }

  return (
    <div>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
        <code
          data-testid="webhook-secret"
          aria-label={secret ? "Webhook signing secret" : "Webhook signing secret (hidden)"}
          className="block min-w-0 flex-1 truncate rounded-md border border-slate-200 bg-slate-50 px-3 py-2 font-mono text-sm text-slate-800"
        >
          {secret ?? "whsec_••••••••••••••••••••••••••••••••"}
        </code>
        <div className="flex shrink-0 flex-wrap gap-2">
          {secret ? (
            <>
              <CopyButton value={secret} label="Copy secret" />
              <button type="button" className={buttonClass.secondary} onClick={() => setSecret(undefined)}>
                Hide
              </button>
            </>
          ) : (
            <button type="button" className={buttonClass.secondary} onClick={reveal} disabled={pending}>
              {pending ? "Revealing…" : "Reveal secret"}
            </button>
          )}
          <ConfirmButton
            label="Rotate secret"
            title="Rotate the webhook signing secret?"
            description="A new secret is generated and used for every delivery from now on, including retries. Receivers still checking the old secret will answer 401 until you update them."
            confirmLabel="Rotate secret"
            onConfirm={rotate}
          />
        </div>
      </div>
      <p className="mt-2 text-xs text-slate-500">
        In use since <Time value={createdAt} />. Revealing and rotating are recorded in the audit log.
      </p>
      {notice ? (
        <p role="status" className="mt-2 text-sm text-emerald-700">
          {notice}
        </p>
      ) : null}
      {error ? (
        <p role="alert" className="mt-2 text-sm text-red-600">
          {error}
        </p>
      ) : null}
    </div>
  );
}
