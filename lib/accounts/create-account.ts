// Accounts (the company that owns applications) and their first owner. A person who signs up, or
// whom the CLI bootstraps, gets an account of their own; teammates join it by invitation.
import type { Db } from "@/lib/db/client";
import { newId } from "@/lib/ids";

/** A new account with `ownerId` as its one owner. */
export async function createAccount(db: Db, input: { name: string; ownerId: string }) {
  const account = await db.account.create({
    data: {
      id: newId("acct"),
      name: input.name,
      members: { create: { id: newId("mem"), merchantId: input.ownerId, role: "owner" } },
    },
  });
  return account;
}

/**
 * The account a person's own work goes in when none is named: the oldest they own, else a new one
 * named after them (a person invited into other accounts who then creates an application alone).
 */
export async function ownAccount(db: Db, merchantId: string) {
  const owned = await db.membership.findFirst({
    where: { merchantId, role: "owner" },
    orderBy: { createdAt: "asc" },
    include: { account: true },
  });
  if (owned) return owned.account;
  const merchant = await db.merchantUser.findUniqueOrThrow({
    where: { id: merchantId },
    select: { name: true, email: true },
  });
  return createAccount(db, { name: merchant.name?.trim() || merchant.email, ownerId: merchantId });
}
