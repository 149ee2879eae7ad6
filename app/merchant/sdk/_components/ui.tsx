// Small presentational pieces every console page shares, so pages look and behave alike.
import Link from "next/link";
import { RelativeLocalTime } from "../../../_components/local-time";

export const buttonClass = {
  primary:
    "inline-flex items-center justify-center gap-2 rounded-md bg-indigo-600 px-3.5 py-2 text-sm font-medium text-white shadow-sm hover:bg-indigo-500 focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 focus-visible:ring-offset-2 disabled:cursor-not-allowed disabled:opacity-60",
  secondary:
    "inline-flex items-center justify-center gap-2 rounded-md border border-slate-300 bg-white px-3.5 py-2 text-sm font-medium text-slate-700 shadow-sm hover:bg-slate-50 focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 focus-visible:ring-offset-2 disabled:cursor-not-allowed disabled:opacity-60",
  danger:
    "inline-flex items-center justify-center gap-2 rounded-md bg-red-600 px-3.5 py-2 text-sm font-medium text-white shadow-sm hover:bg-red-500 focus:outline-none focus-visible:ring-2 focus-visible:ring-red-500 focus-visible:ring-offset-2 disabled:cursor-not-allowed disabled:opacity-60",
  dangerOutline:
    "inline-flex items-center justify-center gap-2 rounded-md border border-red-300 bg-white px-3 py-1.5 text-sm font-medium text-red-700 hover:bg-red-50 focus:outline-none focus-visible:ring-2 focus-visible:ring-red-500 focus-visible:ring-offset-2 disabled:cursor-not-allowed disabled:opacity-60",
};

export const inputClass =
  "block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 shadow-sm placeholder:text-slate-400 focus:border-indigo-500 focus:outline-none focus:ring-2 focus:ring-indigo-500/40 aria-[invalid=true]:border-red-500 aria-[invalid=true]:ring-red-500/30";

/** A list filter's choice: a labelled select whose empty value means "any". */
export function FilterSelect({
  id,
  name,
  label,
  value,
  anyLabel,
  options,
}: {
  id: string;
  name: string;
  label: string;
  value: string | undefined;
  anyLabel: string;
  options: readonly (string | { value: string; label: string })[];
}) {
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-xs font-medium text-slate-700">
        {label}
      </label>
      <select id={id} name={name} defaultValue={value ?? ""} className={inputClass}>
        <option value="">{anyLabel}</option>
        {options.map((option) => {
          const { value: optionValue, label: optionLabel } =
            typeof option === "string" ? { value: option, label: option } : option;
          return (
            <option key={optionValue} value={optionValue}>
              {optionLabel}
            </option>
          );
        })}
      </select>
    </div>
  );
}

export function PageHeader({
  title,
  description,
  actions,
}: {
  title: string;
  description?: React.ReactNode;
  actions?: React.ReactNode;
}) {
  return (
    <div className="mb-6 flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
      <div>
        <h1 className="text-2xl font-semibold tracking-tight text-slate-900">{title}</h1>
        {description ? <p className="mt-1 max-w-2xl text-sm text-slate-600">{description}</p> : null}
      </div>
      {actions ? <div className="flex shrink-0 gap-2">{actions}</div> : null}
    </div>
  );
}

export function Panel({
  title,
  description,
  children,
  actions,
  id,
}: {
  title?: string;
  description?: React.ReactNode;
  children: React.ReactNode;
  actions?: React.ReactNode;
  id?: string;
}) {
  return (
    <section aria-labelledby={id} className="rounded-xl border border-slate-200 bg-white shadow-sm">
      {title ? (
        <header className="flex flex-col gap-2 border-b border-slate-100 px-5 py-4 sm:flex-row sm:items-center sm:justify-between">
          <div>
            <h2 id={id} className="text-base font-semibold text-slate-900">
              {title}
            </h2>
            {description ? <p className="mt-0.5 text-sm text-slate-500">{description}</p> : null}
          </div>
          {actions}
        </header>
      ) : null}
      <div className="px-5 py-4">{children}</div>
    </section>
  );
}

const badgeTones = {
  green: "bg-emerald-50 text-emerald-700 ring-emerald-600/20",
  red: "bg-red-50 text-red-700 ring-red-600/20",
  amber: "bg-amber-50 text-amber-800 ring-amber-600/20",
  slate: "bg-slate-100 text-slate-700 ring-slate-500/20",
  indigo: "bg-indigo-50 text-indigo-700 ring-indigo-600/20",
};

export function Badge({ tone = "slate", children }: { tone?: keyof typeof badgeTones; children: React.ReactNode }) {
  return (
    <span
      className={`inline-flex items-center rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset ${badgeTones[tone]}`}
    >
      {children}
    </span>
  );
}

/** One term of a `<dl>` and its value, as the console's detail pages show them. */
export function Detail({
  term,
  children,
  className,
  valueClassName = "",
}: {
  term: React.ReactNode;
  children: React.ReactNode;
  className?: string;
  valueClassName?: string;
}) {
  return (
    <div className={className}>
      <dt className="text-xs font-medium uppercase tracking-wide text-slate-600">{term}</dt>
      <dd className={`mt-1 ${valueClassName}`.trim()}>{children}</dd>
    </div>
  );
}

