// Teams (issue 27.1): invitations by email (once, 7 days, hashed), roles enforced by the one check
// every console operation goes through, the last owner kept, removal ending sessions, and audit
// lines naming the member who acted.
import { beforeAll, describe, expect, it } from "vitest";
import { prisma, transaction } from "@/lib/db/client";
import { activateSecret } from "@/lib/console/activate-secret";
import { createConsoleApplication } from "@/lib/console/create-console-application";
import { deleteEndpoint } from "@/lib/console/delete-endpoint";
import { listAuditLog } from "@/lib/console/list-audit-log";
import { listEvents } from "@/lib/console/list-events";
import { listKeys } from "@/lib/console/list-keys";
import { listRequestLog } from "@/lib/console/list-request-log";
import { mintKey } from "@/lib/console/mint-key";
import { registerEndpoint } from "@/lib/console/register-endpoint";
import { renameApplication } from "@/lib/console/rename-application";
import { replayConsoleDelivery } from "@/lib/console/replay-console-delivery";
import { requireApplication } from "@/lib/console/require-application";
import { revealSecret } from "@/lib/console/reveal-secret";
import { revokeKey } from "@/lib/console/revoke-key";
import { rollSecret } from "@/lib/console/roll-secret";
import { can, PERMISSIONS, ROLES } from "@/lib/console/roles";
import { searchWallets } from "@/lib/console/search-wallets";
import { sendTestEvent } from "@/lib/console/send-test-event";
import { isSessionOpen, startSession } from "@/lib/console/sessions";
import { setEndpointEnabled } from "@/lib/console/set-endpoint-enabled";
import { setMode } from "@/lib/console/set-mode";

import { signUp } from "@/lib/console/sign-up";
import {
  acceptInvitation,
  changeMemberRole,
  findInvitation,
  inviteMember,
  listTeam,
  removeMember,
  revokeInvitation,
} from "@/lib/console/team";
import { updateEndpoint } from "@/lib/console/update-endpoint";
import type { Role } from "@/lib/console/roles";
import { randomBase62 } from "@/lib/ids";
import { createKey, createMerchantApp } from "../helpers/fixtures";
import { lastMail, linkToken } from "../helpers/queued-mail";

const PASSWORD = "correct horse battery staple";
const email = (label: string) => `${label}-${randomBase62(8).toLowerCase()}@example.test`;
const ctx = (merchantId: string) => ({ merchantId, ipAddress: "192.0.2.10" });

type Owner = Awaited<ReturnType<typeof createMerchantApp>>;
let owner: Owner;
let accountId: string;
let appId: string;
let liveKeyId: string;
let testEndpointId: string;
let liveEndpointId: string;
let deliveryId: string;

async function person(label: string) {
  return signUp(prisma(), { email: email(label), password: PASSWORD });
}

/** Invites a new person as `role` and has them accept through the link in the mail. */
async function join(role: Role) {
  const invitee = await person(role);
  await transaction((tx) => inviteMember(tx, ctx(owner.merchant.id), accountId, { email: invitee.email, role }));
  const token = linkToken(await lastMail(invitee.email));
  await transaction((tx) => acceptInvitation(tx, ctx(invitee.id), token));
  return invitee;
}

beforeAll(async () => {
  owner = await createMerchantApp("Team app");
  await prisma().merchantUser.update({ where: { id: owner.merchant.id }, data: { emailVerifiedAt: new Date() } });
  appId = owner.application.id;
  accountId = owner.application.accountId;
  liveKeyId = (await createKey(appId, { mode: "live" })).record.id;
  testEndpointId = (
    await registerEndpoint(prisma(), ctx(owner.merchant.id), appId, {
      url: "http://127.0.0.1:9/t",
      events: [],
      enabled: true,
    })
  ).id;
  const sent = await sendTestEvent(ctx(owner.merchant.id), appId, testEndpointId);
  deliveryId = sent.deliveryId ?? "";
  // Written directly: registering one vets a public https address, which the test machine cannot resolve.
  liveEndpointId = `we_live${randomBase62(12)}`;
  await prisma().webhookEndpoint.create({
    data: { id: liveEndpointId, applicationId: appId, livemode: true, url: "https://example.com/live", events: [] },
  });
});

describe("the permission table", () => {
  it("gives viewers reads only, developers test mode, admins everything but members, owners all", () => {
    expect(ROLES.filter((role) => can(role, "see_keys"))).toEqual(["owner", "admin", "developer"]);
    expect(ROLES.filter((role) => can(role, "write_test"))).toEqual(["owner", "admin", "developer"]);
    expect(ROLES.filter((role) => can(role, "write_live"))).toEqual(["owner", "admin"]);
    expect(ROLES.filter((role) => can(role, "manage_members"))).toEqual(["owner"]);
    expect(PERMISSIONS.read).toEqual(ROLES);
  });
});

