// /treasury/verify: a wallet holder pastes the inclusion proof their provider gave them and the
// browser recomputes the root of the published liability snapshot (WebCrypto SHA-256, the same
// verifier as the client package and the CLI), saying plainly what that proves and what it does not.
import type { Metadata } from "next";
import Link from "next/link";
import { PublicShell } from "@/app/_components/public-shell";
import { LiabilityProofCheck } from "./liability-proof-check";

export const metadata: Metadata = { title: "Verify a proof of liabilities" };

export default function TreasuryVerifyPage() {
  return (
    <PublicShell>
      <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">Verify a proof of liabilities</h1>
      <p className="mt-2 text-slate-600">
        Every hour we publish, per currency, the root of a Merkle-sum tree over every live wallet&apos;s balance (
        <Link
          prefetch={false}
          href="/api/public/treasury/liabilities"
          className="text-indigo-700 underline focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500"
        >
          the snapshots
        </Link>
        ). Paste the proof your provider gave you for your wallet: this page fetches the published snapshot it names
        and recomputes the root here, in your browser.
      </p>
      <LiabilityProofCheck />
      <section aria-labelledby="what-it-proves" className="mt-8 max-w-3xl text-sm text-slate-700">
        <h2 id="what-it-proves" className="text-base font-semibold text-slate-900">
          What a valid proof shows, and what it does not
        </h2>
        <ul className="mt-2 list-disc space-y-1 pl-5">
          <li>
            Your balance at the snapshot&apos;s instant is counted, unaltered, in the published total of what we owe
            holders of that currency, and that total was not lowered by anyone else&apos;s negative balance (every sum
            in the tree is 0 or more, and each node commits to both of its children&apos;s sums).
          </li>
          <li>
            The snapshot is part of a hash chain: each names the previous one&apos;s hash, so an earlier snapshot
            cannot be rewritten without every later one changing.
          </li>
          <li>
            It does <strong>not</strong> prove that the reserves we report exist outside our own ledger: no bank or
            auditor signs them. Nor does it prove that every wallet is in the tree: each holder who checks their own
            proof makes an omission more likely to be caught.
          </li>
          <li>Other wallets stay private: a leaf holds a salted hash, never an id or a balance in the clear.</li>
        </ul>
      </section>
    </PublicShell>
  );
}
