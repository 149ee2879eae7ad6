"use client";
// One verdict for a verify page (docs/decisions/public-verification.md), first on the page. When the
// link carries a signed statement or letter in its fragment (#document=…, which the browser never
// sends to us), the document decides: this loads the published keys, verifies the signature here
// with WebCrypto Ed25519 (through jose) and only then asks our API whether it was revoked. A
// document that fails is called altered (or foreign, or expired) and none of its figures is shown;
// the server's check of the token or letter is shown apart, as what our records say. Without a
// document, that check is the verdict. A change of the fragment alone (hashchange) checks the new one.
import { useEffect, useState, useSyncExternalStore, type ReactNode } from "react";
import type { JSONWebKeySet } from "jose";
import {
  verifyDocument,
  type DocumentReasonCode,
  type DocumentVerification,
  type SignedDocument,
} from "@/lib/client/verify-document";

type RevocationStatus = "current" | "revoked" | "expired" | "not_found";

type Revocation =
  | { state: "pending" }
  | { state: "checked"; status: RevocationStatus; revokedAt: string | null }
  /** The request was made and failed: offline, or our API answered an error. */
  | { state: "unreachable" }
  /** No request was made: the document is not valid, so its revocation says nothing. */
  | { state: "not-asked" };

type Check =
  | { state: "loading-keys" }
  | { state: "keys-unavailable" }
  | { state: "done"; result: DocumentVerification; revocation: Revocation };

type Noun = "statement" | "letter";

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

function subscribeToHash(onChange: () => void) {
  window.addEventListener("hashchange", onChange);
  return () => window.removeEventListener("hashchange", onChange);
}

/** The fragment's document: undefined when the fragment names none, "" when it is there but empty. */
function fragmentDocument(hash: string): string | undefined {
  if (hash === "" || hash === "#") return undefined;
  return new URLSearchParams(hash.slice(1)).get("document") ?? "";
}

async function revocationOf(id: string): Promise<Revocation> {
  try {
    const response = await fetch(`/api/public/verify/document?id=${encodeURIComponent(id)}`, { cache: "no-store" });
    if (!response.ok) return { state: "unreachable" };
    const body = (await response.json()) as { status: RevocationStatus; revoked_at: string | null };
    return { state: "checked", status: body.status, revokedAt: body.revoked_at };
  } catch {
    return { state: "unreachable" };
  }
}

async function checkDocument(jws: string, report: (check: Check) => void): Promise<void> {
  if (jws === "") {
    report({
      state: "done",
      result: {
        valid: false,
        reasonCode: "malformed",
        reason: "The link's fragment holds no document: it should end with #document= and the signed document.",
      },
      revocation: { state: "not-asked" },
    });
    return;
  }
  report({ state: "loading-keys" });
  let jwks: JSONWebKeySet;
  try {
    const response = await fetch("/.well-known/jwks.json");
    if (!response.ok) throw new Error(String(response.status));
    jwks = (await response.json()) as JSONWebKeySet;
  } catch {
    report({ state: "keys-unavailable" });
    return;
  }
  const result = await verifyDocument(jws, jwks, { expectedIssuer: window.location.origin });
  if (!result.valid) {
    report({ state: "done", result, revocation: { state: "not-asked" } });
    return;
  }
  report({ state: "done", result, revocation: { state: "pending" } });
  report({ state: "done", result, revocation: await revocationOf(result.document.id) });
}

/** The server's check of the link's token or letter, rendered both ways. */
export type RecordsCheck = {
  valid: boolean;
  /** Worded and coloured as the page's verdict: shown when the link carries no document. */
  asVerdict: ReactNode;
  /** Worded as what our records say: shown apart, below a document's verdict. */
  asRecords: ReactNode;
};

