"use client";
// A test-mode card's full number, expiry and CVC, hidden until the merchant asks (re-authenticating
// as for secrets). They reach the browser only through this explicit action, which is audited.
import { useState } from "react";
import { CopyButton } from "@/components/ui/copy-button";
import { buttonVariants } from "@/components/ui/button";
import { useReauthentication } from "@/app/merchant/sdk/_components/reauth-dialog";
import type { RevealedCard } from "@/lib/console/reveal-card-details";
import { revealCardDetailsAction } from "./actions";

const valueClass =
  "block min-w-0 flex-1 truncate rounded-md border border-slate-200 bg-slate-50 px-3 py-2 font-mono text-sm text-slate-800";

export function CardDetailsReveal({
  applicationId,
  cardId,
  last4,
}: {
  applicationId: string;
  cardId: string;
  last4: string;
}) {
  const [details, setDetails] = useState<RevealedCard>();
  const [error, setError] = useState<string>();
  const [revealing, setRevealing] = useState(false);
  const { withReauthentication, reauthDialog } = useReauthentication();

  async function reveal() {
    setRevealing(true);
    const result = await withReauthentication(() => revealCardDetailsAction(applicationId, cardId));
    setRevealing(false);
    if (!result.details) return setError(result.message ?? "Could not reveal the card's details.");
    setError(undefined);
    setDetails(result.details);
  }

  const rows: [string, string, string][] = details
    ? [
        ["Number", details.number.replace(/(\d{4})(?=\d)/g, "$1 "), details.number],
        [
          "Expiry",
          `${String(details.expMonth).padStart(2, "0")}/${String(details.expYear % 100).padStart(2, "0")}`,
          "",
        ],
        ["CVC", details.cvc, details.cvc],
      ]
    : [
        ["Number", `•••• •••• •••• ${last4}`, ""],
        ["CVC", "•••", ""],
      ];

  return (
    <div className="space-y-3">
      <dl className="space-y-2" data-testid="card-details">
        {rows.map(([label, shown, copy]) => (
          <div key={label} className="flex flex-col gap-2 sm:flex-row sm:items-center">
            <dt className="w-20 shrink-0 text-sm font-medium text-slate-700">{label}</dt>
            <dd className="flex min-w-0 flex-1 items-center gap-2">
              <code className={valueClass} aria-label={details ? label : `${label} (hidden)`}>
                {shown}
              </code>
              {copy ? <CopyButton value={copy} label={`Copy ${label.toLowerCase()}`} /> : null}
            </dd>
          </div>
        ))}
      </dl>
      <div className="flex flex-wrap items-center gap-3">
        {details ? (
          <button
            type="button"
            className={buttonVariants({ variant: "secondary" })}
            onClick={() => setDetails(undefined)}
          >
            Hide
          </button>
        ) : (
          <button
            type="button"
            className={buttonVariants({ variant: "secondary" })}
            onClick={reveal}
            disabled={revealing}
          >
            {revealing ? "Revealing…" : "Reveal details"}
          </button>
        )}
        {error ? (
          <p role="alert" className="text-sm text-red-700">
            {error}
          </p>
        ) : null}
      </div>
      {reauthDialog}
    </div>
  );
}
