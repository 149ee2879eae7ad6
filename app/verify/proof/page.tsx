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
import { RecordsAnswer, RecordsVerdict } from "../records-check";
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
    <RecordsVerdict testId="proof-result" valid={false} title="Check the account number">
      <p className="mt-1">{error}</p>
    </RecordsVerdict>
  );
}

/** The letter's check as the page's verdict, when the link carries no signed letter. */
function LetterVerdict({ result }: { result: ProofVerification }) {
  return result.valid ? (
    <RecordsVerdict testId="proof-result" valid title={`✓ Current proof of ${result.kind}`}>
      <LetterFigures result={result} />
    </RecordsVerdict>
  ) : (
    <RecordsVerdict testId="proof-result" valid={false} title="✗ No current letter">
      <p className="mt-1">{noCurrentLetter(result)}</p>
    </RecordsVerdict>
  );
}

/** The letter's check as what our records say, beside a signed letter's verdict. */
function LetterRecords({ result }: { result: ProofVerification }) {
  return result.valid ? (
    <RecordsAnswer
      testId="proof-result"
      valid
      summary={`A current proof of ${result.kind} exists for this account. Our records hold:`}
    >
      <LetterFigures result={result} />
    </RecordsAnswer>
  ) : (
    <RecordsAnswer testId="proof-result" valid={false} summary={noCurrentLetter(result)} />
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