export function VerifyOutcome({ noun, records }: { noun: Noun; records: RecordsCheck | null }) {
  // null on the server and while hydrating: the fragment is the browser's alone.
  const hash = useSyncExternalStore(
    subscribeToHash,
    () => window.location.hash,
    () => null,
  );
  const jws = hash === null ? undefined : fragmentDocument(hash);
  // Each check is kept with the document it is about, so a new fragment never shows the old verdict.
  const [check, setCheck] = useState<{ jws: string; check: Check } | undefined>(undefined);

  useEffect(() => {
    if (jws === undefined) return;
    let cancelled = false;
    void checkDocument(jws, (next) => {
      if (!cancelled) setCheck({ jws, check: next });
    });
    return () => {
      cancelled = true;
    };
  }, [jws]);

  if (hash === null) {
    if (!records) return null;
    return (
      <>
        <VerdictBox verdict="checking" title="Checking…" />
        <noscript>{records.asVerdict}</noscript>
      </>
    );
  }
  if (jws === undefined) {
    return records ? (
      <div data-testid="verdict" data-verdict={records.valid ? "valid" : "invalid"} className="mt-6">
        {records.asVerdict}
      </div>
    ) : null;
  }
  const current = check?.jws === jws ? check.check : { state: "loading-keys" as const };
  return (
    <>
      <DocumentVerdict check={current} noun={noun} />
      {records ? (
        <section
          data-testid="records"
          aria-labelledby="records-heading"
          className="mt-6 rounded-lg border border-slate-200 bg-slate-50 p-4 sm:p-6"
        >
          <h2 id="records-heading" className="text-base font-semibold text-slate-900">
            What our records say
          </h2>
          <p className="mt-1 text-sm text-slate-600">
            Our own check of the link&apos;s {noun === "statement" ? "token" : "account and reference"}, apart from the
            signed {noun} above: it says what we hold, not what the {noun} you were shown says.
          </p>
          <div className="mt-3">{records.asRecords}</div>
        </section>
      ) : null}
    </>
  );
}

type VerdictKind = "checking" | "valid" | "invalid" | "unverified";

const VERDICT_STYLE: Record<VerdictKind, string> = {
  checking: "border-slate-300 bg-white text-slate-900",
  valid: "border-emerald-400 bg-emerald-50 text-emerald-950",
  invalid: "border-red-400 bg-red-50 text-red-950",
  unverified: "border-amber-400 bg-amber-50 text-amber-950",
};

function VerdictBox({ verdict, title, children }: { verdict: VerdictKind; title: string; children?: ReactNode }) {
  return (
    <section
      data-testid="verdict"
      data-verdict={verdict}
      aria-live="polite"
      aria-label="Verdict"
      className={`mt-6 rounded-lg border-2 p-4 shadow-sm sm:p-6 ${VERDICT_STYLE[verdict]}`}
    >
      <h2 className="text-xl font-semibold">{title}</h2>
      {children}
    </section>
  );
}

const INVALID_TITLE: Record<DocumentReasonCode, (noun: Noun) => string> = {
  malformed: (noun) => `✗ No signed ${noun} in this link`,
  unknown_kid: (noun) => `✗ Not signed by us: this ${noun} is not ours`,
  bad_signature: (noun) => `✗ Altered: this is not the ${noun} we signed`,
  wrong_type: (noun) => `✗ Altered: this is not the ${noun} we signed`,
  bad_payload: (noun) => `✗ Altered: this is not the ${noun} we signed`,
  wrong_issuer: (noun) => `✗ Not ours: this ${noun} was issued elsewhere`,
  expired: (noun) => `✗ Expired: this ${noun} no longer stands`,
};

