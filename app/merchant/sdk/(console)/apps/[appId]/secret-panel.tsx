"use client";
// One mode's webhook signing secret: the one in use, hidden until the merchant asks to see it, and a
// pending one after a roll, shown at once with the time it takes over. Secrets reach the browser
// only through these explicit actions (reveal, roll).
import { useState } from "react";
import { ConfirmButton } from "@/components/ui/confirm-button";
import { CopyButton } from "@/components/ui/copy-button";
import { useReauthentication } from "@/app/merchant/sdk/_components/reauth-dialog";
import { buttonVariants } from "@/components/ui/button";
import { Time } from "@/app/merchant/sdk/_components/time";
import { activateSecretAction, revealSecretAction, rollSecretAction } from "./actions";

type Mode = "test" | "live";

const ACTIVATIONS = [
  { value: "now", label: "Now", detail: "the current secret stops signing at once" },
  { value: "1h", label: "In 1 hour", detail: "" },
  { value: "24h", label: "In 24 hours", detail: "" },
] as const;

const MASK = "whsec_••••••••••••••••••••••••••••••••";
const secretBoxClass =
  "block min-w-0 flex-1 truncate rounded-md border border-slate-200 bg-slate-50 px-3 py-2 font-mono text-sm text-slate-800";

export function SecretPanel({
  applicationId,
  mode,
  currentSince,
  pendingFrom,
}: {
  applicationId: string;
  mode: Mode;
  currentSince: string;
  /** When the pending secret takes over; absent when no roll is waiting. */
  pendingFrom: string | null;
}) {
  const [secret, setSecret] = useState<string>();
  const [pendingSecret, setPendingSecret] = useState<string>();
  const [activation, setActivation] = useState<string>("1h");
  const [error, setError] = useState<string>();
  const [notice, setNotice] = useState<string>();
  const [revealing, setRevealing] = useState(false);
  const { withReauthentication, reauthDialog } = useReauthentication();
  const modeName = mode === "live" ? "Live" : "Test";

  function failed(message: string | undefined, fallback: string) {
    setNotice(undefined);
    setError(message ?? fallback);
  }

  async function reveal() {
    setRevealing(true);
    const result = await withReauthentication(() => revealSecretAction(applicationId, mode));
    setRevealing(false);
    if (!result.secret) return failed(result.message, "Could not reveal the secret.");
    setError(undefined);
    setSecret(result.secret);
    setPendingSecret(result.pendingSecret);
  }

  async function roll() {
    const result = await withReauthentication(() => rollSecretAction(applicationId, mode, activation));
    if (!result.secret) return failed(result.message, "Could not roll the secret.");
    setError(undefined);
    if (activation === "now") {
      setSecret(result.secret);
      setPendingSecret(undefined);
      setNotice(
        "A new secret is in effect: every delivery from now on, retries and replays included, is signed with it.",
      );
    } else {
      setPendingSecret(result.secret);
      setNotice(
        "New secret created. Add it to your receiver now, beside the current one: it signs deliveries from the time shown.",
      );
    }
  }

  async function activate() {
    const result = await withReauthentication(() => activateSecretAction(applicationId, mode));
    if (result.status !== "ok") return failed(result.message, "Could not activate the secret.");
    setError(undefined);
    // The pending secret is now the current one; shown if it was shown.
    setSecret(pendingSecret);
    setPendingSecret(undefined);
    setNotice("The new secret is in effect: every delivery from now on is signed with it.");
  }

  return (
    <div className="space-y-4">
      <section aria-labelledby="current-secret-heading">
        <h3 id="current-secret-heading" className="text-sm font-medium text-slate-900">
          {modeName} mode secret, in use
        </h3>
        <div className="mt-2 flex flex-col gap-3 sm:flex-row sm:items-center">
          <code
            data-testid="webhook-secret"
            aria-label={secret ? `${modeName} mode signing secret` : `${modeName} mode signing secret (hidden)`}
            className={secretBoxClass}
          >
            {secret ?? MASK}
          </code>
          <div className="flex shrink-0 flex-wrap gap-2">
            {secret ? (
              <>
                <CopyButton value={secret} label="Copy secret" />
                <button
                  type="button"
                  className={buttonVariants({ variant: "secondary" })}
                  onClick={() => {
                    setSecret(undefined);
                    setPendingSecret(undefined);
                  }}
                >
                  Hide
                </button>
              </>
            ) : (
              <button
                type="button"
                className={buttonVariants({ variant: "secondary" })}
                onClick={reveal}
                disabled={revealing}
              >
                {revealing ? "Revealing…" : "Reveal secret"}
              </button>
            )}
            <ConfirmButton
              label="Roll secret"
              tone="secondary"
              title={`Roll the ${mode} mode signing secret?`}
              description={
                <div className="space-y-3">
                  <p>
                    A new secret is created and shown at once; until it takes over, <em>Reveal secret</em> shows it
                    again beside the current one (as it does the current one, after you confirm it is you). Until the
                    time you pick, {mode} deliveries stay signed with the current secret, so you can add the new one to
                    your receiver first; from then on every attempt, retries and replays included, is signed with the
                    new one. The other mode&apos;s secret is not changed.
                  </p>
                  <fieldset>
                    <legend className="font-medium text-slate-900">The new secret takes over</legend>
                    <div className="mt-2 space-y-2">
                      {ACTIVATIONS.map((option) => (
                        <label key={option.value} className="flex items-center gap-2">
                          <input
                            type="radio"
                            name="activation"
                            value={option.value}
                            checked={activation === option.value}
                            onChange={() => setActivation(option.value)}
                            className="h-4 w-4 accent-indigo-600 focus-visible:outline-2 focus-visible:outline-indigo-500"
                          />
                          <span>
                            {option.label}
                            {option.detail ? <span className="text-slate-600"> ({option.detail})</span> : null}
                          </span>
                        </label>
                      ))}
                    </div>
                  </fieldset>
                  {pendingFrom ? <p>The secret pending now is discarded and replaced.</p> : null}
                </div>
              }
              confirmLabel="Roll secret"
              onConfirm={roll}
            />
          </div>
        </div>
        <p className="mt-2 text-xs text-slate-600">
          In use since <Time value={currentSince} />; signs {mode} mode deliveries only. Revealing, rolling and
          activating are recorded in the audit log.
        </p>
      </section>

      {pendingFrom ? (
        <section
          aria-labelledby="pending-secret-heading"
          className="rounded-lg border border-amber-200 bg-amber-50 p-4"
        >
          <h3 id="pending-secret-heading" className="text-sm font-medium text-slate-900">
            Pending {mode} mode secret
          </h3>
          <p className="mt-1 text-sm text-slate-700" data-testid="pending-switch-time">
            Takes over at <Time value={pendingFrom} />; until then deliveries are signed with the secret above.
          </p>
          <div className="mt-2 flex flex-col gap-3 sm:flex-row sm:items-center">
            <code
              data-testid="pending-webhook-secret"
              aria-label={
                pendingSecret ? `Pending ${mode} mode signing secret` : `Pending ${mode} mode signing secret (hidden)`
              }
              className={secretBoxClass}
            >
              {pendingSecret ?? MASK}
            </code>
            <div className="flex shrink-0 flex-wrap gap-2">
              {pendingSecret ? <CopyButton value={pendingSecret} label="Copy pending secret" /> : null}
              <ConfirmButton
                label="Activate now"
                tone="secondary"
                title={`Activate the pending ${mode} mode secret now?`}
                description="Every delivery from now on, retries and replays included, is signed with the new secret. Receivers that do not have it yet will answer 401."
                confirmLabel="Activate now"
                onConfirm={activate}
              />
            </div>
          </div>
        </section>
      ) : null}

      {notice ? (
        <p role="status" className="text-sm text-emerald-700">
          {notice}
        </p>
      ) : null}
      {error ? (
        <p role="alert" className="text-sm text-red-600">
          {error}
        </p>
      ) : null}
      {reauthDialog}
    </div>
  );
}
