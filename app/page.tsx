// The front page: what the service does, a two-minute quick start, and where to go next.
import Link from "next/link";
import { CodeBlock } from "./_components/code-block";
import { PRODUCT_NAME } from "@/lib/version";
import { PublicShell } from "./_components/public-shell";

const link =
  "font-medium text-indigo-700 underline decoration-indigo-300 underline-offset-2 hover:text-indigo-900 hover:decoration-indigo-700 focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500";

const FEATURES = [
  {
    title: "Wallets and virtual cards",
    text: "Give each of your users a wallet in their own currency, with a 10-digit account number and a double-entry ledger behind it, and issue virtual cards that spend from it: holds, captures, refunds, freeze and cancel.",
    href: "/docs",
    cta: "Read the API reference",
  },
  {
    title: "Signed webhooks",
    text: "Every change reaches your server as a JSON event signed with HMAC-SHA256, retried for three days, with each attempt recorded and replayable from the console or the API.",
    href: "/webhooks/security",
    cta: "Learn to verify webhook signatures",
  },
  {
    title: "Public verification",
    text: "Statements carry a token and a QR code; proof-of-address and proof-of-funds letters carry a reference. Anyone can check them here, without an account.",
    href: "/verify",
    cta: "Verify a statement",
    more: { href: "/verify/proof", cta: "Verify a proof letter" },
  },
  {
    title: "Treasury transparency",
    text: "What we owe wallet holders and what we hold against it, per currency, from the live ledger, with the ledger's balance check, refreshed every minute.",
    href: "/treasury",
    cta: "See the treasury figures",
  },
] as const;

const CREATE_WALLET = `BASE=http://localhost:3000      # where npm run dev serves
KEY=sk_test_...                 # the key bootstrap printed

curl -s $BASE/api/public/sdk/v1/wallets \\
  -H "Authorization: Bearer $KEY" -H "Content-Type: application/json" \\
  -H "Idempotency-Key: w-1" \\
  -d '{"externalUserId":"user_42","currency":"USD","email":"ada@example.com","name":"Ada Obi"}'`;

export default function Home() {
  return (
    <PublicShell wide>
      <section aria-labelledby="intro" className="max-w-3xl">
        <h1 id="intro" className="text-3xl font-semibold tracking-tight text-slate-900 sm:text-4xl">
          {PRODUCT_NAME}
        </h1>
        <p className="mt-4 text-lg text-slate-700">
          An API that lets your application issue <strong>wallets</strong> and <strong>virtual cards</strong> to its own
          users, tells you what happened through <strong>signed webhooks</strong>, and lets anyone check a statement, a
          proof letter or our treasury figures in public.
        </p>
        <div className="mt-6 flex flex-wrap gap-3">
          <Link
            href="/docs"
            className="inline-flex items-center rounded-md bg-indigo-600 px-4 py-2 font-medium text-white shadow-sm hover:bg-indigo-700 focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 focus-visible:ring-offset-2"
          >
            Read the API docs
          </Link>
          <Link
            href="/merchant/sdk"
            className="inline-flex items-center rounded-md border border-slate-300 bg-white px-4 py-2 font-medium text-slate-900 shadow-sm hover:border-slate-400 focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 focus-visible:ring-offset-2"
          >
            Open the merchant console
          </Link>
        </div>
      </section>

      <section aria-labelledby="what" className="mt-14">
        <h2 id="what" className="text-xl font-semibold tracking-tight text-slate-900">
          What it does
        </h2>
        <ul className="mt-4 grid gap-4 sm:grid-cols-2">
          {FEATURES.map((feature) => (
            <li key={feature.title} className="rounded-lg border border-slate-200 bg-white p-5 shadow-sm">
              <h3 className="font-semibold text-slate-900">{feature.title}</h3>
              <p className="mt-2 text-sm text-slate-700">{feature.text}</p>
              <p className="mt-3 flex flex-wrap gap-x-4 gap-y-1 text-sm">
                <Link href={feature.href} className={link}>
                  {feature.cta}
                </Link>
                {"more" in feature && (
                  <Link href={feature.more.href} className={link}>
                    {feature.more.cta}
                  </Link>
                )}
              </p>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="quick-start" className="mt-14 max-w-4xl" data-testid="quick-start">
        <h2 id="quick-start" className="text-xl font-semibold tracking-tight text-slate-900">
          Quick start: your first wallet in two minutes
        </h2>
        <p className="mt-2 text-slate-700">You need Node.js 20.19 or later; the service brings its own PostgreSQL.</p>
        <ol className="mt-6 space-y-8">
          <li>
            <h3 className="font-medium text-slate-900">1. Install and start the service</h3>
            <CodeBlock caption="Terminal" what="the start command" code="npm install && npm run dev" />
            <p className="mt-2 text-sm text-slate-700">
              It starts an embedded PostgreSQL, migrates it and serves on{" "}
              <code className="rounded bg-slate-100 px-1">http://localhost:3000</code>.
            </p>
          </li>
          <li>
            <h3 className="font-medium text-slate-900">2. Get a test key</h3>
            <CodeBlock caption="Another terminal" what="the bootstrap command" code="npm run cli -- bootstrap" />
            <p className="mt-2 text-sm text-slate-700">
              It creates an application (reused on later runs) and prints a new test key (
              <code className="rounded bg-slate-100 px-1">sk_test_…</code>) and the application&apos;s webhook signing
              secret. Test keys never touch live money.
            </p>
          </li>
          <li>
            <h3 className="font-medium text-slate-900">3. Create a wallet</h3>
            <CodeBlock caption="Terminal" what="the wallet example" code={CREATE_WALLET} />
            <p className="mt-2 text-sm text-slate-700">
              The answer is the wallet with its account number and balance, and a{" "}
              <code className="rounded bg-slate-100 px-1">wallet.provisioned</code> event is queued for your webhook
              endpoints. Next, issue a card and spend from it: every operation is in the{" "}
              <Link href="/docs" className={link}>
                API reference
              </Link>
              ; keys, webhook endpoints and deliveries are in the{" "}
              <Link href="/merchant/sdk" className={link}>
                merchant console
              </Link>
              .
            </p>
          </li>
        </ol>
      </section>
    </PublicShell>
  );
}
