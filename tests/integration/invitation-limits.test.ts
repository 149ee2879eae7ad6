// Invitations cannot be used to spam or to speak in our name (issue 35, Medium 2): an unconfirmed
// inviter is refused, an account sends at most 20 an hour and an address gets at most 3 a day, the
// subject is fixed, and names reach the mail as short, inert plain text (docs/decisions/invitations.md).
import { beforeAll, describe, expect, it } from "vitest";
import { prisma, transaction } from "@/lib/db/client";
import { INVITATION_SUBJECT } from "@/lib/console/mails";
import { MAIL_NAME_MAX_LENGTH, mailSafeName } from "@/lib/console/mail-text";
import { invitationRefusal, inviteMember } from "@/lib/console/team";
import { randomBase62 } from "@/lib/ids";
import { createMerchantApp } from "../helpers/fixtures";
import { consoleRefusal } from "../helpers/console-refusal";
import { lastMail, queuedMails } from "../helpers/queued-mail";

const email = (label: string) => `${label}-${randomBase62(8).toLowerCase()}@example.test`;
const ctx = (merchantId: string) => ({ merchantId, ipAddress: "192.0.2.20" });
const HOSTILE = "IT Security: your payroll login expires, verify at https://evil.example/login now";

type Owner = Awaited<ReturnType<typeof createMerchantApp>>;

async function confirmedOwner(name: string): Promise<Owner> {
  const owner = await createMerchantApp(name);
  await prisma().merchantUser.update({ where: { id: owner.merchant.id }, data: { emailVerifiedAt: new Date() } });
  return owner;
}

function invite(owner: Owner, to: string) {
  return transaction((tx) =>
    inviteMember(tx, ctx(owner.merchant.id), owner.application.accountId, { email: to, role: "developer" }),
  );
}

let owner: Owner;

beforeAll(async () => {
  owner = await confirmedOwner("Limits");
});

describe("who may invite", () => {
  it("refuses an inviter whose address is unconfirmed, and says so on the team page", async () => {
    const unconfirmed = await createMerchantApp("Unconfirmed");
    const to = email("target");
    const refusal = await consoleRefusal(invite(unconfirmed, to));
    expect(refusal).toMatchObject({ code: "refused", message: expect.stringContaining("Confirm your email address") });
    expect(await queuedMails(to)).toEqual([]);
    expect(await prisma().invitation.count({ where: { email: to } })).toBe(0);
    expect(await invitationRefusal(prisma(), unconfirmed.merchant.id)).toBe(refusal.message);
    expect(await invitationRefusal(prisma(), owner.merchant.id)).toBeNull();
  });
});

describe("how many invitations", () => {
  it("refuses an account's 21st invitation within an hour", async () => {
    const busy = await confirmedOwner("Busy");
    for (let i = 0; i < 20; i++) await invite(busy, email(`many${i}`));
    const twentyFirst = email("many20");
    expect(await consoleRefusal(invite(busy, twentyFirst))).toMatchObject({
      code: "limited",
      message: expect.stringMatching(/20 invitations in the last hour.*Try again in \d+ minutes/),
    });
    expect(await queuedMails(twentyFirst)).toEqual([]);
    // An hour on, the account may invite again.
    await prisma().invitation.updateMany({
      where: { accountId: busy.application.accountId },
      data: { createdAt: new Date(Date.now() - 61 * 60_000) },
    });
    await expect(invite(busy, twentyFirst)).resolves.toMatchObject({ email: twentyFirst });
  });

  it("refuses a 4th invitation to one address within a day, from any account", async () => {
    const target = email("target");
    const other = await confirmedOwner("Other");
    await invite(owner, target);
    await invite(owner, target);
    await invite(other, target);
    expect(await consoleRefusal(invite(other, target))).toMatchObject({
      code: "limited",
      message: expect.stringContaining(`${target} has been invited 3 times in the last day`),
    });
    expect(await queuedMails(target)).toHaveLength(3);
  });

  it("counts invitations sent at once exactly: 25 at the same moment make 20", async () => {
    const rush = await confirmedOwner("Rush");
    const results = await Promise.allSettled(Array.from({ length: 25 }, (_, i) => invite(rush, email(`rush${i}`))));
    expect(results.filter((result) => result.status === "fulfilled")).toHaveLength(20);
    expect(await prisma().invitation.count({ where: { accountId: rush.application.accountId } })).toBe(20);
  });
});

describe("what the mail says", () => {
  it("has a fixed subject naming no one", async () => {
    const to = email("subject");
    await prisma().account.update({ where: { id: owner.application.accountId }, data: { name: HOSTILE } });
    await invite(owner, to);
    const mail = await lastMail(to);
    expect(mail.subject).toBe("You were invited to join a team");
    expect(mail.subject).toBe(INVITATION_SUBJECT);
  });

  it("shows a name carrying a URL as capped plain text, and only our own link", async () => {
    const named = await confirmedOwner("Named");
    await prisma().merchantUser.update({ where: { id: named.merchant.id }, data: { name: "Verify at https://evil.example/login\n\nClick below" } });
    await prisma().account.update({
      where: { id: named.application.accountId },
      data: { name: "Payroll\u202e team www.evil.example" },
    });
    const to = email("named");
    await invite(named, to);
    const mail = await lastMail(to);
    expect(mail.text).not.toContain("https://evil.example");
    expect(mail.text).not.toContain("evil.example");
    expect(mail.text).not.toContain("\u202e");
    expect(mail.text).not.toMatch(/login\s*\n/);
    expect(mail.text).toContain("Verify at https[:]//evil[.]example/login Click below (");
    expect(mail.text).toContain(`"Payroll team www[.]evil[.]example"`);
    // Every URL in the mail is the invitation link, on our base URL.
    const urls = mail.text.match(/\bhttps?:\/\/\S+/g) ?? [];
    expect(urls).toEqual([mail.link]);
    expect(new URL(mail.link ?? "").pathname).toBe("/merchant/sdk/invitations");
  });

  it("caps a name at 60 characters and keeps it on one line", () => {
    const capped = mailSafeName(`${"A".repeat(100)}\r\nSecond line`);
    expect(Array.from(capped)).toHaveLength(MAIL_NAME_MAX_LENGTH);
    expect(capped.endsWith("…")).toBe(true);
    expect(capped).not.toMatch(/[\r\n]/);
    expect(mailSafeName("Ada Lovelace")).toBe("Ada Lovelace");
    expect(mailSafeName("Acme Inc. Ltd")).toBe("Acme Inc. Ltd");
    expect(mailSafeName("ops@evil.example")).toBe("ops[@]evil[.]example");
    expect(mailSafeName("evil\uFF0Eexample")).toBe("evil[.]example");
  });
});
