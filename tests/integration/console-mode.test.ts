// The console's test/live switch is each member's own view, and a write's mode is the one its request
// named, checked once with its permission and re-authentication (issue 35, Low;
// docs/decisions/console-mode.md).
import { beforeAll, describe, expect, it } from "vitest";
import { prisma, transaction } from "@/lib/db/client";
import { ConsoleError } from "@/lib/console/errors";
import { listApplications } from "@/lib/console/list-applications";
import { checkModeWrite } from "@/lib/console/mode-write";
import { registerEndpoint } from "@/lib/console/register-endpoint";
import { requireApplication } from "@/lib/console/require-application";
import { setMode } from "@/lib/console/set-mode";
import { signUp } from "@/lib/console/sign-up";
import { acceptInvitation, inviteMember } from "@/lib/console/team";
import type { Role } from "@/lib/console/roles";
import { randomBase62 } from "@/lib/ids";
import { createMerchantApp } from "../helpers/fixtures";
import { consoleRefusal } from "../helpers/console-refusal";
import { lastMail, linkToken } from "../helpers/queued-mail";

const ctx = (merchantId: string) => ({ merchantId, ipAddress: "192.0.2.30" });
// A public address as a literal: no DNS lookup, allowed in both modes.
const RECEIVER = "https://93.184.215.14/hooks";

let owner: Awaited<ReturnType<typeof createMerchantApp>>;
let appId: string;

async function member(role: Role) {
  const person = await signUp(prisma(), {
    email: `${role}-${randomBase62(8).toLowerCase()}@example.test`,
    password: "correct horse battery staple",
  });
  await transaction((tx) =>
    inviteMember(tx, ctx(owner.merchant.id), owner.application.accountId, { email: person.email, role }),
  );
  await transaction(async (tx) => acceptInvitation(tx, ctx(person.id), linkToken(await lastMail(person.email))));
  return person;
}

const passes = async () => {};
const refuses = async () => {
  throw ConsoleError.reauthRequired();
};

beforeAll(async () => {
  owner = await createMerchantApp("Modes");
  await prisma().merchantUser.update({ where: { id: owner.merchant.id }, data: { emailVerifiedAt: new Date() } });
  appId = owner.application.id;
});

describe("the mode a member's console shows", () => {
  it("is the member's own: a viewer switching to live changes nothing for the owner", async () => {
    const viewer = await member("viewer");
    await setMode(prisma(), ctx(viewer.id), appId, "live");
    expect((await requireApplication(prisma(), viewer.id, appId)).consoleLivemode).toBe(true);
    expect((await requireApplication(prisma(), owner.merchant.id, appId)).consoleLivemode).toBe(false);
    const [ownersCard] = await listApplications(prisma(), owner.merchant.id, owner.application.accountId);
    const [viewersCard] = await listApplications(prisma(), viewer.id, owner.application.accountId);
    expect([ownersCard?.consoleLivemode, viewersCard?.consoleLivemode]).toEqual([false, true]);
    // Nothing shared is left to flip.
    expect(Object.keys(await prisma().application.findUniqueOrThrow({ where: { id: appId } }))).not.toContain(
      "consoleLivemode",
    );
  });
});

describe("the mode a write happens in", () => {
  it("is checked with the live permission and re-authentication even when the view shows test", async () => {
    const developer = await member("developer");
    expect((await requireApplication(prisma(), developer.id, appId)).consoleLivemode).toBe(false);
    expect(await consoleRefusal(checkModeWrite(prisma(), developer.id, appId, "live", passes))).toMatchObject({
      code: "forbidden",
    });
    expect(await consoleRefusal(checkModeWrite(prisma(), owner.merchant.id, appId, "live", refuses))).toMatchObject({
      code: "reauth_required",
    });
    expect(await consoleRefusal(checkModeWrite(prisma(), owner.merchant.id, appId, "prod", passes))).toMatchObject({
      code: "refused",
    });
  });

  it("stays the checked mode when the view flips between the check and the write", async () => {
    let reauthentications = 0;
    const counted = async () => {
      reauthentications++;
    };
    // A test-mode form checked (no re-authentication asked), then the view flips to live in another tab.
    const testForm = await checkModeWrite(prisma(), owner.merchant.id, appId, "test", counted);
    await setMode(prisma(), ctx(owner.merchant.id), appId, "live");
    const intoTest = await transaction((tx) =>
      registerEndpoint(tx, ctx(owner.merchant.id), appId, { url: RECEIVER, events: [], enabled: true, mode: testForm }),
    );
    expect(reauthentications).toBe(0);
    expect(await prisma().webhookEndpoint.findUniqueOrThrow({ where: { id: intoTest.id } })).toMatchObject({
      livemode: false,
    });

    // A live-mode form re-authenticates once; flipping the view back to test does not move the write.
    const liveForm = await checkModeWrite(prisma(), owner.merchant.id, appId, "live", counted);
    await setMode(prisma(), ctx(owner.merchant.id), appId, "test");
    const intoLive = await transaction((tx) =>
      registerEndpoint(tx, ctx(owner.merchant.id), appId, { url: RECEIVER, events: [], enabled: true, mode: liveForm }),
    );
    expect(reauthentications).toBe(1);
    expect(await prisma().webhookEndpoint.findUniqueOrThrow({ where: { id: intoLive.id } })).toMatchObject({
      livemode: true,
    });
  });

  it("cannot be made by hand", async () => {
    await expect(
      registerEndpoint(prisma(), ctx(owner.merchant.id), appId, {
        url: RECEIVER,
        events: [],
        enabled: true,
        mode: { applicationId: appId, livemode: true },
      }),
    ).rejects.toThrow(/must come from checkModeWrite/);
  });

  it("cannot be a check made for another application", async () => {
    const other = await createMerchantApp("Other");
    const checked = await checkModeWrite(prisma(), other.merchant.id, other.application.id, "test", passes);
    expect(
      await consoleRefusal(
        registerEndpoint(prisma(), ctx(owner.merchant.id), appId, {
          url: RECEIVER,
          events: [],
          enabled: true,
          mode: checked,
        }),
      ),
    ).toMatchObject({ code: "not_found" });
  });
});
