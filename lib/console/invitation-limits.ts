// How many invitations may be sent: at most 20 an hour from one account and 3 a day to one address
// (from every account together), counted from the invitations table itself, so the count is exact
// across processes and restarts and needs no second store (docs/decisions/invitations.md).
import type { Db } from "@/lib/db/client";
import { ConsoleError } from "./errors";

export const INVITATIONS_PER_ACCOUNT = { limit: 20, windowMs: 60 * 60_000 } as const;
export const INVITATIONS_PER_ADDRESS = { limit: 3, windowMs: 24 * 60 * 60_000 } as const;

// The first half of the advisory locks' keys, apart from every other advisory lock's.
const INVITATION_LOCK_CLASS = 0x49_4e_56; // "INV"

/**
 * Throws a "limited" ConsoleError when `accountId` has sent its hourly invitations or `email` has had
 * its daily ones. Two invitations at once from one account, or to one address, take turns on an
 * advisory lock held to the end of the transaction, so both cannot read 19 and become 21.
 * `db` must be the transaction that then creates the invitation.
 */
export async function checkInvitationLimits(db: Db, accountId: string, email: string): Promise<void> {
  // Always the account's lock first, then the address's: one order everywhere, no deadlock.
  await db.$executeRaw`SELECT pg_advisory_xact_lock(${INVITATION_LOCK_CLASS}::int, hashtext(${`account:${accountId}`}))`;
  await db.$executeRaw`SELECT pg_advisory_xact_lock(${INVITATION_LOCK_CLASS}::int, hashtext(${`email:${email}`}))`;
  const now = Date.now();
  const windows = [
    {
      ...INVITATIONS_PER_ACCOUNT,
      where: { accountId },
      refusal: `This account has sent ${INVITATIONS_PER_ACCOUNT.limit} invitations in the last hour, the most it may.`,
    },
    {
      ...INVITATIONS_PER_ADDRESS,
      where: { email },
      refusal: `${email} has been invited ${INVITATIONS_PER_ADDRESS.limit} times in the last day, the most one address may be.`,
    },
  ];
  for (const { limit, windowMs, where, refusal } of windows) {
    const counted = await db.invitation.findMany({
      where: { ...where, createdAt: { gt: new Date(now - windowMs) } },
      orderBy: { createdAt: "asc" },
      select: { createdAt: true },
      take: limit,
    });
    const oldest = counted[0];
    if (oldest && counted.length >= limit)
      throw ConsoleError.limited(`${refusal} Try again in ${waitFor(oldest.createdAt, windowMs, now)}.`);
  }
}

/** When the oldest counted invitation leaves its window, in words ("12 minutes", "5 hours"). */
function waitFor(oldest: Date, windowMs: number, now: number): string {
  const minutes = Math.max(1, Math.ceil((oldest.getTime() + windowMs - now) / 60_000));
  if (minutes < 120) return `${minutes} minute${minutes === 1 ? "" : "s"}`;
  return `${Math.ceil(minutes / 60)} hours`;
}