/** Marks an event (or its delivery) sent from the console's "Send test event", after its name. */
export function TestBadge({ test }: { test: boolean }) {
  if (!test) return null;
  return (
    <>
      {" "}
      <Badge tone="amber">Test</Badge>
    </>
  );
}

export function statusTone(status: string): keyof typeof badgeTones {
  if (["active", "succeeded", "enabled", "closed"].includes(status)) return "green";
  if (["failed", "canceled", "revoked", "declined", "disabled"].includes(status)) return "red";
  if (["pending", "frozen"].includes(status)) return "amber";
  return "slate";
}

export function EmptyState({
  title,
  children,
  action,
}: {
  title: string;
  children?: React.ReactNode;
  action?: React.ReactNode;
}) {
  return (
    <div className="flex flex-col items-center justify-center rounded-lg border border-dashed border-slate-300 px-6 py-10 text-center">
      <p className="font-medium text-slate-900">{title}</p>
      {children ? <div className="mt-1 max-w-md text-sm text-slate-500">{children}</div> : null}
      {action ? <div className="mt-4">{action}</div> : null}
    </div>
  );
}

export function FieldError({ id, message }: { id: string; message?: string }) {
  if (!message) return null;
  return (
    <p id={id} role="alert" className="mt-1.5 text-sm text-red-600">
      {message}
    </p>
  );
}

/** What Field hands its control: the id, and the invalid / described-by wiring to its error or hint. */
export type FieldAria = { id: string; "aria-invalid": boolean; "aria-describedby": string | undefined };

/**
 * A labelled form control with its error, or else its hint, underneath. The error and hint ids are
 * `${id}-error` and `${id}-hint`, and the control gets the matching aria attributes from `children`.
 */
export function Field({
  id,
  label,
  optional = false,
  error,
  hint,
  children,
}: {
  id: string;
  label: React.ReactNode;
  optional?: boolean;
  error?: string;
  hint?: React.ReactNode;
  children: (aria: FieldAria) => React.ReactNode;
}) {
  const aria: FieldAria = {
    id,
    "aria-invalid": Boolean(error),
    "aria-describedby": error ? `${id}-error` : hint ? `${id}-hint` : undefined,
  };
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-slate-700">
        {label}
        {optional ? (
          <>
            {" "}
            <span className="font-normal text-slate-500">(optional)</span>
          </>
        ) : null}
      </label>
      {children(aria)}
      {error ? (
        <FieldError id={`${id}-error`} message={error} />
      ) : hint ? (
        <p id={`${id}-hint`} className="mt-1.5 text-xs text-slate-500">
          {hint}
        </p>
      ) : null}
    </div>
  );
}

export function Table({
  head,
  children,
  caption,
}: {
  head: React.ReactNode[];
  children: React.ReactNode;
  caption: string;
}) {
  return (
    // Scrolls sideways only on a phone; at desktop widths pages choose columns (wrap, truncate, stack) that fit.
    <div className="-mx-5 overflow-x-auto">
      <table className="w-full divide-y divide-slate-200 text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-slate-50">
          <tr>
            {head.map((h, i) => (
              <th
                key={i}
                scope="col"
                className="whitespace-nowrap px-3 py-2.5 text-left text-xs font-semibold uppercase tracking-wide text-slate-600 first:pl-5 last:pr-5"
              >
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">{children}</tbody>
      </table>
    </div>
  );
}

/**
 * A table cell. Text wraps at spaces only when the table would otherwise be wider than its card (a
 * time goes onto two lines before anything scrolls); `wrap` also lets long unbroken values (URLs,
 * ids, emails, address lists) break anywhere.
 */
export function Td({
  children,
  className = "",
  wrap = false,
}: {
  children: React.ReactNode;
  className?: string;
  wrap?: boolean;
}) {
  return (
    <td
      className={`${wrap ? "min-w-[7rem] [overflow-wrap:anywhere]" : ""} px-3 py-3 align-top text-slate-700 first:pl-5 last:pr-5 ${className}`}
    >
      {children}
    </td>
  );
}

/**
 * Long text cut to one line with an ellipsis at the max width given in `className` (a table cell grows to
 * fit otherwise); the whole value is in its title on hover and is still read by screen readers.
 */
export function Truncated({ value, className = "" }: { value: string; className?: string }) {
  return (
    <span title={value} className={`block truncate ${className}`}>
      {value}
    </span>
  );
}

/** A moment in the reader's time zone with how long ago (or until) it is; the exact UTC value on hover. */
export function Time({ value }: { value: Date | string | null | undefined }) {
  if (!value) return <span className="text-slate-500">—</span>;
  const date = typeof value === "string" ? new Date(value) : value;
  return <RelativeLocalTime iso={date.toISOString()} />;
}

/** A link; underlined, so it stands out from the text around it by more than its colour. */
export function TextLink({ href, children }: { href: string; children: React.ReactNode }) {
  return (
    <Link
      href={href}
      className="font-medium text-indigo-600 underline decoration-indigo-300 underline-offset-2 hover:text-indigo-500 hover:decoration-indigo-500 focus:outline-none focus-visible:rounded focus-visible:ring-2 focus-visible:ring-indigo-500"
    >
      {children}
    </Link>
  );
}
