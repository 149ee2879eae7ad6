import Link from "next/link";

const links = [
  {
    href: "/api/public/openapi.json",
    title: "OpenAPI document",
    text: "The machine-readable description of every public route.",
  },
  {
    href: "/merchant/sdk",
    title: "Merchant console",
    text: "Register applications, mint API keys and read webhook secrets.",
  },
  { href: "/verify", title: "Verify a statement", text: "Check a statement token or a proof letter." },
  { href: "/treasury", title: "Treasury", text: "Public figures: liabilities, reserves and coverage." },
];

export default function Home() {
  return (
    <main className="mx-auto max-w-3xl px-6 py-16">
      <h1 className="text-3xl font-semibold tracking-tight">Wallet &amp; Card Service</h1>
      <p className="mt-3 text-slate-600">
        Issue wallets and virtual cards to your users, hear about every change through signed webhooks, and let anyone
        verify a statement, a proof letter or our treasury figures.
      </p>
      <ul className="mt-10 grid gap-4 sm:grid-cols-2">
        {links.map((l) => (
          <li key={l.href}>
            <Link
              href={l.href}
              className="block rounded-lg border border-slate-200 bg-white p-5 shadow-sm hover:border-slate-400 focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500"
            >
              <span className="font-medium">{l.title}</span>
              <span className="mt-1 block text-sm text-slate-600">{l.text}</span>
            </Link>
          </li>
        ))}
      </ul>
    </main>
  );
}
