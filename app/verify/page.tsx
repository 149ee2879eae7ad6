// /verify: paste (or scan) a statement token and see whether it is valid; `/verify?token=` is the
// link printed as a QR code on statements, checked on the server by the same function as the API.
// The link's fragment also carries the signed statement: when it does, the signed statement gives the
// page's one verdict (VerifyOutcome, in the browser) and the token's check is shown apart as what our
// records say; without it, the token's check is the verdict.
import type { Metadata } from "next";
import { prisma } from "@/lib/db/client";
import { verifyStatementToken } from "@/lib/statements/verify-statement-token";
import type { StatementTokenResult } from "@/lib/schemas/statement";
import { formatCurrency } from "@/lib/money/format";
import { CalendarDate, LocalTime } from "../_components/local-time";
import { buttonClass, DetailItem, inputClass, PublicShell } from "../_components/public-shell";
import { ScanQrButton } from "./scan-qr-button";
import { RecordsAnswer, RecordsVerdict } from "./records-check";
import { VerifyOutcome } from "./verify-outcome";
import { HolderName } from "./holder-name";
import { spendVerifyBudget, VerifyBudgetNotice } from "./verify-budget";

export const metadata: Metadata = { title: "Verify a statement" };
export const dynamic = "force-dynamic";

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

export default async function VerifyPage({ searchParams }: Props) {
  const raw = (await searchParams).token;
  const token = Array.isArray(raw) ? raw[0] : raw;
  // A check counts against the address's API budget; once spent, the page says so and checks nothing.
  const budget = token === undefined ? undefined : await spendVerifyBudget();
  const result =
    token === undefined || budget?.state !== "ok" ? undefined : await verifyStatementToken(prisma(), token);

  return (
    <PublicShell>
      <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">Verify a statement</h1>
      {budget ? (
        <div className="mt-6">
          <VerifyBudgetNotice budget={budget} />
        </div>
      ) : null}
      <VerifyOutcome
        noun="statement"
        records={
          result === undefined
            ? null
            : {
                valid: result.valid,
                asVerdict: <TokenVerdict result={result} />,
                asRecords: <TokenRecords result={result} />,
              }
        }
      />
      <p className="mt-6 text-slate-600">
        Every statement carries a verification token (it starts with{" "}
        <code className="rounded bg-slate-100 px-1">vst_</code>) and a QR code. Paste the token or scan the code to
        check that the statement is genuine and current.
      </p>

      <form
        method="get"
        action="/verify"
        className="mt-6 rounded-lg border border-slate-200 bg-white p-4 shadow-sm sm:p-6"
      >
        <label htmlFor="token" className="block text-sm font-medium">
          Statement token
        </label>
        <input
          id="token"
          name="token"
          type="text"
          required
          autoComplete="off"
          spellCheck={false}
          inputMode="text"
          defaultValue={token ?? ""}
          placeholder="vst_…"
          className={`${inputClass} font-mono`}
        />
        <div className="mt-4 flex flex-wrap items-center gap-3">
          <button type="submit" className={buttonClass}>
            Verify
          </button>
        </div>
        <ScanQrButton inputId="token" />
      </form>

      <p className="mt-8 text-sm text-slate-600">
        Checking a proof of address or funds letter instead?{" "}
        <a href="/verify/proof" className="text-indigo-700 underline">
          Verify a proof letter
        </a>
        . Machines can call{" "}
        <code className="rounded bg-slate-100 px-1">GET /api/public/verify/statement-token?token=</code>.
      </p>
    </PublicShell>
  );
}

type TokenResult = StatementTokenResult;

/** The token's check as the page's verdict, when the link carries no signed statement. */
function TokenVerdict({ result }: { result: TokenResult }) {
  return result.valid ? (
    <RecordsVerdict testId="verify-result" valid title="✓ Valid statement">
      <TokenFigures result={result} />
    </RecordsVerdict>
  ) : (
    <RecordsVerdict testId="verify-result" valid={false} title="✗ Not valid">
      <p className="mt-1">{result.reason}</p>
      <p className="mt-1 text-sm">
        Reason code: <code>{result.reason_code}</code>
      </p>
    </RecordsVerdict>
  );
}

/** The token's check as what our records say, beside a signed statement's verdict. */
function TokenRecords({ result }: { result: TokenResult }) {
  return result.valid ? (
    <RecordsAnswer
      testId="records-result"
      valid
      summary="The token is one we issued, and it is current. Our records hold:"
    >
      <TokenFigures result={result} />
    </RecordsAnswer>
  ) : (
    <RecordsAnswer
      testId="records-result"
      valid={false}
      summary={
        <>
          The token is not valid in our records: {result.reason} (reason code <code>{result.reason_code}</code>).
        </>
      }
    />
  );
}

function TokenFigures({ result }: { result: Extract<TokenResult, { valid: true }> }) {
  return (
    <>
      {!result.livemode && (
        <p className="mt-1 text-sm font-medium text-amber-800">Issued in test mode: not a real account.</p>
      )}
      <dl className="mt-3 grid grid-cols-1 gap-x-6 gap-y-2 text-sm sm:grid-cols-2">
        <DetailItem label="Holder" value={<HolderName name={result.holder_name} />} />
        <DetailItem
          label="Period (UTC days)"
          value={
            <>
              <CalendarDate date={result.period_start} /> to <CalendarDate date={result.period_end} />
            </>
          }
        />
        <DetailItem label="Opening balance" value={formatCurrency(result.opening_balance, result.currency)} />
        <DetailItem label="Closing balance" value={formatCurrency(result.closing_balance, result.currency)} />
        <DetailItem label="Issued" value={<LocalTime iso={result.issued_at} />} />
        <DetailItem label="Token expires" value={result.expires_at ? <LocalTime iso={result.expires_at} /> : "Never"} />
      </dl>
    </>
  );
}
