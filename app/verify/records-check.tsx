// The server's check of a verify link (a statement's token, a letter by account and reference), in
// the two forms a verify page shows it (app/verify/verify-outcome.tsx): as the page's verdict when
// the link carries no signed document, and as what our records say beside a document's verdict.

/** The check as the page's verdict: green when it passed, red when not. */
export function RecordsVerdict({
  testId,
  valid,
  title,
  children,
}: {
  testId: string;
  valid: boolean;
  title: string;
  children: React.ReactNode;
}) {
  const tone = valid ? "border-emerald-400 bg-emerald-50 text-emerald-900" : "border-red-400 bg-red-50 text-red-900";
  return (
    <div data-testid={testId} data-valid={String(valid)} className={`rounded-lg border-2 p-4 sm:p-6 ${tone}`}>
      <h2 className="text-xl font-semibold">{title}</h2>
      {children}
    </div>
  );
}

/** The same check as what our records say: no verdict colours, no ticks; the figures after the summary. */
export function RecordsAnswer({
  testId,
  valid,
  summary,
  children,
}: {
  testId: string;
  valid: boolean;
  summary: React.ReactNode;
  children?: React.ReactNode;
}) {
  return (
    <div data-testid={testId} data-valid={String(valid)}>
      <p className={valid ? "font-medium text-slate-900" : "text-slate-900"}>{summary}</p>
      {children}
    </div>
  );
}
