// THE ownership check: every console page and operation loads an application through here, scoped
// to the signed-in member's accounts, so an application of an account they do not belong to behaves
// exactly like an id that does not exist; and what the member's role may do (lib/console/roles.ts)
// is checked here too, so no page or action can skip it.
import type { Db } from "@/lib/db/client";
import { browserViews } from "./browser-view";
import { ConsoleError } from "./errors";
import { requireRole, type Permission, type Role } from "./roles";

export async function requireApplication(db: Db, memberId: string, applicationId: string, need: Permission = "read") {
  if (!memberId || !applicationId) throw ConsoleError.notFound("Application");
  const found = await db.application.findFirst({
    where: { id: applicationId, account: { members: { some: { merchantId: memberId } } } },
    include: {
      account: { select: { name: true, members: { where: { merchantId: memberId }, select: { role: true } } } },
      consoleViews: { where: { merchantId: memberId }, select: { livemode: true } },
    },
  });
  const role = found?.account.members[0]?.role;
  if (!found || !role) throw ConsoleError.notFound("Application");
  const { account, consoleViews, ...application } = found;
  requireRole(role, need);
  // The mode this member's console shows in this browser (browser-view.ts), else their own last
  // choice (set-mode.ts), else test. Reads use it; a write takes its mode from its own request
  // instead (mode-write.ts).
  const consoleLivemode = (await browserViews(memberId))[applicationId] ?? consoleViews[0]?.livemode ?? false;
  return { ...application, consoleLivemode, accountName: account.name, role };
}

export type OwnedApplication = Awaited<ReturnType<typeof requireApplication>>;

/** A further check once the thing acted on is known (a key's or endpoint's own mode). */
export function requirePermission(application: { role: Role }, need: Permission): void {
  requireRole(application.role, need);
}

/** The member's role in an account, checked against `need`; not a member behaves as not found. */
export async function requireAccount(db: Db, memberId: string, accountId: string, need: Permission = "read") {
  if (!memberId || !accountId) throw ConsoleError.notFound("Account");
  const membership = await db.membership.findUnique({
    where: { accountId_merchantId: { accountId, merchantId: memberId } },
    include: { account: true },
  });
  if (!membership) throw ConsoleError.notFound("Account");
  requireRole(membership.role, need);
  return { ...membership.account, role: membership.role };
}

/** The mode this member's console shows for an application; keys, endpoints and data views use it. */
export function consoleTenant(application: OwnedApplication) {
  return { applicationId: application.id, livemode: application.consoleLivemode };
}
