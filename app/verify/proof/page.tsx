// /verify/proof: check a proof-of-address or proof-of-funds letter by account number, kind and
// (optionally) the letter's reference, with the same function as the public API. When the link's
// fragment carries the signed letter, it gives the page's one verdict (VerifyOutcome) and this
// check is shown apart as what our records say; without it, this check is the verdict.
import type { Metadata } from "next";
import { prisma } from "@/lib/db/client";
import { DomainError } from "@/lib/errors";
import { verifyProof } from "@/lib/proofs/verify-proof";
import { proofKindSchema, type ProofVerification } from "@/lib/schemas/proof";
import { formatCurrency } from "@/lib/money/format";
import { LocalTime } from "@/app/_components/local-time";
import { buttonClass, DetailItem, inputClass, PublicShell } from "@/app/_components/public-shell";
import { VerifyOutcome } from "../verify-outcome";
import { HolderName } from "../holder-name";
import { spendVerifyBudget, VerifyBudgetNotice } from "../verify-budget";

export const metadata: Metadata = { title: "Verify a letter" };
export const dynamic = "force-dynamic";

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

const first = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);

export default async function VerifyProofPage({ searchParams }: Props) {
  const params = await searchParams;
  const account = first(params.account)?.trim() ?? "";
  const kindParsed = proofKindSchema.safeParse(first(params.kind));
  const kind = kindParsed.success ? kindParsed.data : "funds";
  const reference = first(params.reference)?.trim() ?? "";

  let result: ProofVerification | undefined;
  let error: string | undefined;
  // A check counts against the address's API budget; once spent, the page says so and checks nothing.
  const budget = account ? await spendVerifyBudget() : undefined;
  if (account && budget?.state === "ok") {
    try {
      result = await verifyProof(prisma(), { account, kind, reference: reference || undefined });
    } catch (caught) {
      if (!(caught instanceof DomainError)) throw caught;
      error = caught.message;
    }
  }

  return (
    <PublicShell>
      <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">Verify a proof letter</h1>
      {budget ? (
        <div className="mt-6">
          <VerifyBudgetNotice budget={budget} />
        </div>
      ) : null}
      <VerifyOutcome
        noun="letter"
        records={
          error !== undefined
            ? { valid: false, asVerdict: <AccountRefused error={error} />, asRecords: <AccountRefused error={error} /> }
            : result === undefined
              ? null
              : {
                  valid: result.valid,
                  asVerdict: <LetterVerdict result={result} />,
                  asRecords: <LetterRecords result={result} />,
                }
        }
      />
      <p className="mt-6 text-slate-600">
        Check a proof of address or proof of funds by the account number printed on it. Add the letter&apos;s reference
        (<code className="rounded bg-slate-100 px-1">PRF-…</code>) to see the certified amount or address.
      </p>

      <form
        method="get"
        action="/verify/proof"
        className="mt-6 grid gap-4 rounded-lg border border-slate-200 bg-white p-4 shadow-sm sm:grid-cols-2 sm:p-6"
      >
        <div>
          <label htmlFor="account" className="block text-sm font-medium">
            Account number
          </label>
          <input
            id="account"
            name="account"
            required
            inputMode="numeric"
            autoComplete="off"
            pattern="[0-9]{10}"
            title="10 digits"
            defaultValue={account}
            className={`${inputClass} font-mono`}
            aria-describedby="account-help"
          />
          <p id="account-help" className="mt-1 text-xs text-slate-600">
            10 digits.
          </p>
        </div>
        <div>
          <label htmlFor="kind" className="block text-sm font-medium">
            Letter
          </label>
          <select id="kind" name="kind" defaultValue={kind} className={inputClass}>
            <option value="funds">Proof of funds</option>
            <option value="address">Proof of address</option>
          </select>
        </div>
        <div className="sm:col-span-2">
          <label htmlFor="reference" className="block text-sm font-medium">
            Reference <span className="font-normal text-slate-600">(optional)</span>
          </label>
          <input
            id="reference"
            name="reference"
            autoComplete="off"
            defaultValue={reference}
            placeholder="PRF-XXXX-XXXX"
            className={`${inputClass} font-mono uppercase`}
          />
        </div>
        <div className="sm:col-span-2">
          <button type="submit" className={buttonClass}>
            Verify
          </button>
        </div>
      </form>
    </PublicShell>
  );
}

