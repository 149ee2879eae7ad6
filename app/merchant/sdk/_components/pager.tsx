// "Newest" and "Older" links under a console list. The cursor travels as ?after=<id of the last row
// shown>, beside the list's own filters, so a page can be bookmarked and shared.
import Link from "next/link";

const linkClass =
  "rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium text-slate-700 hover:bg-slate-50 focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500";

export function Pager({
  path,
  params,
  param = "after",
  after,
  nextCursor,
  unknownCursor = false,
  label,
  hash,
}: {
  /** The list page's path, without a query. */
  path: string;
  /** The list's other query parameters (filters, other lists' cursors), kept on both links. */
  params?: Record<string, string | undefined>;
  /** The query parameter holding this list's cursor, when a page has several lists. */
  param?: string;
  /** The cursor this page was read after, if any. */
  after?: string;
  nextCursor: string | null;
  /** `after` named no row of this list (ConsolePage.unknownCursor): say so and offer the newest rows. */
  unknownCursor?: boolean;
  /** What the list holds, for the navigation's accessible name ("Wallets pages"). */
  label: string;
  /** The list's anchor on the page, so following a link lands on the list again. */
  hash?: string;
}) {
  if (!after && !nextCursor) return null;
  const href = (cursor?: string) => {
    const query = new URLSearchParams();
    for (const [key, value] of Object.entries(params ?? {})) if (value && key !== param) query.set(key, value);
    if (cursor) query.set(param, cursor);
    const text = query.toString();
    return `${text ? `${path}?${text}` : path}${hash ? `#${hash}` : ""}`;
  };
  return (
    <nav aria-label={`${label} pages`} className="mt-4 flex flex-wrap items-center justify-end gap-2">
      {unknownCursor ? (
        <p role="status" className="mr-auto text-sm text-amber-800">
          This page link does not point into this list (it may be from another application or mode). Start again from
          the newest.
        </p>
      ) : null}
      {after ? (
        <Link href={href()} className={linkClass}>
          ← Newest
        </Link>
      ) : null}
      {nextCursor ? (
        <Link href={href(nextCursor)} className={linkClass} rel="next">
          Older →
        </Link>
      ) : null}
    </nav>
  );
}