describe("invitations", () => {
  it("invite by email, accept through the mailed link once, as the role given", async () => {
    const invitee = await person("dev");
    await transaction((tx) =>
      inviteMember(tx, ctx(owner.merchant.id), accountId, { email: invitee.email, role: "developer" }),
    );
    const mail = await lastMail(invitee.email);
    expect(mail.subject).toContain("invited");
    expect(mail.link).toContain("/merchant/sdk/invitations?token=");
    const token = linkToken(mail);
    // Only the hash is stored.
    expect(await prisma().invitation.count({ where: { tokenHash: token } })).toBe(0);
    const accepted = await transaction((tx) => acceptInvitation(tx, ctx(invitee.id), token));
    expect(accepted).toMatchObject({ accountId, role: "developer" });
    expect((await requireApplication(prisma(), invitee.id, appId)).role).toBe("developer");
    await expect(transaction((tx) => acceptInvitation(tx, ctx(invitee.id), token))).rejects.toMatchObject({
      code: "refused",
      message: expect.stringContaining("already accepted"),
    });
  });

  it("refuses a tampered, expired, withdrawn or someone else's link, and an invitation to a member", async () => {
    const invitee = await person("late");
    await transaction((tx) =>
      inviteMember(tx, ctx(owner.merchant.id), accountId, { email: invitee.email, role: "viewer" }),
    );
    const token = linkToken(await lastMail(invitee.email));
    await expect(findInvitation(prisma(), `${token.slice(0, -2)}xx`)).rejects.toMatchObject({
      message: expect.stringContaining("not valid"),
    });
    await expect(findInvitation(prisma(), "")).rejects.toMatchObject({ code: "refused" });
    const stranger = await person("stranger");
    await expect(transaction((tx) => acceptInvitation(tx, ctx(stranger.id), token))).rejects.toMatchObject({
      message: expect.stringContaining(`for ${invitee.email}`),
    });
    await prisma().invitation.updateMany({
      where: { email: invitee.email },
      data: { expiresAt: new Date(Date.now() - 1000) },
    });
    await expect(transaction((tx) => acceptInvitation(tx, ctx(invitee.id), token))).rejects.toMatchObject({
      message: expect.stringContaining("expired"),
    });
    const again = await transaction((tx) =>
      inviteMember(tx, ctx(owner.merchant.id), accountId, { email: invitee.email, role: "viewer" }),
    );
    const second = linkToken(await lastMail(invitee.email));
    await transaction((tx) => revokeInvitation(tx, ctx(owner.merchant.id), accountId, again.id));
    await expect(findInvitation(prisma(), second)).rejects.toMatchObject({
      message: expect.stringContaining("withdrawn"),
    });
    await expect(
      transaction((tx) =>
        inviteMember(tx, ctx(owner.merchant.id), accountId, { email: owner.merchant.email, role: "admin" }),
      ),
    ).rejects.toMatchObject({ code: "field", field: "email", message: expect.stringContaining("already a member") });
    await expect(
      transaction((tx) =>
        inviteMember(tx, ctx(owner.merchant.id), accountId, { email: "x@example.test", role: "emperor" }),
      ),
    ).rejects.toMatchObject({ code: "field", field: "role" });
  });
});

