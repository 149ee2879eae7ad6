"use client";
// The browser's own check of a signed statement or letter (docs/decisions/signed-documents.md): the
// JWS rides in the link's fragment (#document=…), which the browser never sends to us; this loads
// the published keys, verifies the signature here with WebCrypto Ed25519 (through jose), shows
// exactly what was signed, and only then asks our API whether the document was revoked, which a
// signature cannot say. Each check's outcome is shown on its own, so with the network cut after the
// keys load the signature still verifies and the page says the revocation check could not be made.
import { useEffect, useState } from "react";
import type { JSONWebKeySet } from "jose";
import { verifyDocument, type DocumentVerification, type SignedDocument } from "@/lib/client/verify-document";

type Revocation =
  | { state: "pending" }
  | { state: "checked"; status: "current" | "revoked" | "expired" | "not_found"; revokedAt: string | null }
  | { state: "unreachable" };

type Check =
  | { state: "none" }
  | { state: "loading-keys" }
  | { state: "keys-unavailable" }
  | { state: "done"; result: DocumentVerification; revocation: Revocation };

const FIELD_LABELS: Record<string, string> = {
  iss: "Issuer",
  id: "Document id",
  kind: "Kind",
  holder_name: "Holder",
  account_number: "Account number",
  period_start: "Period start (UTC)",
  period_end: "Period end (UTC)",
  currency: "Currency",
  opening_balance: "Opening balance",
  closing_balance: "Closing balance",
  reference: "Reference",
  amount: "Amount",
  address: "Address",
  issued_at: "Issued at",
  expires_at: "Expires at",
  livemode: "Live mode",
};

function fragmentDocument(hash: string): string | null | undefined {
  if (hash === "" || hash === "#") return undefined;
  return new URLSearchParams(hash.slice(1)).get("document");
}

async function revocationOf(id: string): Promise<Revocation> {
  try {
    const response = await fetch(`/api/public/verify/document?id=${encodeURIComponent(id)}`, { cache: "no-store" });
    if (!response.ok) return { state: "unreachable" };
    const body = (await response.json()) as {
      status: "current" | "revoked" | "expired" | "not_found";
      revoked_at: string | null;
    };
    return { state: "checked", status: body.status, revokedAt: body.revoked_at };
  } catch {
    return { state: "unreachable" };
  }
}

export function SignedDocumentCheck() {
  const [check, setCheck] = useState<Check>({ state: "none" });

  useEffect(() => {
    let cancelled = false;
    async function run() {
      const jws = fragmentDocument(window.location.hash);
      if (jws === undefined) return;
      if (jws === null || jws === "") {
        setCheck({
          state: "done",
          result: {
            valid: false,
            reasonCode: "malformed",
            reason: "The link's fragment holds no document: it should end with #document= and the signed document.",
          },
          revocation: { state: "unreachable" },
        });
        return;
      }
      setCheck({ state: "loading-keys" });
      let jwks: JSONWebKeySet;
      try {
        const response = await fetch("/.well-known/jwks.json");
        if (!response.ok) throw new Error(String(response.status));
        jwks = (await response.json()) as JSONWebKeySet;
      } catch {
        if (!cancelled) setCheck({ state: "keys-unavailable" });
        return;
      }
      const result = await verifyDocument(jws, jwks, { expectedIssuer: window.location.origin });
      if (cancelled) return;
      setCheck({ state: "done", result, revocation: { state: result.document ? "pending" : "unreachable" } });
      if (!result.document) return;
      const revocation = await revocationOf(result.document.id);
      if (!cancelled) setCheck({ state: "done", result, revocation });
    }
    void run();
    return () => {
      cancelled = true;
    };
  }, []);

  if (check.state === "none") return null;
  return (
    <section
      aria-live="polite"
      aria-label="Signed document check"
      data-testid="document-check"
      data-state={check.state}
      className="mt-6 rounded-lg border border-slate-200 bg-white p-4 shadow-sm sm:p-6"
    >
      <h2 className="text-lg font-semibold">Signed document</h2>
      {check.state === "loading-keys" && <p className="mt-2 text-slate-600">Loading the published keys…</p>}
      {check.state === "keys-unavailable" && (
        <p className="mt-2 text-red-900" data-testid="document-signature" data-valid="false">
          ✗ The published keys (/.well-known/jwks.json) could not be loaded, so the signature was not checked.
        </p>
      )}
      {check.state === "done" && <Outcome result={check.result} revocation={check.revocation} />}
    </section>
  );
}

function Outcome({ result, revocation }: { result: DocumentVerification; revocation: Revocation }) {
  return (
    <>
      <ul className="mt-3 space-y-2">
        <li
          data-testid="document-signature"
          data-valid={String(result.valid)}
          data-reason={result.valid ? undefined : result.reasonCode}
          className={result.valid ? "text-emerald-900" : "text-red-900"}
        >
          {result.valid ? (
            <>
              <strong>✓ Signature verified in your browser</strong> with our published key{" "}
              <code className="break-all">{result.kid}</code>: what is shown below is exactly what we signed.
            </>
          ) : (
            <>
              <strong>✗ Not valid:</strong> {result.reason}{" "}
              <span className="text-sm">
                (reason code <code>{result.reasonCode}</code>)
              </span>
            </>
          )}
        </li>
        <li
          data-testid="document-revocation"
          data-state={revocation.state}
          data-status={revocation.state === "checked" ? revocation.status : undefined}
        >
          <RevocationLine revocation={revocation} />
        </li>
      </ul>
      {result.document && <SignedFields document={result.document} />}
    </>
  );
}

function RevocationLine({ revocation }: { revocation: Revocation }) {
  if (revocation.state === "pending")
    return <span className="text-slate-600">Asking the issuer whether it was revoked…</span>;
  if (revocation.state === "unreachable") {
    return (
      <span className="text-amber-800">
        <strong>? Revocation not checked:</strong> our API could not be reached (are you offline?). A signature cannot
        say whether the issuer has since revoked the document.
      </span>
    );
  }
  const text = {
    current: (
      <>
        <strong>✓ Not revoked</strong> (checked online with the issuer just now).
      </>
    ),
    revoked: (
      <>
        <strong>✗ Revoked</strong> by its issuer{revocation.revokedAt ? ` at ${revocation.revokedAt}` : ""}: the
        signature is genuine, but the document no longer stands.
      </>
    ),
    expired: (
      <>
        <strong>✗ Expired</strong> (checked online with the issuer).
      </>
    ),
    not_found: (
      <>
        <strong>✗ Unknown to the issuer:</strong> no document with this id was issued here.
      </>
    ),
  }[revocation.status];
  return <span className={revocation.status === "current" ? "text-emerald-900" : "text-red-900"}>{text}</span>;
}

function SignedFields({ document }: { document: SignedDocument }) {
  return (
    <>
      <h3 className="mt-4 text-sm font-semibold text-slate-900">What was signed</h3>
      <dl className="mt-2 grid grid-cols-1 gap-x-6 gap-y-1 text-sm sm:grid-cols-2" data-testid="document-fields">
        {Object.entries(document).map(([field, value]) => (
          <div key={field} data-field={field}>
            <dt className="text-slate-500">{FIELD_LABELS[field] ?? field}</dt>
            <dd className="font-mono break-words text-slate-900">
              {typeof value === "object" && value !== null ? JSON.stringify(value) : String(value)}
            </dd>
          </div>
        ))}
      </dl>
    </>
  );
}
