// The applications of every account the member belongs to, for the console's home page, with the
// member's role there and counts that help pick one.
import type { Db } from "@/lib/db/client";

export async function listApplications(db: Db, merchantId: string) {
  const applications = await db.application.findMany({
    where: { account: { members: { some: { merchantId } } } },
    orderBy: { createdAt: "desc" },
    select: {
      id: true,
      name: true,
      consoleLivemode: true,
      createdAt: true,
      account: { select: { id: true, name: true, members: { where: { merchantId }, select: { role: true } } } },
      _count: { select: { apiKeys: { where: { revokedAt: null } }, webhookEndpoints: true, wallets: true } },
    },
  });
  return applications.map(({ _count, account, ...application }) => ({
    ...application,
    accountId: account.id,
    accountName: account.name,
    role: account.members[0]?.role ?? "viewer",
    activeKeys: _count.apiKeys,
    endpoints: _count.webhookEndpoints,
    wallets: _count.wallets,
  }));
}

/** The member's accounts with their role in each, oldest membership first. */
export async function listMemberships(db: Db, merchantId: string) {
  const memberships = await db.membership.findMany({
    where: { merchantId },
    orderBy: { createdAt: "asc" },
    select: { role: true, account: { select: { id: true, name: true } } },
  });
  return memberships.map(({ role, account }) => ({ ...account, role }));
}