describe("roles on every console operation", () => {
  it("a viewer reads but is refused every change and every key or secret", async () => {
    const viewer = await join("viewer");
    const c = ctx(viewer.id);
    await expect(listEvents(prisma(), viewer.id, appId, {})).resolves.toBeTruthy();
    await expect(searchWallets(prisma(), viewer.id, appId, {})).resolves.toBeTruthy();
    await expect(listAuditLog(prisma(), viewer.id, appId)).resolves.toBeTruthy();
    await expect(setMode(prisma(), c, appId, "test")).resolves.toBeTruthy();
    // The request log names keys, but shows a viewer no part of one (the live key, in live view).
    await setMode(prisma(), c, appId, "live");
    const log = await listRequestLog(prisma(), viewer.id, appId, {});
    await setMode(prisma(), c, appId, "test");
    expect(log.keys.length).toBeGreaterThan(0);
    for (const key of log.keys) expect(key.last4).toBe("••••");
    const refusals: [string, () => Promise<unknown>][] = [
      ["listKeys", () => listKeys(prisma(), viewer.id, appId)],
      ["mintKey", () => mintKey(prisma(), c, appId, { name: "x", mode: "test", scopes: ["wallets:read"] })],
      ["revokeKey", () => revokeKey(prisma(), c, appId, liveKeyId)],
      ["revealSecret", () => revealSecret(prisma(), c, appId, "test")],
      ["rollSecret", () => rollSecret(prisma(), c, appId, { mode: "test", activation: "now" })],
      ["activateSecret", () => activateSecret(prisma(), c, appId, "test")],
      [
        "registerEndpoint",
        () => registerEndpoint(prisma(), c, appId, { url: "http://127.0.0.1:9/v", events: [], enabled: true }),
      ],
      [
        "updateEndpoint",
        () =>
          transaction((tx) =>
            updateEndpoint(tx, c, appId, testEndpointId, { url: "http://127.0.0.1:9/w", events: [] }),
          ),
      ],
      ["setEndpointEnabled", () => transaction((tx) => setEndpointEnabled(tx, c, appId, testEndpointId, false))],
      ["deleteEndpoint", () => transaction((tx) => deleteEndpoint(tx, c, appId, testEndpointId))],
      ["sendTestEvent", () => sendTestEvent(c, appId, testEndpointId)],
      ["replayConsoleDelivery", () => replayConsoleDelivery(c, appId, deliveryId)],
      ["renameApplication", () => renameApplication(prisma(), c, appId, { name: "Mine now" })],
      ["createConsoleApplication", () => createConsoleApplication(prisma(), c, { name: "Side app", accountId })],
      ["inviteMember", () => inviteMember(prisma(), c, accountId, { email: email("x"), role: "owner" })],
    ];
    for (const [name, attempt] of refusals)
      await expect(attempt(), name).rejects.toMatchObject({
        code: "forbidden",
        message: expect.stringContaining("viewer"),
      });
    expect(
      await prisma().webhookEndpoint.count({ where: { id: testEndpointId, enabled: true, deletedAt: null } }),
    ).toBe(1);
    expect((await prisma().application.findUniqueOrThrow({ where: { id: appId } })).name).toBe("Team app");
  });

  it("a developer works in test mode and is refused live changes and live secrets", async () => {
    const developer = await join("developer");
    const c = ctx(developer.id);
    await prisma().merchantUser.update({ where: { id: developer.id }, data: { emailVerifiedAt: new Date() } });
    await expect(listKeys(prisma(), developer.id, appId)).resolves.toBeTruthy();
    const minted = await mintKey(prisma(), c, appId, { name: "dev test", mode: "test", scopes: ["wallets:read"] });
    await expect(revealSecret(prisma(), c, appId, "test")).resolves.toMatchObject({ mode: "test" });
    for (const attempt of [
      () => mintKey(prisma(), c, appId, { name: "dev live", mode: "live", scopes: ["wallets:read"] }),
      () => revealSecret(prisma(), c, appId, "live"),
      () => rollSecret(prisma(), c, appId, { mode: "live", activation: "now" }),
      () => revokeKey(prisma(), c, appId, liveKeyId),
      () => transaction((tx) => setEndpointEnabled(tx, c, appId, liveEndpointId, false)),
      () => renameApplication(prisma(), c, appId, { name: "Dev's" }),
    ])
      await expect(attempt()).rejects.toMatchObject({ code: "forbidden" });
    // The audit line names the member who acted, not the account's owner.
    const line = await prisma().auditLog.findFirstOrThrow({
      where: { applicationId: appId, action: "api_key.minted", detail: { path: ["keyId"], equals: minted.id } },
    });
    expect(line).toMatchObject({ merchantId: developer.id, accountId });
  });

  it("an admin changes live settings but cannot manage members", async () => {
    const admin = await join("admin");
    await prisma().merchantUser.update({ where: { id: admin.id }, data: { emailVerifiedAt: new Date() } });
    const c = ctx(admin.id);
    await expect(revealSecret(prisma(), c, appId, "live")).resolves.toMatchObject({ mode: "live" });
    await expect(
      mintKey(prisma(), c, appId, { name: "admin live", mode: "live", scopes: ["wallets:read"] }),
    ).resolves.toBeTruthy();
    await expect(inviteMember(prisma(), c, accountId, { email: email("y"), role: "viewer" })).rejects.toMatchObject({
      code: "forbidden",
    });
    const team = await listTeam(prisma(), admin.id, accountId);
    const ownerRow = team.members.find((m) => m.merchant.id === owner.merchant.id)!;
    await expect(transaction((tx) => changeMemberRole(tx, c, accountId, ownerRow.id, "viewer"))).rejects.toMatchObject({
      code: "forbidden",
    });
    await expect(transaction((tx) => removeMember(tx, c, accountId, ownerRow.id))).rejects.toMatchObject({
      code: "forbidden",
    });
  });

  it("a live key or live endpoint needs a confirmed address", async () => {
    const unconfirmed = await createMerchantApp("Unconfirmed");
    await setMode(prisma(), ctx(unconfirmed.merchant.id), unconfirmed.application.id, "live");
    await expect(
      registerEndpoint(prisma(), ctx(unconfirmed.merchant.id), unconfirmed.application.id, {
        url: "https://example.com/hook",
        events: [],
        enabled: true,
      }),
    ).rejects.toMatchObject({ code: "refused", message: expect.stringContaining("Confirm your email address") });
    await expect(
      mintKey(prisma(), ctx(unconfirmed.merchant.id), unconfirmed.application.id, {
        name: "l",
        mode: "live",
        scopes: ["wallets:read"],
      }),
    ).rejects.toMatchObject({ code: "refused", message: expect.stringContaining("Confirm your email address") });
  });

  it("someone outside the account finds nothing", async () => {
    const outsider = await person("outsider");
    await expect(requireApplication(prisma(), outsider.id, appId)).rejects.toMatchObject({ code: "not_found" });
    await expect(listTeam(prisma(), outsider.id, accountId)).rejects.toMatchObject({ code: "not_found" });
  });
});

