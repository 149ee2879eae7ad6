// An account's team: inviting people by email (a link, once, 7 days, stored hashed), accepting,
// changing a member's role and removing a member, each audited under the account. An account always
// keeps at least one owner: a change that could take the last one away first locks every membership
// row of the account, so two such changes at once run one after the other and the second sees the
// first (docs/decisions/teams-and-roles.md).
import { z } from "zod";
import type { Db } from "@/lib/db/client";
import { isUniqueViolation } from "@/lib/db/unique-violation";
import { newId } from "@/lib/ids";
import { recordAudit, type AuditContext } from "@/lib/audit/record-audit";
import { hashLinkToken, newLinkToken } from "./email-tokens";
import { ConsoleError } from "./errors";
import { checkInvitationLimits } from "./invitation-limits";
import { mailInvitation } from "./mails";
import { parseFields } from "./parse-fields";
import { requireAccount } from "./require-application";
import { isRole, ROLES, type Role } from "./roles";
import { endSessions } from "./sessions";
import { signUpInput } from "./sign-up";

export const INVITATION_TTL_MS = 7 * 24 * 60 * 60_000;

const roleField = z.enum(ROLES, "Choose a role: owner, admin, developer or viewer.");
const inviteInput = z.object({ email: signUpInput.shape.email, role: roleField });

export async function listTeam(db: Db, memberId: string, accountId: string) {
  const account = await requireAccount(db, memberId, accountId);
  const [members, invitations] = await Promise.all([
    db.membership.findMany({
      where: { accountId },
      orderBy: [{ createdAt: "asc" }, { id: "asc" }],
      select: { id: true, role: true, createdAt: true, merchant: { select: { id: true, email: true, name: true } } },
    }),
    db.invitation.findMany({
      where: { accountId, acceptedAt: null, revokedAt: null, expiresAt: { gt: new Date() } },
      orderBy: { createdAt: "desc" },
      select: {
        id: true,
        email: true,
        role: true,
        createdAt: true,
        expiresAt: true,
        invitedBy: { select: { email: true } },
      },
    }),
  ]);
  return { account, members, invitations };
}

const UNCONFIRMED_INVITER =
  "Confirm your email address to invite people: follow the link we sent you, or send a new one from your account page.";

/** Why `merchantId` may not invite anyone yet (their address is unconfirmed), or null; the team page shows it. */
export async function invitationRefusal(db: Db, merchantId: string): Promise<string | null> {
  const merchant = await db.merchantUser.findUnique({ where: { id: merchantId }, select: { emailVerifiedAt: true } });
  return merchant?.emailVerifiedAt ? null : UNCONFIRMED_INVITER;
}

/**
 * Invites `email` as `role`; a repeat invitation to the same address replaces the pending one. The
 * inviter's address must be confirmed, and the account's and the address's invitation counts
 * (invitation-limits.ts) not spent. `db` must be a transaction.
 */
export async function inviteMember(
  db: Db,
  context: AuditContext,
  accountId: string,
  raw: { email: string; role: string },
) {
  const account = await requireAccount(db, context.merchantId, accountId, "manage_members");
  const input = parseFields(inviteInput, raw);
  const member = await db.membership.findFirst({
    where: { accountId, merchant: { email: { equals: input.email, mode: "insensitive" } } },
    select: { id: true },
  });
  if (member) throw ConsoleError.field("email", `${input.email} is already a member of this account.`);
  const inviter = await db.merchantUser.findUniqueOrThrow({
    where: { id: context.merchantId },
    select: { email: true, name: true, emailVerifiedAt: true },
  });
  // Our sender's name goes on the mail: only a person whose own address is confirmed may use it.
  if (!inviter.emailVerifiedAt) throw ConsoleError.refused(UNCONFIRMED_INVITER);
  await checkInvitationLimits(db, accountId, input.email);
  await db.invitation.updateMany({
    where: { accountId, email: input.email, acceptedAt: null, revokedAt: null },
    data: { revokedAt: new Date() },
  });
  const token = newLinkToken();
  const invitation = await db.invitation.create({
    data: {
      id: newId("inv"),
      accountId,
      email: input.email,
      role: input.role,
      tokenHash: hashLinkToken(token),
      invitedById: context.merchantId,
      expiresAt: new Date(Date.now() + INVITATION_TTL_MS),
    },
  });
  await mailInvitation(db, {
    to: input.email,
    token,
    accountName: account.name,
    inviterName: inviter.name,
    inviterEmail: inviter.email,
    role: input.role,
  });
  await recordAudit(db, context, {
    applicationId: null,
    accountId,
    action: "member.invited",
    detail: { invitationId: invitation.id, email: input.email, role: input.role },
  });
  return { id: invitation.id, email: input.email };
}

export async function revokeInvitation(db: Db, context: AuditContext, accountId: string, invitationId: string) {
  await requireAccount(db, context.merchantId, accountId, "manage_members");
  const { count } = await db.invitation.updateMany({
    where: { id: invitationId, accountId, acceptedAt: null, revokedAt: null },
    data: { revokedAt: new Date() },
  });
  if (count !== 1) throw ConsoleError.notFound("Invitation");
  await recordAudit(db, context, {
    applicationId: null,
    accountId,
    action: "member.invitation_revoked",
    detail: { invitationId },
  });
}

