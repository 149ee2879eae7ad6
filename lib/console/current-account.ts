// The account a person is working in on the console: one of their memberships, chosen in this
// browser (the account switcher) and otherwise their oldest. Applications are created in it and the
// home page lists its applications; a personal account is made only when the person asks for one.
import { createAccount } from "@/lib/accounts/create-account";
import { recordAudit, type AuditContext } from "@/lib/audit/record-audit";
import type { Db } from "@/lib/db/client";
import type { Role } from "./roles";

export type Membership = { id: string; name: string; role: Role };

/** The chosen account when the person still belongs to it, else their oldest (memberships oldest first). */
export function pickCurrentAccount<T extends Membership>(
  memberships: readonly T[],
  chosen: string | undefined,
): T | null {
  return memberships.find((membership) => membership.id === chosen) ?? memberships[0] ?? null;
}

/** A new account owned by the person alone, named after them, made because they asked (never on the side). */
export async function createPersonalAccount(db: Db, context: AuditContext) {
  const person = await db.merchantUser.findUniqueOrThrow({
    where: { id: context.merchantId },
    select: { name: true, email: true },
  });
  const account = await createAccount(db, { name: person.name?.trim() || person.email, ownerId: context.merchantId });
  await recordAudit(db, context, { applicationId: null, accountId: account.id, action: "account.created" });
  return account;
}
