// Every signed-in console page: a top bar with the API docs, the account and sign-out; anyone else
// goes to sign-in.
import Link from "next/link";
import { requireMerchant } from "@/lib/console/session";
import { Brand } from "@/app/merchant/sdk/_components/brand";
import { SignOutButton } from "@/app/merchant/sdk/_components/sign-out-button";

export default async function ConsoleLayout({ children }: { children: React.ReactNode }) {
  const merchant = await requireMerchant();
  return (
    <div className="min-h-screen">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:left-4 focus:top-4 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2 focus:shadow"
      >
        Skip to content
      </a>
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex h-14 max-w-[90rem] items-center justify-between gap-4 px-4 sm:px-6">
          <Brand />
          <div className="flex min-w-0 items-center gap-3">
            <a
              href="/docs"
              className="text-sm font-medium text-indigo-700 hover:underline focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500"
            >
              API docs
            </a>
            <Link
              href="/merchant/sdk/team"
              className="whitespace-nowrap text-sm font-medium text-indigo-700 hover:underline focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500"
            >
              Team
            </Link>
            <Link
              href="/merchant/sdk/account"
              className="whitespace-nowrap text-sm font-medium text-indigo-700 hover:underline focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500"
            >
              Account
            </Link>
            <span className="hidden truncate text-sm text-slate-600 sm:inline" data-testid="signed-in-as">
              {merchant.email}
            </span>
            <SignOutButton />
          </div>
        </div>
      </header>
      {children}
    </div>
  );
}
