// Account security: two-factor sign-in with an authenticator app, its recovery codes, and the
// account's own security activity from the audit log.
import type { Metadata } from "next";
import { toDataURL } from "qrcode";
import { prisma } from "@/lib/db/client";
import { RECOVERY_CODE_COUNT } from "@/lib/console/recovery-codes";
import { requireMerchant, requireSessionContext } from "@/lib/console/session";
import { listActiveSessions } from "@/lib/console/sessions";
import { listAccountActivity } from "@/lib/console/list-account-activity";
import { twoFactorStatus } from "@/lib/console/two-factor";
import { Pager } from "@/app/merchant/sdk/_components/pager";
import { Badge } from "@/components/ui/badge";
import { EmptyState } from "@/components/ui/empty-state";
import { PageHeader } from "@/components/ui/page-header";
import { Panel } from "@/components/ui/panel";
import { Table, Td } from "@/components/ui/table";
import { Time } from "@/app/merchant/sdk/_components/time";
import { StartTwoFactorButton, TwoFactorControls, TwoFactorEnrolment } from "./two-factor-forms";
import { SessionsPanel } from "./sessions-panel";
import { EmailPanel } from "./email-panel";
import { PasswordPanel } from "./password-panel";
import { readQuery, type SearchParams } from "@/app/merchant/sdk/_lib/read-query";
import { AccountBar } from "@/app/merchant/sdk/_components/account-bar";
import { loadCurrentAccount } from "@/app/merchant/sdk/_lib/current-account";

export const metadata: Metadata = { title: "Account security" };

const ACCOUNT_PATH = "/merchant/sdk/account";

export default async function AccountPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const [merchant, session, { after }, { memberships, current }] = await Promise.all([
    requireMerchant(),
    requireSessionContext(),
    readQuery(searchParams, ["after"]),
    loadCurrentAccount(),
  ]);
  const [status, activity, sessions, person] = await Promise.all([
    twoFactorStatus(prisma(), merchant.id),
    listAccountActivity(prisma(), merchant.id, { after }),
    listActiveSessions(prisma(), merchant.id),
    prisma().merchantUser.findUniqueOrThrow({
      where: { id: merchant.id },
      select: { emailVerifiedAt: true, passwordHash: true },
    }),
  ]);
  return (
    <main id="main" className="mx-auto max-w-3xl px-4 py-8 sm:px-6">
      {current ? <AccountBar current={current} memberships={memberships} returnTo="/merchant/sdk/account" /> : null}
      <PageHeader title="Account security" description={`Signed in as ${merchant.email}.`} />
      <div className="mb-6">
        <EmailPanel email={merchant.email} verified={Boolean(person.emailVerifiedAt)} />
      </div>
      {/* A GitHub-only account has no password to change (a reset link sets one). */}
      {person.passwordHash ? (
        <div className="mb-6">
          <PasswordPanel />
        </div>
      ) : null}
      <Panel
        id="two-factor-title"
        title="Two-factor authentication"
        description="Ask for a code from an authenticator app, as well as your password, when you sign in."
        actions={
          // A plain wrapper: on a phone the header stacks and would stretch the badge across it.
          <div>
            <Badge tone={status.state === "on" ? "green" : "slate"}>{status.state === "on" ? "On" : "Off"}</Badge>
          </div>
        }
      >
        {status.state === "off" ? (
          <div className="space-y-3 text-sm text-slate-600">
            <p>
              With two-factor authentication on, someone who learns your password still cannot sign in without your
              phone. You will also get ten recovery codes for when the phone is not at hand.
            </p>
            <StartTwoFactorButton />
          </div>
        ) : status.state === "enrolling" ? (
          <TwoFactorEnrolment
            secret={status.secret}
            qrCode={await toDataURL(status.uri, { margin: 1, width: 192 })}
            qrCodeAlt={`QR code to add ${merchant.email} to an authenticator app`}
          />
        ) : (
          <div className="space-y-4 text-sm text-slate-600">
            <p>
              On since <Time value={status.enabledAt} />. Sign-in asks for a code from your authenticator app.
            </p>
            <p data-testid="recovery-codes-left">
              {status.recoveryCodesLeft} of {RECOVERY_CODE_COUNT} recovery codes left.
              {status.recoveryCodesLeft < 3 ? " Make new ones before you run out." : null}
            </p>
            <TwoFactorControls />
          </div>
        )}
      </Panel>
      <div className="mt-6">
        <SessionsPanel sessions={sessions} currentId={session.sessionId} />
      </div>
      <div className="mt-6">
        <Panel
          id="security-activity"
          title="Security activity"
          description="Changes to this account's sign-in security, newest first."
        >
          {activity.unknownCursor ? null : activity.rows.length === 0 ? (
            <EmptyState title="Nothing recorded yet" />
          ) : (
            <Table caption="Security activity" head={["When", "Action", "Address"]}>
              {activity.rows.map((entry) => (
                <tr key={entry.id}>
                  <Td>
                    <Time value={entry.createdAt} />
                  </Td>
                  <Td>
                    <Badge tone="slate">{entry.action}</Badge>
                  </Td>
                  <Td className="font-mono text-xs">{entry.ipAddress ?? "—"}</Td>
                </tr>
              ))}
            </Table>
          )}
          <Pager
            path={ACCOUNT_PATH}
            after={after}
            nextCursor={activity.nextCursor}
            unknownCursor={activity.unknownCursor}
            label="Security activity"
            hash="security-activity"
          />
        </Panel>
      </div>
    </main>
  );
}
