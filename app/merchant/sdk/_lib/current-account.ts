// The account this browser works in on the console (lib/console/current-account.ts): kept in a
// cookie the account switcher sets, read by the pages that name it.
import { cookies } from "next/headers";
import { cache } from "react";
import { prisma } from "@/lib/db/client";
import { consoleBaseUrl } from "@/lib/console/auth-options";
import { pickCurrentAccount } from "@/lib/console/current-account";
import { listMemberships } from "@/lib/console/list-applications";
import { requireMerchant } from "@/lib/console/session";

export const CURRENT_ACCOUNT_COOKIE = "console-account";

/** The signed-in person, their accounts (oldest first) and the one they are in; null with none. */
export const loadCurrentAccount = cache(async () => {
  const merchant = await requireMerchant();
  const [memberships, jar] = await Promise.all([listMemberships(prisma(), merchant.id), cookies()]);
  return { merchant, memberships, current: pickCurrentAccount(memberships, jar.get(CURRENT_ACCOUNT_COOKIE)?.value) };
});

/** Remembers `accountId` as this browser's account (call from a server action, after checking membership). */
export async function rememberCurrentAccount(accountId: string): Promise<void> {
  (await cookies()).set(CURRENT_ACCOUNT_COOKIE, accountId, {
    httpOnly: true,
    sameSite: "lax",
    path: "/merchant/sdk",
    maxAge: 400 * 24 * 3600,
    secure: consoleBaseUrl().startsWith("https://"),
  });
}
