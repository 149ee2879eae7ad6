// The applications of every account the member belongs to, for the console's home page, with the
// member's role there and counts that help pick one, per mode.
import type { Db } from "@/lib/db/client";
import { browserViews } from "./browser-view";

/** `accountId`: that account's applications only (the account the console is in). */
export async function listApplications(db: Db, merchantId: string, accountId?: string) {
  const applications = await db.application.findMany({
    where: { accountId, account: { members: { some: { merchantId } } } },
    orderBy: { createdAt: "desc" },
    select: {
      id: true,
      name: true,
      createdAt: true,
      consoleViews: { where: { merchantId }, select: { livemode: true } },
      account: { select: { id: true, name: true, members: { where: { merchantId }, select: { role: true } } } },
    },
  });
  // Counted for these applications only, each through its applicationId index: a relation _count
  // in the query above grouped every wallet, key and endpoint of every merchant first
  // (docs/decisions/console-read-costs.md).
  const ids = applications.map((application) => application.id);
  const [keys, endpoints, wallets] = ids.length
    ? await Promise.all([
        db.apiKey.groupBy({
          by: ["applicationId", "livemode"],
          where: { applicationId: { in: ids }, revokedAt: null },
          _count: { _all: true },
        }),
        db.webhookEndpoint.groupBy({
          by: ["applicationId", "livemode"],
          where: { applicationId: { in: ids } },
          _count: { _all: true },
        }),
        db.wallet.groupBy({
          by: ["applicationId", "livemode"],
          where: { applicationId: { in: ids } },
          _count: { _all: true },
        }),
      ])
    : [[], [], []];
  type Row = { applicationId: string; livemode: boolean; _count: { _all: number } };
  const countOf = (rows: readonly Row[], id: string, livemode: boolean) =>
    rows.find((row) => row.applicationId === id && row.livemode === livemode)?._count._all ?? 0;
  // Per mode: the home card counts what its mode badge says, never test and live together.
  const countsIn = (id: string, livemode: boolean) => ({
    activeKeys: countOf(keys, id, livemode),
    endpoints: countOf(endpoints, id, livemode),
    wallets: countOf(wallets, id, livemode),
  });
  const browser = await browserViews(merchantId);
  return applications.map(({ account, consoleViews, ...application }) => ({
    ...application,
    // This browser's view of it, else this member's own (require-application.ts).
    consoleLivemode: browser[application.id] ?? consoleViews[0]?.livemode ?? false,
    accountId: account.id,
    accountName: account.name,
    role: account.members[0]?.role ?? "viewer",
    counts: { test: countsIn(application.id, false), live: countsIn(application.id, true) },
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
