// The frame of every public page (/, /docs, /verify, /verify/proof, /treasury, /webhooks/security):
// a skip link, one header with the main navigation, the main column and a short footer, all on the
// same max width and left edge, plus the few pieces the pages' forms and results share.
import Link from "next/link";
import { SCHEMA_VERSION } from "@/lib/version";
import { NavLinks, type NavItem } from "@/components/ui/nav-links";
import { PRODUCT_NAME } from "@/lib/version";

/** The main navigation's pages; each is current on its own path only (/verify is not /verify/proof). */
const PUBLIC_NAV: readonly NavItem[] = [
  { href: "/docs", label: "API docs", exact: true },
  { href: "/verify", label: "Verify a statement", exact: true },
  { href: "/verify/proof", label: "Verify a letter", exact: true },
  { href: "/treasury", label: "Treasury", exact: true },
  { href: "/webhooks/security", label: "Webhooks", exact: true },
];

/** The one column every public page lines up on: header, content and footer. */
const PAGE_COLUMN = "mx-auto w-full max-w-6xl px-4 sm:px-6";

function BrandMark({ className = "h-7 w-7" }: { className?: string }) {
  // The same drawing as app/icon.svg (the favicon): a card on an indigo tile.
  return (
    <svg viewBox="0 0 32 32" className={className} aria-hidden="true" focusable="false">
      <rect width="32" height="32" rx="7" fill="#4f46e5" />
      <rect x="5" y="8.5" width="22" height="15" rx="2.5" fill="#fff" />
      <rect x="5" y="11.5" width="22" height="3.5" fill="#312e81" />
      <rect x="8" y="18.5" width="7" height="2" rx="1" fill="#4f46e5" />
    </svg>
  );
}

/**
 * `wide` lets the content use the whole column (tables, charts, the API reference); otherwise it
 * keeps a readable line length, still starting at the same left edge as the header.
 */
export function PublicShell({ children, wide = false }: { children: React.ReactNode; wide?: boolean }) {
  return (
    <>
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-10 focus:rounded focus:bg-white focus:px-3 focus:py-2 focus:shadow"
      >
        Skip to content
      </a>
      <header className="border-b border-slate-200 bg-white">
        <nav
          aria-label="Main"
          data-testid="site-nav"
          className={`${PAGE_COLUMN} flex flex-wrap items-center gap-x-6 gap-y-2 py-3`}
        >
          <Link
            href="/"
            className="flex items-center gap-2 rounded-md font-semibold text-slate-900 focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500"
          >
            <BrandMark />
            {PRODUCT_NAME}
          </Link>
          <Link
            href="/merchant/sdk"
            aria-label="Merchant console"
            className="ml-auto rounded-md border border-slate-300 px-3 py-1.5 text-sm font-medium text-slate-800 hover:border-slate-400 hover:bg-slate-50 focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 lg:order-last"
          >
            {/* Shortened on phones so the brand and the button share one line. */}
            <span className="sm:hidden">Console</span>
            <span className="hidden sm:inline">Merchant console</span>
          </Link>
          <div className="-mx-2 w-full lg:mx-0 lg:w-auto">
            <NavLinks items={PUBLIC_NAV} variant="bar" />
          </div>
        </nav>
      </header>
      <main id="main" tabIndex={-1} className={`${PAGE_COLUMN} py-8 focus:outline-none sm:py-12`}>
        <div className={wide ? undefined : "max-w-3xl"}>{children}</div>
      </main>
      <footer className="border-t border-slate-200">
        <div className={`${PAGE_COLUMN} flex flex-wrap gap-x-6 gap-y-2 py-6 text-sm text-slate-600`}>
          <span>
            {PRODUCT_NAME} · API schema version {SCHEMA_VERSION}
          </span>
          <a href="/api/public/openapi.json" className="text-indigo-700 underline hover:text-indigo-900">
            OpenAPI document (JSON)
          </a>
        </div>
      </footer>
    </>
  );
}

export const inputClass =
  "mt-1 block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-base shadow-sm focus:border-indigo-500 focus:outline-none focus:ring-2 focus:ring-indigo-500";
export const buttonClass =
  "inline-flex items-center justify-center rounded-md bg-indigo-600 px-4 py-2 font-medium text-white shadow-sm hover:bg-indigo-700 focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 focus-visible:ring-offset-2";

/** One labelled value in a result's description list. */
export function DetailItem({ label, value }: { label: string; value: React.ReactNode }) {
  return (
    <div>
      <dt className="text-slate-600">{label}</dt>
      <dd className="font-medium break-words">{value}</dd>
    </div>
  );
}