describe("owners", () => {
  it("keeps at least one owner: the last cannot be demoted, removed or leave", async () => {
    const solo = await createMerchantApp("Solo");
    const soloAccount = solo.application.accountId;
    const [row] = (await listTeam(prisma(), solo.merchant.id, soloAccount)).members;
    const c = ctx(solo.merchant.id);
    await expect(transaction((tx) => changeMemberRole(tx, c, soloAccount, row!.id, "admin"))).rejects.toMatchObject({
      code: "refused",
      message: expect.stringContaining("at least one owner"),
    });
    await expect(transaction((tx) => removeMember(tx, c, soloAccount, row!.id))).rejects.toMatchObject({
      message: expect.stringContaining("last owner"),
    });
    expect(await prisma().membership.count({ where: { accountId: soloAccount, role: "owner" } })).toBe(1);
  });

  it("two owners demoting each other at once leave exactly one owner", async () => {
    const first = await createMerchantApp("Pair");
    await prisma().merchantUser.update({ where: { id: first.merchant.id }, data: { emailVerifiedAt: new Date() } });
    const pairAccount = first.application.accountId;
    const second = await person("second-owner");
    await transaction((tx) =>
      inviteMember(tx, ctx(first.merchant.id), pairAccount, { email: second.email, role: "owner" }),
    );
    const token = linkToken(await lastMail(second.email));
    await transaction((tx) => acceptInvitation(tx, ctx(second.id), token));
    const { members } = await listTeam(prisma(), first.merchant.id, pairAccount);
    const rowOf = (id: string) => members.find((m) => m.merchant.id === id)!.id;
    const results = await Promise.allSettled([
      transaction((tx) => changeMemberRole(tx, ctx(first.merchant.id), pairAccount, rowOf(second.id), "developer")),
      transaction((tx) => changeMemberRole(tx, ctx(second.id), pairAccount, rowOf(first.merchant.id), "developer")),
    ]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    expect(await prisma().membership.count({ where: { accountId: pairAccount, role: "owner" } })).toBe(1);
  });
});

describe("removal", () => {
  it("ends every session of the member removed at once, and is audited under the account", async () => {
    const member = await join("developer");
    const session = await startSession(prisma(), member.id, { ipAddress: "192.0.2.9", userAgent: "test" });
    expect(await isSessionOpen(prisma(), session.id, member.id)).toBe(true);
    const { members } = await listTeam(prisma(), owner.merchant.id, accountId);
    const row = members.find((m) => m.merchant.id === member.id)!;
    await transaction((tx) => removeMember(tx, ctx(owner.merchant.id), accountId, row.id));
    expect(await isSessionOpen(prisma(), session.id, member.id)).toBe(false);
    await expect(requireApplication(prisma(), member.id, appId)).rejects.toMatchObject({ code: "not_found" });
    const line = await prisma().auditLog.findFirstOrThrow({
      where: { accountId, action: "member.removed" },
      orderBy: { createdAt: "desc" },
    });
    expect(line).toMatchObject({ merchantId: owner.merchant.id, applicationId: null });
  });
});
