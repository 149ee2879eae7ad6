// An application's overview: its name and id, the webhook signing secret of the console's mode, and a quick start.
import type { Metadata } from "next";
import { CopyButton } from "@/components/ui/copy-button";
import { PageHeader } from "@/components/ui/page-header";
import { Panel } from "@/components/ui/panel";
import { TextLink } from "@/components/ui/text-link";
import { headers } from "next/headers";
import { signingSecretTimes } from "@/lib/console/signing-secret-times";
import { prisma } from "@/lib/db/client";
import { publicBaseUrl } from "@/lib/statements/public-links";
import { loadApplication } from "@/app/merchant/sdk/_lib/load-application";
import { QuickStart } from "./quick-start";
import { RenameForm } from "./rename-form";
import { SecretPanel } from "./secret-panel";
import { can, refusalOf, writeIn } from "@/lib/console/roles";
import { RoleGate } from "@/app/merchant/sdk/_components/role-gate";

export const metadata: Metadata = { title: "Overview" };

export default async function ApplicationOverviewPage({ params }: { params: Promise<{ appId: string }> }) {
  const { appId } = await params;
  const { merchant, application } = await loadApplication(appId);
  const secrets = await signingSecretTimes(
    prisma(),
    merchant.id,
    application.id,
    application.consoleLivemode ? "live" : "test",
  );
  const base = `/merchant/sdk/apps/${application.id}`;
  return (
    <>
      <PageHeader
        title={application.name}
        description="Your application's identity, webhook signing secrets and a first API call."
      />
      <div className="space-y-6">
        <Panel title="Application" id="application-panel">
          <dl className="grid gap-4 sm:grid-cols-2">
            <div>
              <dt className="text-sm font-medium text-slate-500">Application id</dt>
              <dd className="mt-1 flex items-center gap-2">
                <code data-testid="application-id" className="font-mono text-sm text-slate-900">
                  {application.id}
                </code>
                <CopyButton value={application.id} label="Copy id" />
              </dd>
            </div>
            <div>
              <dt className="text-sm font-medium text-slate-500">Name</dt>
              <dd className="mt-1">
                <RoleGate reason={refusalOf(application.role, "manage_applications")} id="rename">
                  <RenameForm applicationId={application.id} name={application.name} />
                </RoleGate>
              </dd>
            </div>
          </dl>
        </Panel>
        <Panel
          title={`Webhook signing secret (${secrets.mode} mode)`}
          id="secret-panel"
          description={
            <>
              Every {secrets.mode} mode delivery carries <code className="font-mono text-xs">x-service-signature</code>:
              the hex HMAC-SHA256 of the raw body with this secret. Test and live mode each have their own; switch mode
              to see the other. <TextLink href="/webhooks/security">How to verify</TextLink>
            </>
          }
        >
          {can(application.role, writeIn(application.consoleLivemode)) ? (
            <SecretPanel
              key={secrets.mode}
              applicationId={application.id}
              mode={secrets.mode}
              currentSince={secrets.current.activeFrom.toISOString()}
              pendingFrom={secrets.pending?.activeFrom.toISOString() ?? null}
            />
          ) : (
            <p className="text-sm text-slate-600">
              Your role ({application.role}) does not show this mode&apos;s secret.
            </p>
          )}
        </Panel>
        <Panel
          title="Quick start"
          id="quick-start"
          description={
            <>
              1. <TextLink href={`${base}/keys`}>Mint an API key</TextLink> 2. Create a wallet 3.{" "}
              <TextLink href={`${base}/webhooks`}>Add a webhook endpoint</TextLink> and watch the delivery arrive.
            </>
          }
        >
          <QuickStart
            baseUrl={publicBaseUrl(await headers())}
            applicationId={application.id}
            livemode={application.consoleLivemode}
          />
        </Panel>
      </div>
    </>
  );
}
