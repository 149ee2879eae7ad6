// Two-factor sign-in for the console: enrolment with a sealed secret, TOTP codes and recovery codes
// each accepted once, their rate limits, and the ten-minute re-authentication window.
import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { isSealed } from "@/lib/crypto/secret-box";
import { prisma } from "@/lib/db/client";
import { authenticateCredentials } from "@/lib/console/authenticate-credentials";
import {} from "@/lib/console/errors";
import { reauthenticate, REAUTH_PASSWORD_LIMITS } from "@/lib/console/reauthenticate";
import {
  REAUTH_WINDOW_SECONDS,
  reauthProofValid,
  recentlyAuthenticated,
  signReauthProof,
} from "@/lib/console/recent-authentication";
import { SECOND_FACTOR_REFUSED, SECOND_FACTOR_REQUIRED } from "@/lib/console/second-factor-sign-in";
import { createConsoleApplication } from "@/lib/console/create-console-application";
import {
  endpointUpdateIsSensitive,
  keyMintIsSensitive,
} from "@/lib/console/sensitive-changes";
import { checkModeWrite } from "@/lib/console/mode-write";
import { signUp } from "@/lib/console/sign-up";
import { newId } from "@/lib/ids";
import {
  confirmTwoFactor,
  disableTwoFactor,
  regenerateRecoveryCodes,
  startTwoFactorEnrolment,
  twoFactorStatus,
} from "@/lib/console/two-factor";
import { CODE_LIMITS, verifySecondFactor } from "@/lib/console/verify-second-factor";
import { enrolTwoFactor, totpCodeAt } from "../helpers/totp-code";

const PASSWORD = "a long enough password";
const address = () => `198.51.100.${Math.floor(Math.random() * 250) + 1}-${randomBytes(3).toString("hex")}`;

async function merchant() {
  const user = await signUp(prisma(), {
    email: `tfa-${randomBytes(5).toString("hex")}@example.test`,
    password: PASSWORD,
  });
  return { user, context: { merchantId: user.id, ipAddress: address() } };
}

/** A merchant with two-factor on, enrolled with the previous step's code so the current and next are unused. */
async function enrolledMerchant() {
  const { user, context } = await merchant();
  return { user, context, ...(await enrolTwoFactor(prisma(), context)) };
}

const signIn = (email: string, extra: { code?: string; password?: string; address?: string } = {}) =>
  authenticateCredentials(prisma(), { email, password: PASSWORD, address: address(), ...extra });