/** The invitation a link names, if it can still be accepted; a "refused" ConsoleError saying why not. */
export async function findInvitation(db: Db, token: string) {
  const invitation =
    token.length > 0 && token.length <= 100
      ? await db.invitation.findUnique({
          where: { tokenHash: hashLinkToken(token) },
          include: { account: { select: { name: true } }, invitedBy: { select: { email: true, name: true } } },
        })
      : null;
  if (!invitation || invitation.revokedAt)
    throw ConsoleError.refused("This invitation link is not valid: it may have been withdrawn. Ask for a new one.");
  if (invitation.acceptedAt)
    throw ConsoleError.refused("This invitation was already accepted. Sign in to use the account.");
  if (invitation.expiresAt <= new Date())
    throw ConsoleError.refused("This invitation has expired. Ask the person who invited you for a new one.");
  return invitation;
}

/**
 * The signed-in member accepts an invitation sent to their address. Used once: of two concurrent
 * acceptances one wins. `db` must be a transaction.
 */
export async function acceptInvitation(db: Db, context: AuditContext, token: string) {
  const invitation = await findInvitation(db, token);
  const merchant = await db.merchantUser.findUniqueOrThrow({
    where: { id: context.merchantId },
    select: { email: true },
  });
  if (merchant.email.toLowerCase() !== invitation.email)
    throw ConsoleError.refused(`This invitation is for ${invitation.email}. Sign in with that address to accept it.`);
  const { count } = await db.invitation.updateMany({
    where: { id: invitation.id, acceptedAt: null, revokedAt: null, expiresAt: { gt: new Date() } },
    data: { acceptedAt: new Date() },
  });
  if (count !== 1) throw ConsoleError.refused("This invitation was already accepted. Sign in to use the account.");
  try {
    await db.membership.create({
      data: {
        id: newId("mem"),
        accountId: invitation.accountId,
        merchantId: context.merchantId,
        role: invitation.role,
      },
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw ConsoleError.refused("You are already a member of this account.");
    throw error;
  }
  // The link was mailed to this address: it is confirmed too.
  await db.merchantUser.updateMany({
    where: { id: context.merchantId, emailVerifiedAt: null },
    data: { emailVerifiedAt: new Date() },
  });
  await recordAudit(db, context, {
    applicationId: null,
    accountId: invitation.accountId,
    action: "member.joined",
    detail: { invitationId: invitation.id, role: invitation.role },
  });
  return { accountId: invitation.accountId, accountName: invitation.account.name, role: invitation.role };
}

/** Locks the account's membership rows (see the file's header) and returns them. */
async function lockMembers(db: Db, accountId: string) {
  await db.$queryRaw`SELECT id FROM "Membership" WHERE "accountId" = ${accountId} ORDER BY id FOR UPDATE`;
  return db.membership.findMany({ where: { accountId }, include: { merchant: { select: { email: true } } } });
}

function keepsAnOwner(members: readonly { id: string; role: Role }[], changed: string, newRole: Role | null): boolean {
  return members.some((member) => (member.id === changed ? newRole : member.role) === "owner");
}

export async function changeMemberRole(
  db: Db,
  context: AuditContext,
  accountId: string,
  membershipId: string,
  role: string,
) {
  await requireAccount(db, context.merchantId, accountId, "manage_members");
  if (!isRole(role)) throw ConsoleError.field("role", "Choose a role: owner, admin, developer or viewer.");
  const members = await lockMembers(db, accountId);
  const member = members.find((m) => m.id === membershipId);
  if (!member) throw ConsoleError.notFound("Member");
  if (member.role === role) return { role };
  if (!keepsAnOwner(members, membershipId, role))
    throw ConsoleError.refused("An account needs at least one owner: make someone else an owner first.");
  await db.membership.update({ where: { id: membershipId }, data: { role } });
  await recordAudit(db, context, {
    applicationId: null,
    accountId,
    action: "member.role_changed",
    detail: { membershipId, email: member.merchant.email, from: member.role, to: role },
  });
  return { role };
}

/**
 * Removes a member (an owner's action) or lets a member leave (anyone, for themselves). Every session
 * of the person removed ends at once. `db` must be a transaction.
 */
export async function removeMember(db: Db, context: AuditContext, accountId: string, membershipId: string) {
  const account = await requireAccount(db, context.merchantId, accountId);
  const members = await lockMembers(db, accountId);
  const member = members.find((m) => m.id === membershipId);
  if (!member) throw ConsoleError.notFound("Member");
  const leaving = member.merchantId === context.merchantId;
  if (!leaving) await requireAccount(db, context.merchantId, accountId, "manage_members");
  if (!keepsAnOwner(members, membershipId, null))
    throw ConsoleError.refused(
      leaving
        ? "You are the account's last owner: make someone else an owner before you leave."
        : "An account needs at least one owner: make someone else an owner first.",
    );
  await db.membership.delete({ where: { id: membershipId } });
  const ended = leaving ? 0 : await endSessions(db, member.merchantId, { reason: "removed" });
  await recordAudit(db, context, {
    applicationId: null,
    accountId,
    action: leaving ? "member.left" : "member.removed",
    detail: { membershipId, email: member.merchant.email, role: member.role, sessionsEnded: ended },
  });
  return { left: leaving, accountName: account.name };
}

/** An account's own audit lines (members, invitations), newest first. */
export async function listTeamActivity(db: Db, memberId: string, accountId: string) {
  await requireAccount(db, memberId, accountId);
  return db.auditLog.findMany({
    where: { accountId, applicationId: null },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: 50,
    include: { merchant: { select: { email: true } } },
  });
}
