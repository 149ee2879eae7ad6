// The team of an account: its members and their roles, invitations waiting, what each role may do,
// and the account's own audit lines. Owners invite, change roles and remove; anyone may leave.
import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { prisma } from "@/lib/db/client";
import { can, PERMISSIONS, ROLES, type Permission } from "@/lib/console/roles";
import { invitationRefusal, listTeam, listTeamActivity } from "@/lib/console/team";
import { orNotFound } from "@/app/merchant/sdk/_lib/load-application";
import { AccountBar } from "@/app/merchant/sdk/_components/account-bar";
import { RoleGate } from "@/app/merchant/sdk/_components/role-gate";
import { loadCurrentAccount } from "@/app/merchant/sdk/_lib/current-account";
import { readQuery, type SearchParams } from "@/app/merchant/sdk/_lib/read-query";
import { Time } from "@/app/merchant/sdk/_components/time";
import { Badge } from "@/components/ui/badge";
import { EmptyState } from "@/components/ui/empty-state";
import { PageHeader } from "@/components/ui/page-header";
import { Panel } from "@/components/ui/panel";
import { Table, Td } from "@/components/ui/table";
import { InviteForm, RemoveMemberButton, RevokeInvitationButton, RoleForm } from "./team-forms";

export const metadata: Metadata = { title: "Team" };

const PERMISSION_WORDS: Record<Permission, string> = {
  read: "See wallets, cards, events, deliveries, logs and the audit log",
  see_keys: "See API keys (names and masks)",
  reveal_test_cards: "Reveal a test card's number and CVC (never a live card's)",
  write_test: "Change test mode: keys, endpoints, signing secrets, replays",
  write_live: "Change live mode: keys, endpoints, signing secrets, replays",
  manage_applications: "Create and rename applications",
  manage_members: "Invite, change roles, remove members",
};

export default async function TeamPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const [{ merchant, memberships, current }, { account: requested }] = await Promise.all([
    loadCurrentAccount(),
    readQuery(searchParams, ["account"]),
  ]);
  // ?account= (a link to one team) or else the account this browser is in.
  const accountId = requested ?? current?.id;
  if (!accountId) notFound();
  const [{ account, members, invitations }, activity, unconfirmed] = await Promise.all([
    orNotFound(listTeam(prisma(), merchant.id, accountId)),
    orNotFound(listTeamActivity(prisma(), merchant.id, accountId)),
    invitationRefusal(prisma(), merchant.id),
  ]);
  const manages = can(account.role, "manage_members");
  return (
    <main id="main" className="mx-auto max-w-5xl space-y-6 px-4 py-8 sm:px-6">
      <AccountBar
        current={{ id: account.id, name: account.name, role: account.role }}
        memberships={memberships}
        returnTo="/merchant/sdk/team"
        className=""
      />
      <PageHeader
        title="Team"
        description={
          <>
            The members of <bdi className="font-medium">{account.name}</bdi>. Your role: {account.role}.
          </>
        }
      />
      <Panel id="members" title="Members">
        <Table caption="Members" head={["Member", "Role", "Joined", ""]}>
          {members.map((member) => {
            const label = member.merchant.name ?? member.merchant.email;
            const self = member.merchant.id === merchant.id;
            return (
              <tr key={member.id} data-testid="member-row">
                <Td wrap>
                  <bdi className="font-medium text-slate-900">{label}</bdi>
                  {member.merchant.name ? (
                    <div className="text-xs text-slate-500 break-all">{member.merchant.email}</div>
                  ) : null}
                  {self ? <Badge tone="slate">you</Badge> : null}
                </Td>
                <Td>
                  {manages ? (
                    <RoleForm accountId={account.id} membershipId={member.id} role={member.role} label={label} />
                  ) : (
                    <Badge tone={member.role === "owner" ? "green" : "slate"}>{member.role}</Badge>
                  )}
                </Td>
                <Td>
                  <Time value={member.createdAt} />
                </Td>
                <Td>
                  {manages || self ? (
                    <RemoveMemberButton accountId={account.id} membershipId={member.id} label={label} self={self} />
                  ) : null}
                </Td>
              </tr>
            );
          })}
        </Table>
      </Panel>
      {manages ? (
        <Panel
          id="invite"
          title="Invite someone"
          description="They get an email with a link that works once, for 7 days. An account sends at most 20 invitations an hour, and one address gets at most 3 a day. An account always keeps at least one owner."
        >
          <RoleGate reason={unconfirmed} id="invite">
            <InviteForm accountId={account.id} />
          </RoleGate>
        </Panel>
      ) : null}
      <Panel id="invitations" title="Invitations waiting">
        {invitations.length === 0 ? (
          <EmptyState title="No invitations waiting" />
        ) : (
          <Table caption="Invitations waiting" head={["Email", "Role", "Invited by", "Expires", ""]}>
            {invitations.map((invitation) => (
              <tr key={invitation.id}>
                <Td wrap className="break-all">
                  {invitation.email}
                </Td>
                <Td>{invitation.role}</Td>
                <Td wrap className="break-all">
                  {invitation.invitedBy.email}
                </Td>
                <Td>
                  <Time value={invitation.expiresAt} />
                </Td>
                <Td>
                  {manages ? (
                    <RevokeInvitationButton
                      accountId={account.id}
                      invitationId={invitation.id}
                      email={invitation.email}
                    />
                  ) : null}
                </Td>
              </tr>
            ))}
          </Table>
        )}
      </Panel>
      <Panel
        id="roles"
        title="What each role may do"
        description="Viewers never see a secret or an API key, not even part of one."
      >
        <Table caption="What each role may do" head={["", ...ROLES]}>
          {(Object.keys(PERMISSIONS) as Permission[]).map((permission) => (
            <tr key={permission}>
              <Td wrap>{PERMISSION_WORDS[permission]}</Td>
              {ROLES.map((role) => (
                <Td key={role}>{can(role, permission) ? "Yes" : "—"}</Td>
              ))}
            </tr>
          ))}
        </Table>
      </Panel>
      <Panel
        id="team-activity"
        title="Team activity"
        description="Invitations, members joining and leaving, role changes; newest first."
      >
        {activity.length === 0 ? (
          <EmptyState title="Nothing recorded yet" />
        ) : (
          <Table caption="Team activity" head={["When", "Action", "By", "Detail"]}>
            {activity.map((entry) => (
              <tr key={entry.id}>
                <Td>
                  <Time value={entry.createdAt} />
                </Td>
                <Td>
                  <Badge tone="slate">{entry.action}</Badge>
                </Td>
                <Td wrap className="break-all">
                  {entry.merchant?.email ?? "The service"}
                </Td>
                <Td wrap className="text-xs text-slate-600">
                  {entry.detail ? JSON.stringify(entry.detail) : ""}
                </Td>
              </tr>
            ))}
          </Table>
        )}
      </Panel>
    </main>
  );
}