function AccountRefused({ error }: { error: string }) {
  return (
    <div
      data-testid="proof-result"
      data-valid="false"
      className="rounded-lg border-2 border-red-400 bg-red-50 p-4 text-red-900"
    >
      <h2 className="font-semibold">Check the account number</h2>
      <p className="mt-1">{error}</p>
    </div>
  );
}

/** The letter's check as the page's verdict, when the link carries no signed letter. */
function LetterVerdict({ result }: { result: ProofVerification }) {
  if (!result.valid) {
    return (
      <div
        data-testid="proof-result"
        data-valid="false"
        className="rounded-lg border-2 border-red-400 bg-red-50 p-4 text-red-900 sm:p-6"
      >
        <h2 className="text-xl font-semibold">✗ No current letter</h2>
        <p className="mt-1">{noCurrentLetter(result)}</p>
      </div>
    );
  }
  return (
    <div
      data-testid="proof-result"
      data-valid="true"
      className="rounded-lg border-2 border-emerald-400 bg-emerald-50 p-4 sm:p-6"
    >
      <h2 className="text-xl font-semibold text-emerald-900">✓ Current proof of {result.kind}</h2>
      <LetterFigures result={result} />
    </div>
  );
}

/** The letter's check as what our records say, beside a signed letter's verdict: no verdict colours, no ticks. */
function LetterRecords({ result }: { result: ProofVerification }) {
  return (
    <div data-testid="proof-result" data-valid={String(result.valid)}>
      {result.valid ? (
        <>
          <p className="font-medium text-slate-900">
            A current proof of {result.kind} exists for this account. Our records hold:
          </p>
          <LetterFigures result={result} />
        </>
      ) : (
        <p className="text-slate-900">{noCurrentLetter(result)}</p>
      )}
    </div>
  );
}

function noCurrentLetter(result: ProofVerification): string {
  return `No current proof of ${result.kind} exists for account ${result.account}: it was never issued, was revoked, or has expired.`;
}

function LetterFigures({ result }: { result: ProofVerification }) {
  return (
    <>
      {result.livemode === false && (
        <p className="mt-1 text-sm font-medium text-amber-800">Issued in test mode: not a real account.</p>
      )}
      <dl className="mt-3 grid grid-cols-1 gap-x-6 gap-y-2 text-sm sm:grid-cols-2">
        <DetailItem label="Account" value={result.account} />
        <DetailItem label="Holder" value={<HolderName name={result.holder_name ?? ""} />} />
        <DetailItem label="Issued" value={result.issued_at ? <LocalTime iso={result.issued_at} /> : "—"} />
        <DetailItem label="Expires" value={result.expires_at ? <LocalTime iso={result.expires_at} /> : "Never"} />
        {result.amount !== undefined && (
          <DetailItem
            label="Available balance at issue"
            value={result.currency ? formatCurrency(result.amount, result.currency) : String(result.amount)}
          />
        )}
        {result.address && (
          <DetailItem
            label="Address"
            value={[
              result.address.line1,
              result.address.line2,
              result.address.city,
              result.address.region,
              result.address.postalCode,
              result.address.country,
            ]
              .filter(Boolean)
              .join(", ")}
          />
        )}
      </dl>
      {result.reference_matched === false && (
        <p className="mt-3 text-sm text-amber-800">
          The reference does not match a current letter of this kind, so the details are withheld.
        </p>
      )}
    </>
  );
}