function DocumentVerdict({ check, noun }: { check: Check; noun: Noun }) {
  if (check.state === "loading-keys") {
    return <VerdictBox verdict="checking" title={`Checking the signed ${noun}…`} />;
  }
  if (check.state === "keys-unavailable") {
    return (
      <VerdictBox verdict="unverified" title={`? Not checked: do not rely on this ${noun} yet`}>
        <p className="mt-2" data-testid="document-signature" data-valid="false">
          Our published keys (/.well-known/jwks.json) could not be loaded, so the signature was not checked and none of
          the {noun}&apos;s figures is shown. Try again when you are online.
        </p>
      </VerdictBox>
    );
  }
  const { result, revocation } = check;
  if (!result.valid) {
    return (
      <VerdictBox verdict="invalid" title={INVALID_TITLE[result.reasonCode](noun)}>
        <p className="mt-2" data-testid="document-signature" data-valid="false" data-reason={result.reasonCode}>
          {result.reason}{" "}
          <span className="text-sm">
            (reason code <code>{result.reasonCode}</code>)
          </span>
        </p>
        <p className="mt-2 font-medium">
          None of its figures can be trusted, so none is shown here. Ask the sender for the original link.
        </p>
        <RevocationLine revocation={revocation} noun={noun} />
      </VerdictBox>
    );
  }
  const verdict: VerdictKind =
    revocation.state === "checked"
      ? revocation.status === "current"
        ? "valid"
        : "invalid"
      : revocation.state === "pending"
        ? "checking"
        : "unverified";
  const title = {
    valid: `✓ Genuine ${noun}: signed by us, unaltered and not revoked`,
    invalid: `✗ No longer valid: this ${noun} is genuine but does not stand`,
    unverified: `✓ Genuine ${noun}, but whether it was revoked is unknown`,
    checking: `Genuine ${noun}: asking whether it was revoked…`,
  }[verdict];
  const label = noun === "statement" ? "What was signed" : "What the letter states, as signed";
  return (
    <VerdictBox verdict={verdict} title={title}>
      <p className="mt-2" data-testid="document-signature" data-valid="true">
        Signature verified in your browser with our published key <code className="break-all">{result.kid}</code>.
      </p>
      <RevocationLine revocation={revocation} noun={noun} />
      <SignedFields
        document={result.document}
        caption={verdict === "valid" ? label : `${label} (not confirmed as standing: see above)`}
      />
    </VerdictBox>
  );
}

function RevocationLine({ revocation, noun }: { revocation: Revocation; noun: Noun }) {
  const data = {
    "data-testid": "document-revocation",
    "data-state": revocation.state,
    "data-status": revocation.state === "checked" ? revocation.status : undefined,
  };
  if (revocation.state === "not-asked") {
    return (
      <p {...data} className="mt-2 text-sm">
        Revocation not asked: the {noun} is not valid as it stands, so whether it was revoked changes nothing.
      </p>
    );
  }
  if (revocation.state === "pending")
    return (
      <p {...data} className="mt-2">
        Asking the issuer whether it was revoked…
      </p>
    );
  if (revocation.state === "unreachable") {
    return (
      <p {...data} className="mt-2">
        <strong>? Revocation not checked:</strong> we asked our API and it could not be reached (are you offline?). A
        signature cannot say whether the issuer has since revoked the {noun}.
      </p>
    );
  }
  const text: Record<RevocationStatus, ReactNode> = {
    current: (
      <>
        <strong>✓ Not revoked</strong> (checked online with the issuer just now).
      </>
    ),
    revoked: (
      <>
        <strong>✗ Revoked</strong> by its issuer{revocation.revokedAt ? ` at ${revocation.revokedAt}` : ""}: the
        signature is genuine, but the {noun} no longer stands.
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
  };
  return (
    <p {...data} className="mt-2">
      {text[revocation.status]}
    </p>
  );
}

function SignedFields({ document, caption }: { document: SignedDocument; caption: string }) {
  return (
    <>
      <h3 className="mt-4 text-sm font-semibold">{caption}</h3>
      <dl className="mt-2 grid grid-cols-1 gap-x-6 gap-y-1 text-sm sm:grid-cols-2" data-testid="document-fields">
        {Object.entries(document).map(([field, value]) => (
          <div key={field} data-field={field}>
            <dt className="opacity-75">{FIELD_LABELS[field] ?? field}</dt>
            <dd className="font-mono break-words">
              {typeof value === "object" && value !== null ? JSON.stringify(value) : String(value)}
            </dd>
          </div>
        ))}
      </dl>
    </>
  );
}
