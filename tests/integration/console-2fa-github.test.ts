// Two-factor sign-in through GitHub: the session token of a merchant with 2FA on carries a "second
// factor pending" mark that shuts the console until a code is given through next-auth's session
// update; and the account's own security activity. A real GitHub cannot be reached from here, so the
// test drives authOptions()'s jwt and session callbacks directly with what next-auth hands them after
// GitHub's OAuth callback (the account and profile), as the running server would.
import { randomBytes } from "node:crypto";
import type { Session } from "next-auth";
import type { JWT } from "next-auth/jwt";
import { describe, expect, it } from "vitest";
import { prisma } from "@/lib/db/client";
import { authOptions } from "@/lib/console/auth-options";
import { CODE_REFUSED_MESSAGE } from "@/lib/console/second-factor-sign-in";
import { CONSOLE_PAGE_SIZE } from "@/lib/console/keyset-page";
import { listAccountActivity } from "@/lib/console/list-account-activity";
import { recordAudit } from "@/lib/audit/record-audit";
import { consoleAccess } from "@/lib/console/second-factor-sign-in";
import { signUp } from "@/lib/console/sign-up";
import { CODE_LIMITS } from "@/lib/console/verify-second-factor";
import { enrolTwoFactor, totpCodeAt } from "../helpers/totp-code";

const now = () => Math.floor(Date.now() / 1000);
const address = () => `203.0.113.${Math.floor(Math.random() * 250) + 1}-${randomBytes(3).toString("hex")}`;

/** A password merchant linked to a GitHub account, with two-factor on when `twoFactor`. */
async function githubMerchant(twoFactor: boolean) {
  const githubId = String(Math.floor(Math.random() * 1e9));
  const user = await signUp(prisma(), {
    email: `gh-${randomBytes(5).toString("hex")}@example.test`,
    password: "a long enough password",
  });
  await prisma().merchantUser.update({ where: { id: user.id }, data: { githubId } });
  if (!twoFactor) return { user, githubId, secret: "", recoveryCodes: [] as string[] };
  const { secret, recoveryCodes } = await enrolTwoFactor(prisma(), { merchantId: user.id, ipAddress: address() });
  return { user, githubId, secret, recoveryCodes };
}

function callbacks(clientAddress = address()) {
  const { jwt, session } = authOptions({ address: clientAddress }).callbacks ?? {};
  if (!jwt || !session) throw new Error("authOptions has no jwt or session callback");
  return {
    /** What next-auth's GitHub callback hands the jwt callback for a fresh sign-in. */
    signIn: (githubId: string, email: string) =>
      jwt({
        token: { email, name: "Octo Cat" },
        user: { id: githubId, email, name: "Octo Cat" },
        account: { provider: "github", type: "oauth", providerAccountId: githubId },
        profile: { email, name: "Octo Cat" },
        trigger: "signIn",
        isNewUser: false,
      }),
    /** `useSession().update(data)` on the client: a POST to /api/auth/session. */
    update: (token: JWT, data: unknown) =>
      jwt({ token, user: undefined as never, account: null, trigger: "update", session: data }),
    session: async (token: JWT) =>
      (await session({
        session: { user: { email: token.email }, expires: new Date(Date.now() + 3600_000).toISOString() },
        token,
        user: undefined as never,
        newSession: undefined,
        trigger: "update",
      })) as Session,
  };
}

