// The signed-in merchant for console pages and server actions; anyone else is sent to sign-in.
import { getServerSession } from "next-auth";
import { headers } from "next/headers";
import { connection } from "next/server";
import { redirect } from "next/navigation";
import { cache } from "react";
import { prisma } from "@/lib/db/client";
import { CLIENT_ADDRESS_HEADER } from "@/lib/client-address-header";
import { authOptions, SIGN_IN_PATH } from "./auth-options";
import type { AuditContext } from "./record-audit";

// cache(): the console layout, the application layout and the page each ask; one session read and
// one query per request answer them all.
export const currentMerchant = cache(async () => {
  // Per-request by nature: never prerender at build time, when no session (or secret) exists.
  await connection();
  const session = await getServerSession(authOptions());
  const id = session?.user?.id;
  if (!id) return null;
  // A deleted account's still-valid cookie must not keep working.
  return prisma().merchantUser.findUnique({ where: { id }, select: { id: true, email: true, name: true } });
});

export async function requireMerchant() {
  const merchant = await currentMerchant();
  if (!merchant) redirect(SIGN_IN_PATH);
  return merchant;
}

/** The merchant plus the caller's address, for operations that write the audit log. */
export async function requireAuditContext(): Promise<AuditContext & { email: string }> {
  const merchant = await requireMerchant();
  const address = (await headers()).get(CLIENT_ADDRESS_HEADER);
  return { merchantId: merchant.id, email: merchant.email, ipAddress: address };
}
