// Console sessions are kept on the server so they can be ended: every console request reads the
// session cookie through next-auth's jwt callback, which refuses a cookie whose session was ended
// (sign out, sign out everywhere, a password or two-factor change, removal) or is past its fixed
// 8 hours. The callbacks are driven directly with what next-auth hands them, as the server would.
import { randomBytes } from "node:crypto";
import type { JWT } from "next-auth/jwt";
import { decode } from "next-auth/jwt";
import { describe, expect, it } from "vitest";
import { prisma } from "@/lib/db/client";
import { newId } from "@/lib/ids";
import { authOptions } from "@/lib/console/auth-options";
import { authSecret } from "@/lib/console/auth-secret";
import { endSession, endSessions, listActiveSessions, SESSION_LIFETIME_SECONDS } from "@/lib/console/sessions";
import { browserName } from "@/lib/console/browser-name";

const FIREFOX = "Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0";

async function merchant() {
  return prisma().merchantUser.create({
    data: { id: newId("usr"), email: `sessions-${randomBytes(5).toString("hex")}@example.test` },
  });
}

function options(userAgent = FIREFOX) {
  return authOptions({ address: "203.0.113.7", userAgent });
}

function jwtCallback() {
  const jwt = options().callbacks?.jwt;
  if (!jwt) throw new Error("authOptions has no jwt callback");
  return jwt;
}

/** What next-auth's credentials callback hands the jwt callback at sign-in. */
async function signIn(merchantId: string): Promise<JWT> {
  return jwtCallback()({
    token: { sub: merchantId },
    user: { id: merchantId },
    account: { provider: "credentials", type: "credentials", providerAccountId: merchantId },
    trigger: "signIn",
  });
}

/** Any later console request: next-auth decodes the cookie and runs the jwt callback on it. */
async function read(token: JWT): Promise<JWT> {
  return jwtCallback()({ token, user: undefined as never, account: null });
}

describe("console sessions", () => {
  it("opens a session at sign-in with its address and browser, fixed to end 8 hours later", async () => {
    const { id } = await merchant();
    const before = Math.floor(Date.now() / 1000);
    const token = await signIn(id);
    expect(token.sessionId).toMatch(/^ses_[0-9A-Za-z]{24}$/);
    expect(token.sessionExpiresAt).toBeGreaterThanOrEqual(before + SESSION_LIFETIME_SECONDS);
    const [listed] = await listActiveSessions(prisma(), id);
    expect(listed).toMatchObject({ id: token.sessionId, ipAddress: "203.0.113.7", userAgent: FIREFOX });
    expect(browserName(listed!.userAgent)).toBe("Firefox on Linux");
    await expect(read(token)).resolves.toMatchObject({ sub: id, sessionId: token.sessionId });
  });

  it("refuses the old cookie once signed out, in this process at once", async () => {
    const { id } = await merchant();
    const token = await signIn(id);
    await read(token); // cached as open
    await options().events?.signOut?.({ token, session: undefined as never });
    await expect(read(token)).rejects.toThrow();
    expect(await listActiveSessions(prisma(), id)).toEqual([]);
    const row = await prisma().consoleSession.findUniqueOrThrow({ where: { id: token.sessionId! } });
    expect(row.endedReason).toBe("sign-out");
  });

  it("signing out everywhere ends every session; a change ends all but the one that made it", async () => {
    const { id } = await merchant();
    const [first, second, third] = [await signIn(id), await signIn(id), await signIn(id)];
    expect(await endSessions(prisma(), id, { except: first.sessionId, reason: "two-factor-changed" })).toBe(2);
    await expect(read(first)).resolves.toBeTruthy();
    await expect(read(second)).rejects.toThrow();
    await expect(read(third)).rejects.toThrow();
    expect(await endSessions(prisma(), id)).toBe(1);
    await expect(read(first)).rejects.toThrow();
  });

  it("ends one session from the list, and never another merchant's", async () => {
    const [owner, other] = [await merchant(), await merchant()];
    const [kept, ended] = [await signIn(owner.id), await signIn(owner.id)];
    expect(await endSession(prisma(), other.id, ended.sessionId!)).toBe(false);
    await expect(read(ended)).resolves.toBeTruthy();
    expect(await endSession(prisma(), owner.id, ended.sessionId!, "signed-out-elsewhere")).toBe(true);
    await expect(read(ended)).rejects.toThrow();
    await expect(read(kept)).resolves.toBeTruthy();
    expect((await listActiveSessions(prisma(), owner.id)).map((s) => s.id)).toEqual([kept.sessionId]);
  });

  it("refuses a session past its 8 hours, however active it was", async () => {
    const { id } = await merchant();
    const token = await signIn(id);
    await prisma().consoleSession.update({
      where: { id: token.sessionId! },
      data: { createdAt: new Date(Date.now() - 9 * 3600_000), expiresAt: new Date(Date.now() - 3600_000) },
    });
    await expect(read(token)).rejects.toThrow();
  });

  it("refuses a cookie that names no session (made before sessions were kept) or another merchant's", async () => {
    const [a, b] = [await merchant(), await merchant()];
    await expect(read({ sub: a.id })).rejects.toThrow();
    const token = await signIn(a.id);
    await expect(read({ ...token, sub: b.id })).rejects.toThrow();
  });

  it("signs the cookie to expire at the session's end, so reading the session never extends it", async () => {
    const { id } = await merchant();
    const token = await signIn(id);
    const end = Math.floor(Date.now() / 1000) + 3600; // as if signed in 7 hours ago
    const encode = options().jwt?.encode;
    if (!encode) throw new Error("authOptions has no jwt.encode");
    // next-auth passes its full maxAge on every session read; the token's own end wins.
    const cookie = await encode({
      token: { ...token, sessionExpiresAt: end },
      secret: authSecret(),
      maxAge: SESSION_LIFETIME_SECONDS,
    });
    const decoded = await decode({ token: cookie, secret: authSecret() });
    expect(decoded?.exp).toBeGreaterThanOrEqual(end - 1);
    expect(decoded?.exp).toBeLessThanOrEqual(end + 1);
  });
});
