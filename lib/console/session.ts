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
import { isSessionOpen } from "./sessions";
import type { AuditContext } from "@/lib/audit/record-audit";

// cache(): the console layout, the application layout and the page each ask; one session read and
// one query per request answer them all. Reading the session checks it is still open on the server
// (auth-options.ts, sessions.ts): an ended one reads as signed out.
const currentSession = cache(async () => {
  // Per-request by nature: never prerender at build time, when no session (or secret) exists.
  await connection();
  return getServerSession(authOptions());
});

export const currentAccess = cache(async () => consoleAccess(await currentSession()));

export const currentMerchant = cache(async () => {
  const access = await currentAccess();
  if (access.state !== "signed-in") return null;
  // Read while the database was unreachable (auth-options.ts): asked again here, so a database still
  // down shows the console's "briefly unavailable" page, and one back reads an ended session as ended.
  const session = await currentSession();
  if (
    session?.sessionUnchecked &&
    !(session.sessionId && (await isSessionOpen(prisma(), session.sessionId, access.merchantId)))
  )
    return null;
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

/**
 * The signed-in merchant's id and this session's, for ending sessions: the one that changed a
 * password or two-factor stays signed in, the others end.
 */
export async function requireSessionContext(): Promise<AuditContext & { sessionId: string }> {
  const context = await requireAuditContext();
  const sessionId = (await currentSession())?.sessionId;
  // Cannot happen once signed in (the jwt callback refuses a cookie without one); refuse rather than
  // end every session, this one included, by surprise.
  if (!sessionId) redirect(SIGN_IN_PATH);
  return { ...context, sessionId };
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
