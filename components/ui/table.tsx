// A list's table inside a Panel, its cells, and a one-line cut of a long value.
import { cn } from "./cn";

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
  className,
  wrap = false,
}: {
  children: React.ReactNode;
  className?: string;
  wrap?: boolean;
}) {
  return (
    <td
      className={cn(
        wrap && "min-w-[7rem] [overflow-wrap:anywhere]",
        "px-3 py-3 align-top text-slate-700 first:pl-5 last:pr-5",
        className,
      )}
    >
      {children}
    </td>
  );
}

/**
 * Long text cut to one line with an ellipsis at the max width given in `className` (a table cell grows to
 * fit otherwise); the whole value is in its title on hover and is still read by screen readers.
 */
export function Truncated({ value, className }: { value: string; className?: string }) {
  return (
    <span title={value} className={cn("block truncate", className)}>
      {value}
    </span>
  );
}
