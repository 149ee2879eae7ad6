// The frame of the public pages (a skip link, a small navigation bar and a centred main column)
// and the few pieces their forms and results share.
import Link from "next/link";

const NAV = [
  { href: "/verify", label: "Verify statement" },
  { href: "/verify/proof", label: "Verify letter" },
  { href: "/treasury", label: "Treasury" },
  { href: "/docs", label: "API docs" },
];

export function PublicShell({ children, wide = false }: { children: React.ReactNode; wide?: boolean }) {
  return (
    <>
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:rounded focus:bg-white focus:px-3 focus:py-2 focus:shadow"
      >
        Skip to content
      </a>
      <header className="border-b border-slate-200 bg-white">
        <nav
          aria-label="Public pages"
          className={`mx-auto flex flex-wrap items-center gap-x-5 gap-y-2 px-4 py-3 ${wide ? "max-w-6xl" : "max-w-3xl"}`}
        >
          <Link
            href="/"
            className="font-semibold text-slate-900 focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500"
          >
            Wallet &amp; Card Service
          </Link>
          {NAV.map((item) => (
            <Link
              key={item.href}
              href={item.href}
              className="text-sm text-slate-600 hover:text-slate-900 focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500"
            >
              {item.label}
            </Link>
          ))}
        </nav>
      </header>
      <main id="main" className={`mx-auto px-4 py-8 sm:py-12 ${wide ? "max-w-6xl" : "max-w-3xl"}`}>
        {children}
      </main>
    </>
  );
}

export const inputClass =
  "mt-1 block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-base shadow-sm focus:border-indigo-500 focus:outline-none focus:ring-2 focus:ring-indigo-500";
export const buttonClass =
  "inline-flex items-center justify-center rounded-md bg-indigo-600 px-4 py-2 font-medium text-white shadow-sm hover:bg-indigo-700 focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 focus-visible:ring-offset-2";

/** One labelled value in a result's description list. */
export function DetailItem({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <dt className="text-slate-600">{label}</dt>
      <dd className="font-medium break-words">{value}</dd>
    </div>
  );
}
