// An application's console frame: left navigation, the test/live switch and the test-mode banner.
import Link from "next/link";
import { NavLinks, type NavItem } from "@/components/ui/nav-links";
import { cn } from "@/components/ui/cn";
import { loadApplication } from "@/app/merchant/sdk/_lib/load-application";
import { can, type Role } from "@/lib/console/roles";
import { inputClass } from "@/components/ui/input";
import { ModeSwitch } from "./mode-switch";
import { AccountBar } from "@/app/merchant/sdk/_components/account-bar";
import { loadCurrentAccount } from "@/app/merchant/sdk/_lib/current-account";

/** An application's pages, under its base path; a section is current on its list and its items' pages. */
function sections(base: string, role: Role): NavItem[] {
  return [
    { href: base, label: "Overview", exact: true },
    // Viewers see no key at all (lib/console/roles.ts).
    ...(can(role, "see_keys") ? [{ href: `${base}/keys`, label: "API keys" }] : []),
    { href: `${base}/webhooks`, label: "Webhooks" },
    { href: `${base}/wallets`, label: "Wallets" },
    { href: `${base}/balance`, label: "Balance" },
    { href: `${base}/events`, label: "Events" },
    { href: `${base}/logs`, label: "Request log" },
    { href: `${base}/audit`, label: "Audit log" },
  ];
}

export default async function ApplicationLayout({
  children,
  params,
}: {
  children: React.ReactNode;
  params: Promise<{ appId: string }>;
}) {
  const { appId } = await params;
  const [{ application }, { memberships }] = await Promise.all([loadApplication(appId), loadCurrentAccount()]);
  const base = `/merchant/sdk/apps/${application.id}`;
  const live = application.consoleLivemode;
  return (
    <>
      {live ? null : (
        <div
          role="note"
          data-testid="test-mode-banner"
          className="border-b border-amber-300 bg-amber-100 px-4 py-2 text-center text-sm font-medium text-amber-900"
        >
          Test mode — you are viewing test data. Test keys (sk_test_) never touch live wallets, cards or webhooks.
        </div>
      )}
      <div className="mx-auto max-w-[90rem] px-4 pt-6 sm:px-6 lg:pt-8">
        {/* The application's own account: the one these pages are in, whatever was chosen elsewhere. */}
        <AccountBar
          current={{ id: application.accountId, name: application.accountName, role: application.role }}
          memberships={memberships}
          returnTo="/merchant/sdk"
          className=""
        />
      </div>
      <div className="mx-auto flex max-w-[90rem] flex-col gap-6 px-4 py-6 sm:px-6 lg:flex-row lg:py-8">
        <aside className="lg:w-56 lg:shrink-0">
          <nav aria-label="Application">
            <div className="mb-4 flex items-center justify-between gap-3 lg:block">
              <div className="min-w-0">
                <Link
                  href="/merchant/sdk"
                  className="text-xs font-medium text-slate-500 hover:text-slate-700 focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500"
                >
                  ← All applications
                </Link>
                <p className="mt-1 truncate font-semibold text-slate-900" title={application.name}>
                  <bdi>{application.name}</bdi>
                </p>
              </div>
              <div className="lg:mt-3">
                <ModeSwitch applicationId={application.id} live={live} />
              </div>
            </div>
            <NavLinks items={sections(base, application.role)} variant="sidebar" />
          </nav>
          <form role="search" action={`${base}/search`} className="mt-4">
            <label htmlFor="id-search" className="block text-xs font-medium text-slate-600">
              Search by id
            </label>
            <input
              id="id-search"
              name="id"
              required
              autoComplete="off"
              spellCheck={false}
              placeholder="wal_, card_, evt_, req_…"
              className={cn(inputClass, "mt-1 font-mono")}
            />
          </form>
        </aside>
        <main id="main" className="min-w-0 flex-1">
          {children}
        </main>
      </div>
    </>
  );
}