describe("GitHub sign-in with two-factor on", () => {
  it("is pending until a right code is given in a session update, and the code is not accepted twice", async () => {
    const { user, githubId, secret } = await githubMerchant(true);
    const auth = callbacks();
    const token = await auth.signIn(githubId, user.email);
    expect(token.sub).toBe(user.id);
    expect(token.secondFactorPending).toBe(true);
    // The re-authentication window has not started: GitHub alone is not a sign-in here.
    expect(token.authenticatedAt).toBeUndefined();
    const pendingSession = await auth.session(token);
    expect(pendingSession.secondFactorPending).toBe(true);
    expect(consoleAccess(pendingSession)).toEqual({ state: "second-factor-pending", merchantId: user.id });

    const wrong = await auth.update(token, { code: "000000" });
    expect(wrong.secondFactorPending).toBe(true);
    expect(wrong.secondFactorRefusal).toBe(CODE_REFUSED_MESSAGE);
    // A client claiming to be verified is not believed: only a code is read.
    const claimed = await auth.update(wrong, { secondFactorPending: false, verified: true });
    expect(claimed.secondFactorPending).toBe(true);
    expect(consoleAccess(await auth.session(claimed)).state).toBe("second-factor-pending");

    const code = await totpCodeAt(secret, 0);
    const before = now();
    const cleared = await auth.update(claimed, { code });
    expect(cleared.secondFactorPending).toBeUndefined();
    expect(cleared.secondFactorRefusal).toBeUndefined();
    expect(cleared.authenticatedAt).toBeGreaterThanOrEqual(before);
    const session = await auth.session(cleared);
    expect(session.secondFactorPending).toBeUndefined();
    expect(consoleAccess(session)).toEqual({ state: "signed-in", merchantId: user.id });
    // Once signed in, further updates change nothing.
    expect(await auth.update(cleared, { code: "000000" })).toEqual(cleared);

    // Someone who watched that code and signs in to GitHub as the merchant cannot use it again.
    const replay = await auth.update(await auth.signIn(githubId, user.email), { code });
    expect(replay.secondFactorPending).toBe(true);
    expect(replay.secondFactorRefusal).toBe(CODE_REFUSED_MESSAGE);
  });

  it("takes a recovery code once, and writes its audit line", async () => {
    const { user, githubId, recoveryCodes } = await githubMerchant(true);
    const auth = callbacks();
    const [recovery] = recoveryCodes;
    const first = await auth.update(await auth.signIn(githubId, user.email), { code: recovery });
    expect(first.secondFactorPending).toBeUndefined();
    const again = await auth.update(await auth.signIn(githubId, user.email), { code: recovery });
    expect(again.secondFactorPending).toBe(true);
    const activity = await listAccountActivity(prisma(), user.id);
    expect(activity.rows.map((row) => row.action)).toEqual(["recovery_code.used", "two_factor.enabled"]);
  });

  it("rate limits codes per account and says when to retry, without ending the session", async () => {
    const { user, githubId, secret } = await githubMerchant(true);
    const auth = callbacks();
    let token = await auth.signIn(githubId, user.email);
    for (let attempt = 0; attempt < CODE_LIMITS.perAccount.limit; attempt++)
      token = await auth.update(token, { code: "000000" });
    token = await auth.update(token, { code: await totpCodeAt(secret, 0) });
    expect(token.secondFactorPending).toBe(true);
    expect(token.secondFactorRefusal).toMatch(/try again/i);
  });

  it("does not mark a merchant without two-factor", async () => {
    const { user, githubId } = await githubMerchant(false);
    const token = await callbacks().signIn(githubId, user.email);
    expect(token.sub).toBe(user.id);
    expect(token.secondFactorPending).toBeUndefined();
    expect(token.authenticatedAt).toBeGreaterThan(0);
    expect(consoleAccess(await callbacks().session(token))).toEqual({ state: "signed-in", merchantId: user.id });
  });
});

describe("console access decision", () => {
  it("lets in only a session with a merchant and no pending second factor", () => {
    expect(consoleAccess(null)).toEqual({ state: "signed-out" });
    expect(consoleAccess({ user: {} })).toEqual({ state: "signed-out" });
    expect(consoleAccess({ user: { id: "usr_1" }, secondFactorPending: true })).toEqual({
      state: "second-factor-pending",
      merchantId: "usr_1",
    });
    expect(consoleAccess({ user: { id: "usr_1" } })).toEqual({ state: "signed-in", merchantId: "usr_1" });
  });
});

describe("security activity", () => {
  it("lists only the merchant's own account-level lines, newest first, a page at a time", async () => {
    const { user } = await githubMerchant(true);
    const { user: other } = await githubMerchant(true);
    const context = { merchantId: user.id, ipAddress: "192.0.2.7" };
    for (let i = 0; i < CONSOLE_PAGE_SIZE; i++)
      await recordAudit(prisma(), context, { applicationId: null, action: "recovery_codes.regenerated" });
    const first = await listAccountActivity(prisma(), user.id);
    expect(first.rows).toHaveLength(CONSOLE_PAGE_SIZE);
    expect(first.rows[0]).toMatchObject({ action: "recovery_codes.regenerated", ipAddress: "192.0.2.7" });
    const times = first.rows.map((row) => row.createdAt.getTime());
    expect(times).toEqual([...times].sort((a, b) => b - a));
    const second = await listAccountActivity(prisma(), user.id, { after: first.nextCursor ?? undefined });
    expect(second.rows.map((row) => row.action)).toEqual(["two_factor.enabled"]);
    expect(second.nextCursor).toBeNull();
    // Another merchant's cursor names no row of this list.
    const theirs = await listAccountActivity(prisma(), other.id);
    expect(await listAccountActivity(prisma(), user.id, { after: theirs.rows[0]?.id })).toMatchObject({
      rows: [],
      unknownCursor: true,
    });
  });
});
