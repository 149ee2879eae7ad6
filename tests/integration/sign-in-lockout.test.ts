// Sign-in lockout (issue 35, Medium 1): wrong passwords from many addresses spend the account's
// budget and lock out a browser without a device cookie, but not the owner's own browser, whose
// device cookie moves its attempts to a count of their own. Against the configured limiter (the
// real Redis when REDIS_URL is set).
import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { prisma } from "@/lib/db/client";
import { authenticateCredentials, LOGIN_LIMITS } from "@/lib/console/authenticate-credentials";
import { authOptions } from "@/lib/console/auth-options";
import { authSecret } from "@/lib/console/auth-secret";
import { DEVICE_COOKIE, deviceCookieFromHeader, signDeviceCookie } from "@/lib/console/device-cookie";
import { signUp } from "@/lib/console/sign-up";
import { enrolTwoFactor, totpCodeAt } from "../helpers/totp-code";

const PASSWORD = "a long enough password";
const email = (label: string) => `${label}-${randomBytes(5).toString("hex")}@example.test`;
let subnet = Math.floor(Math.random() * 200);
/** A fresh address block per test, so the per-address limit never decides these. */
const addresses = () => {
  subnet += 1;
  let host = 0;
  return () => `2001:db8:${subnet.toString(16)}::${(host += 1).toString(16)}`;
};

async function spendAccountBudget(address: string, next: () => string, deviceCookie?: string) {
  for (let i = 0; i < LOGIN_LIMITS.perAccount.limit; i++) {
    expect(
      await authenticateCredentials(prisma(), {
        email: address,
        password: `guess ${i} guess`,
        address: next(),
        deviceCookie,
      }),
    ).toBeNull();
  }
}

describe("sign-in lockout", () => {
  it("locks a cookieless browser out after wrong passwords from many addresses, but lets the owner's browser in", async () => {
    const address = email("owner");
    const owner = await signUp(prisma(), { email: address, password: PASSWORD });
    const ownersCookie = signDeviceCookie(authSecret(), owner.id);
    const next = addresses();
    await spendAccountBudget(address, next);

    // The attack works on a browser the account never signed in from: the right password is refused.
    await expect(
      authenticateCredentials(prisma(), { email: address, password: PASSWORD, address: next() }),
    ).rejects.toMatchObject({ code: "limited" });
    // The owner's browser still signs in, from yet another address.
    expect(
      await authenticateCredentials(prisma(), {
        email: address,
        password: PASSWORD,
        address: next(),
        deviceCookie: ownersCookie,
      }),
    ).toMatchObject({ id: owner.id });
  }, 120_000);

  it("still limits wrong passwords from the owner's browser by its own count", async () => {
    const address = email("device");
    const owner = await signUp(prisma(), { email: address, password: PASSWORD });
    const cookie = signDeviceCookie(authSecret(), owner.id);
    const next = addresses();
    for (let i = 0; i < LOGIN_LIMITS.perDevice.limit; i++) {
      expect(
        await authenticateCredentials(prisma(), {
          email: address,
          password: `wrong ${i} wrong`,
          address: next(),
          deviceCookie: cookie,
        }),
      ).toBeNull();
    }
    await expect(
      authenticateCredentials(prisma(), { email: address, password: PASSWORD, address: next(), deviceCookie: cookie }),
    ).rejects.toMatchObject({ code: "limited" });
    // Those attempts were the device's, not the account's: another known browser of the owner gets in.
    expect(
      await authenticateCredentials(prisma(), {
        email: address,
        password: PASSWORD,
        address: next(),
        deviceCookie: signDeviceCookie(authSecret(), owner.id),
      }),
    ).toMatchObject({ id: owner.id });
  }, 120_000);

  it("gives no exemption for a cookie of another account or a forged one", async () => {
    const address = email("victim");
    await signUp(prisma(), { email: address, password: PASSWORD });
    const attacker = await signUp(prisma(), { email: email("attacker"), password: PASSWORD });
    const attackersOwn = signDeviceCookie(authSecret(), attacker.id);
    const next = addresses();
    await spendAccountBudget(address, next, attackersOwn);
    await expect(
      authenticateCredentials(prisma(), {
        email: address,
        password: PASSWORD,
        address: next(),
        deviceCookie: attackersOwn,
      }),
    ).rejects.toMatchObject({ code: "limited" });
    const victim = await prisma().merchantUser.findUniqueOrThrow({ where: { email: address } });
    const forged = signDeviceCookie("not the session secret at all, 32+ chars", victim.id);
    await expect(
      authenticateCredentials(prisma(), { email: address, password: PASSWORD, address: next(), deviceCookie: forged }),
    ).rejects.toMatchObject({ code: "limited" });
  }, 120_000);

  it("reads the device cookie from the sign-in request and remembers the device once sign-in is complete", async () => {
    const cookie = signDeviceCookie(authSecret(), "usr_x");
    expect(deviceCookieFromHeader(`a=b; ${DEVICE_COOKIE}=${cookie}; c=d`)).toBe(cookie);
    // A garbled value is no device, never an error.
    expect(deviceCookieFromHeader(`${DEVICE_COOKIE}=%E0%A4%A`)).toBe("%E0%A4%A");
    const garbled = await signUp(prisma(), { email: email("garbled"), password: PASSWORD });
    expect(
      await authenticateCredentials(prisma(), {
        email: garbled.email,
        password: PASSWORD,
        address: "192.0.2.3",
        deviceCookie: `%E0%A4%A.${garbled.id}.%%%`,
      }),
    ).toMatchObject({ id: garbled.id });
    const owner = await signUp(prisma(), { email: email("remember"), password: PASSWORD });
    const remembered: string[] = [];
    const { jwt } =
      authOptions({ address: "192.0.2.1", rememberDevice: async (id) => void remembered.push(id) }).callbacks ?? {};
    if (!jwt) throw new Error("authOptions has no jwt callback");
    await jwt({
      token: { email: owner.email },
      user: { id: owner.id, email: owner.email },
      account: { provider: "credentials", type: "credentials", providerAccountId: owner.id },
      trigger: "signIn",
    });
    expect(remembered).toEqual([owner.id]);
  });

  it("remembers a GitHub sign-in's browser only once its second factor is given", async () => {
    const owner = await signUp(prisma(), { email: email("gh2fa"), password: PASSWORD });
    const githubId = String(Math.floor(Math.random() * 1e9));
    await prisma().merchantUser.update({ where: { id: owner.id }, data: { githubId } });
    const { secret } = await enrolTwoFactor(prisma(), { merchantId: owner.id, ipAddress: "192.0.2.2" });
    const remembered: string[] = [];
    const { jwt } =
      authOptions({ address: "192.0.2.2", rememberDevice: async (id) => void remembered.push(id) }).callbacks ?? {};
    if (!jwt) throw new Error("authOptions has no jwt callback");
    const pending = await jwt({
      token: { email: owner.email },
      user: { id: githubId, email: owner.email },
      account: { provider: "github", type: "oauth", providerAccountId: githubId },
      profile: { email: owner.email, name: "Octo" },
      trigger: "signIn",
    });
    expect(pending.secondFactorPending).toBe(true);
    expect(remembered).toEqual([]);
    const done = await jwt({
      token: pending,
      user: undefined as never,
      account: null,
      trigger: "update",
      session: { code: await totpCodeAt(secret, 0) },
    });
    expect(done.secondFactorPending).toBeUndefined();
    expect(remembered).toEqual([owner.id]);
  });
});
