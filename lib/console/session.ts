// The signed-in merchant for console pages and server actions; anyone else is sent to sign-in, and a
// GitHub sign-in still owing its second factor to the second-step page.
import { getServerSession } from "next-auth";
import { headers } from "next/headers";
import { connection } from "next/server";
import { redirect } from "next/navigation";
import { cache } from "react";
import { prisma } from "@/lib/db/client";
import { callerAddress } from "@/lib/client-address";
import { authOptions, SIGN_IN_PATH } from "./auth-options";
import { consoleAccess, SECOND_FACTOR_PATH } from "./second-factor-sign-in";
import type { AuditContext } from "@/lib/audit/record-audit";

// cache(): the console layout, the application layout and the page each ask; one session read and
// one query per request answer them all.
export const currentAccess = cache(async () => {
  // Per-request by nature: never prerender at build time, when no session (or secret) exists.
  await connection();
  return consoleAccess(await getServerSession(authOptions()));
});

export const currentMerchant = cache(async () => {
  const access = await currentAccess();
  if (access.state !== "signed-in") return null;
  // A deleted account's still-valid cookie must not keep working.
  return prisma().merchantUser.findUnique({
    where: { id: access.merchantId },
    select: { id: true, email: true, name: true },
  });
});

export async function requireMerchant() {
  const merchant = await currentMerchant();
  if (merchant) return merchant;
  redirect((await currentAccess()).state === "second-factor-pending" ? SECOND_FACTOR_PATH : SIGN_IN_PATH);
}

/** The merchant plus the caller's address, for operations that write the audit log. */
export async function requireAuditContext(): Promise<AuditContext & { email: string }> {
  const merchant = await requireMerchant();
  const requestHeaders = await headers();
  return {
    merchantId: merchant.id,
    email: merchant.email,
    ipAddress: callerAddress((name) => requestHeaders.get(name)),
  };
}