describe("enrolment", () => {
  it("keeps the pending secret sealed and turns 2FA on only with a code from it, giving ten recovery codes", async () => {
    const { user, context } = await merchant();
    await startTwoFactorEnrolment(prisma(), user.id);
    const status = await twoFactorStatus(prisma(), user.id);
    if (status.state !== "enrolling") throw new Error("expected a pending secret");
    expect(status.uri).toMatch(/^otpauth:\/\/totp\//);
    const stored = await prisma().merchantUser.findUniqueOrThrow({ where: { id: user.id } });
    expect(isSealed(stored.totpPendingSealed ?? "")).toBe(true);
    expect(stored.totpPendingSealed).not.toContain(status.secret);

    await expect(confirmTwoFactor(prisma(), context, "000000")).rejects.toMatchObject({ code: "field" });
    expect((await twoFactorStatus(prisma(), user.id)).state).toBe("enrolling");

    const codes = await confirmTwoFactor(prisma(), context, await totpCodeAt(status.secret, 0));
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    expect(await twoFactorStatus(prisma(), user.id)).toMatchObject({ state: "on", recoveryCodesLeft: 10 });
    const rows = await prisma().recoveryCode.findMany({ where: { merchantId: user.id } });
    expect(rows.map((r) => r.codeHash)).not.toContain(codes[0]);
    const audit = await prisma().auditLog.findMany({ where: { merchantId: user.id } });
    expect(audit).toEqual([expect.objectContaining({ action: "two_factor.enabled", applicationId: null })]);
  });
});

describe("sign-in with two-factor on", () => {
  it("asks for a code only after a right password, and accepts a TOTP code once", async () => {
    const { user, secret } = await enrolledMerchant();
    expect(await signIn(user.email, { password: "wrong password!!" })).toBeNull();
    await expect(signIn(user.email)).rejects.toThrow(SECOND_FACTOR_REQUIRED);
    await expect(signIn(user.email, { code: "123456" })).rejects.toThrow(SECOND_FACTOR_REFUSED);

    const code = await totpCodeAt(secret, 0);
    expect(await signIn(user.email, { code })).toMatchObject({ id: user.id });
    await expect(signIn(user.email, { code }), "a replayed code").rejects.toThrow(SECOND_FACTOR_REFUSED);
    // An older step than the last one accepted is refused as well.
    await expect(signIn(user.email, { code: await totpCodeAt(secret, -1) })).rejects.toThrow(SECOND_FACTOR_REFUSED);
    expect(await signIn(user.email, { code: await totpCodeAt(secret, 1) })).toMatchObject({ id: user.id });
  });

  it("accepts each recovery code once and audits its use", async () => {
    const { user, recoveryCodes } = await enrolledMerchant();
    const [first = "", second = ""] = recoveryCodes;
    expect(await signIn(user.email, { code: first.toUpperCase() })).toMatchObject({ id: user.id });
    await expect(signIn(user.email, { code: first })).rejects.toThrow(SECOND_FACTOR_REFUSED);
    expect(await signIn(user.email, { code: second })).toMatchObject({ id: user.id });
    expect(await twoFactorStatus(prisma(), user.id)).toMatchObject({ state: "on", recoveryCodesLeft: 8 });
    const used = await prisma().auditLog.count({ where: { merchantId: user.id, action: "recovery_code.used" } });
    expect(used).toBe(2);
  });

  it(`limits code attempts per account to ${CODE_LIMITS.perAccount.limit}, even from many addresses`, async () => {
    const { context, secret } = await enrolledMerchant();
    for (let i = 0; i < CODE_LIMITS.perAccount.limit; i++)
      expect(await verifySecondFactor(prisma(), { ...context, ipAddress: address() }, "000000")).toBe(false);
    const blocked = verifySecondFactor(prisma(), { ...context, ipAddress: address() }, await totpCodeAt(secret, 0));
    await expect(blocked).rejects.toMatchObject({ code: "limited" });
    await expect(blocked).rejects.toThrow(/Too many code attempts\. Try again in \d+ minutes?\./);
  });

  it(`limits code attempts per address to ${CODE_LIMITS.perAddress.limit}, across accounts`, async () => {
    const ip = address();
    for (let i = 0; i < CODE_LIMITS.perAddress.limit; i++)
      expect(await verifySecondFactor(prisma(), { merchantId: `usr_spray${i}${ip}`, ipAddress: ip }, "000000")).toBe(
        false,
      );
    const { context, secret } = await enrolledMerchant();
    await expect(
      verifySecondFactor(prisma(), { ...context, ipAddress: ip }, await totpCodeAt(secret, 0)),
    ).rejects.toMatchObject({ code: "limited" });
  });
});

describe("managing two-factor", () => {
  it("regenerating recovery codes voids the old ones; turning 2FA off lets the password alone sign in", async () => {
    const { user, context, recoveryCodes } = await enrolledMerchant();
    const fresh = await regenerateRecoveryCodes(prisma(), context);
    expect(fresh).toHaveLength(10);
    expect(fresh).not.toContain(recoveryCodes[0]);
    await expect(signIn(user.email, { code: recoveryCodes[0] })).rejects.toThrow(SECOND_FACTOR_REFUSED);

    await disableTwoFactor(prisma(), context);
    expect(await twoFactorStatus(prisma(), user.id)).toEqual({ state: "off" });
    expect(await prisma().recoveryCode.count({ where: { merchantId: user.id } })).toBe(0);
    expect(await signIn(user.email)).toMatchObject({ id: user.id });
    const actions = await prisma().auditLog.findMany({
      where: { merchantId: user.id },
      orderBy: { createdAt: "asc" },
      select: { action: true, applicationId: true },
    });
    expect(actions.map((a) => a.action)).toEqual([
      "two_factor.enabled",
      "recovery_codes.regenerated",
      "two_factor.disabled",
    ]);
    expect(actions.every((a) => a.applicationId === null)).toBe(true);
  });
});

describe("re-authentication", () => {
  it("counts a sign-in or a re-authentication as recent for ten minutes, for that merchant only", () => {
    const t = Date.now();
    const minutesAgo = (m: number) => Math.floor((t - m * 60_000) / 1000);
    expect(recentlyAuthenticated({ merchantId: "usr_a", signedInAt: minutesAgo(9), proof: undefined }, t)).toBe(true);
    expect(recentlyAuthenticated({ merchantId: "usr_a", signedInAt: minutesAgo(11), proof: undefined }, t)).toBe(false);
    expect(recentlyAuthenticated({ merchantId: "usr_a", signedInAt: undefined, proof: undefined }, t)).toBe(false);

    const proof = signReauthProof("usr_a", t);
    expect(recentlyAuthenticated({ merchantId: "usr_a", signedInAt: minutesAgo(60), proof }, t + 9 * 60_000)).toBe(
      true,
    );
    expect(reauthProofValid(proof, "usr_a", t + REAUTH_WINDOW_SECONDS * 1000 + 1)).toBe(false);
    expect(reauthProofValid(proof, "usr_b", t)).toBe(false);
    const [, expiresAt, mac] = proof.split(".");
    expect(reauthProofValid(`usr_a.${Number(expiresAt) + 3_600_000}.${mac}`, "usr_a", t)).toBe(false);
    expect(reauthProofValid("not a proof", "usr_a", t)).toBe(false);
  });

  it("accepts the right password or an unused code, and names the field otherwise", async () => {
    const { context, secret } = await enrolledMerchant();
    await expect(reauthenticate(prisma(), context, { password: "wrong password!!" })).rejects.toMatchObject({
      field: "password",
    });
    await expect(reauthenticate(prisma(), context, { password: PASSWORD })).resolves.toBeUndefined();
    const code = await totpCodeAt(secret, 0);
    await expect(reauthenticate(prisma(), context, { code })).resolves.toBeUndefined();
    await expect(reauthenticate(prisma(), context, { code })).rejects.toMatchObject({ field: "code" });
  });

  it("refuses a code from a merchant without two-factor, saying to use the password", async () => {
    const { context } = await merchant();
    await expect(reauthenticate(prisma(), context, { code: "123456" })).rejects.toThrow(/use your password/);
  });

  it(`limits password attempts to ${REAUTH_PASSWORD_LIMITS.perAccount.limit} per account`, async () => {
    const { context } = await merchant();
    for (let i = 0; i < REAUTH_PASSWORD_LIMITS.perAccount.limit; i++)
      await expect(
        reauthenticate(prisma(), { ...context, ipAddress: address() }, { password: "wrong password!!" }),
      ).rejects.toMatchObject({ code: "field" });
    await expect(reauthenticate(prisma(), context, { password: PASSWORD })).rejects.toThrow(
      /Too many password attempts\. Try again in \d+ minutes?\./,
    );
  });
});

describe("live-mode changes that ask for re-authentication", () => {
  it("covers live keys, endpoints registered in live mode, and a live endpoint's URL, not test ones", async () => {
    const { context } = await merchant();
    const app = await createConsoleApplication(prisma(), context, { name: "Shop" });
    expect([keyMintIsSensitive("live"), keyMintIsSensitive("test")]).toEqual([true, false]);
    // A registration or a decision endpoint change asks in the mode its form names (mode-write.ts).
    const asked: string[] = [];
    const reauth = async () => void asked.push("asked");
    await checkModeWrite(prisma(), context.merchantId, app.id, "test", reauth);
    expect(asked).toEqual([]);
    await checkModeWrite(prisma(), context.merchantId, app.id, "live", reauth);
    expect(asked).toEqual(["asked"]);

    const endpoint = (livemode: boolean) =>
      prisma().webhookEndpoint.create({
        data: { id: newId("we"), applicationId: app.id, livemode, url: "https://hooks.example.com/a", events: [] },
      });
    const [live, test] = [await endpoint(true), await endpoint(false)];
    const changes = (id: string, url: string) =>
      endpointUpdateIsSensitive(prisma(), context.merchantId, app.id, id, url);
    expect(await changes(live.id, "https://hooks.example.com/b")).toBe(true);
    expect(await changes(live.id, " https://hooks.example.com/a ")).toBe(false);
    expect(await changes(test.id, "https://hooks.example.com/b")).toBe(false);
    const stranger = await merchant();
    await expect(
      endpointUpdateIsSensitive(prisma(), stranger.context.merchantId, app.id, live.id, "https://x.example.com"),
    ).rejects.toThrow(/not found/);
  });
});
