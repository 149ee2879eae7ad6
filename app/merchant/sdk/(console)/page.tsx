// The console's home: the merchant's applications and a form to create one.
import type { Metadata } from "next";
import Link from "next/link";
import { config } from "@/lib/config";
import { prisma } from "@/lib/db/client";
import { listApplications } from "@/lib/console/list-applications";
import { can, refusalOf } from "@/lib/console/roles";
import { AccountBar } from "@/app/merchant/sdk/_components/account-bar";
import { MailNotice } from "@/app/merchant/sdk/_components/mail-notice";
import { RoleGate } from "@/app/merchant/sdk/_components/role-gate";
import { loadCurrentAccount } from "@/app/merchant/sdk/_lib/current-account";
import { Badge } from "@/components/ui/badge";
import { EmptyState } from "@/components/ui/empty-state";
import { PageHeader } from "@/components/ui/page-header";
import { Panel } from "@/components/ui/panel";
import { buttonVariants } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";
import { createPersonalAccountAction } from "./actions";
import { CreateApplicationForm } from "./create-application-form";

export const metadata: Metadata = { title: "Applications" };

export default async function ApplicationsPage() {
  const { merchant, memberships, current } = await loadCurrentAccount();
  // The current account's applications only: the account bar above says whose they are.
  const applications = current ? await listApplications(prisma(), merchant.id, current.id) : [];
  const mayCreate = current !== null && can(current.role, "manage_applications");
  return (
    <main id="main" className="mx-auto max-w-5xl px-4 py-8 sm:px-6">
      {current ? <AccountBar current={current} memberships={memberships} returnTo="/merchant/sdk" /> : null}
      <MailNotice role={current?.role} settings={config()} />
      <PageHeader
        title="Applications"
        description="Each application has its own API keys, webhook endpoints and signing secret, with test and live data kept apart."
      />
      <div className="grid gap-6 lg:grid-cols-3">
        <div className="lg:col-span-2">
          {applications.length === 0 ? (
            <EmptyState title="No applications yet">
              {mayCreate
                ? "Create your first application: it comes with its webhook signing secret, and its API keys page mints your first test key."
                : "This account has no application yet; its owners and admins can create one."}
            </EmptyState>
          ) : (
            <ul className="space-y-3" aria-label="Your applications">
              {applications.map((app) => {
                // The counts of the mode the badge names.
                const counts = app.consoleLivemode ? app.counts.live : app.counts.test;
                return (
                  <li key={app.id} data-testid="application-card">
                    <Link
                      href={`/merchant/sdk/apps/${app.id}`}
                      className="group block rounded-xl border border-slate-200 bg-white p-5 shadow-sm transition hover:border-indigo-300 hover:shadow focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500"
                    >
                      <div className="flex items-start justify-between gap-3">
                        <div className="min-w-0">
                          <p className="truncate font-medium text-slate-900 group-hover:text-indigo-700">
                            <bdi>{app.name}</bdi>
                          </p>
                          <p className="mt-0.5 font-mono text-xs text-slate-500">{app.id}</p>
                        </div>
                        <Badge tone={app.consoleLivemode ? "green" : "amber"}>
                          {app.consoleLivemode ? "Live" : "Test"}
                        </Badge>
                      </div>
                      <dl className="mt-4 flex flex-wrap gap-x-6 gap-y-1 text-sm text-slate-600">
                        {(
                          [
                            ["Active keys", "count-keys", counts.activeKeys],
                            ["Endpoints", "count-endpoints", counts.endpoints],
                            ["Wallets", "count-wallets", counts.wallets],
                          ] as const
                        ).map(([label, testId, count]) => (
                          <div key={testId}>
                            <dt className="inline">{label}: </dt>
                            <dd className="inline font-medium text-slate-900" data-testid={testId}>
                              {count}
                            </dd>
                          </div>
                        ))}
                      </dl>
                    </Link>
                  </li>
                );
              })}
            </ul>
          )}
        </div>
        <Panel title="New application" id="new-application">
          {current ? (
            <RoleGate reason={refusalOf(current.role, "manage_applications")} id="new-application">
              <CreateApplicationForm account={current} />
            </RoleGate>
          ) : null}
          {mayCreate ? null : (
            <form action={createPersonalAccountAction} className="mt-4 border-t border-slate-100 pt-4">
              <p className="text-sm text-slate-600">
                Or make an account of your own, owned by you alone, and create applications there.
              </p>
              <button type="submit" className={cn(buttonVariants({ variant: "secondary" }), "mt-2 w-full")}>
                Create a personal account
              </button>
            </form>
          )}
        </Panel>
      </div>
    </main>
  );
}
