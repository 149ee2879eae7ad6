// The account a person works in: an invitee joins the inviting account and nothing else; creating an
// application never makes an account on the side; a personal account is made only when asked, and
// the console's current account is the one chosen while still a member, else the oldest.
import { describe, expect, it } from "vitest";
import { prisma, transaction } from "@/lib/db/client";
import { createConsoleApplication } from "@/lib/console/create-console-application";
import { createPersonalAccount, pickCurrentAccount } from "@/lib/console/current-account";
import { listApplications, listMemberships } from "@/lib/console/list-applications";
import { signUp } from "@/lib/console/sign-up";
import { acceptInvitation, inviteMember } from "@/lib/console/team";
import { randomBase62 } from "@/lib/ids";
import { consoleRefusal } from "../helpers/console-refusal";
import { createMerchantApp } from "../helpers/fixtures";
import { lastMail, linkToken } from "../helpers/queued-mail";

const PASSWORD = "correct horse battery staple";
const email = (label: string) => `${label}-${randomBase62(8).toLowerCase()}@example.test`;

/** A new person invited to `owner`'s account as `role`, joined through the link, without an account of their own. */
async function invitee(owner: Awaited<ReturnType<typeof createMerchantApp>>, role: "developer" | "admin") {
  const address = email(role);
  const person = await signUp(
    prisma(),
    { email: address, password: PASSWORD },
    { emailVerified: true, ownAccount: false },
  );
  const context = { merchantId: owner.merchant.id };
  // Inviting needs a confirmed address (docs/decisions/invitations.md).
  await prisma().merchantUser.update({ where: { id: owner.merchant.id }, data: { emailVerifiedAt: new Date() } });
  await transaction((tx) => inviteMember(tx, context, owner.application.accountId, { email: address, role }));
  const token = linkToken(await lastMail(address));
  await transaction((tx) => acceptInvitation(tx, { merchantId: person.id }, token));
  return person;
}

describe("the account a person works in", () => {
  it("has an invitee join the inviting account only", async () => {
    const owner = await createMerchantApp("Inviting");
    const person = await invitee(owner, "developer");
    expect(await listMemberships(prisma(), person.id)).toEqual([
      expect.objectContaining({ id: owner.application.accountId, role: "developer" }),
    ]);
  });

  it("never makes an account on the side when an invitee without the right creates an application", async () => {
    const owner = await createMerchantApp("Inviting");
    const person = await invitee(owner, "developer");
    const refused = await consoleRefusal(
      createConsoleApplication(prisma(), { merchantId: person.id }, { name: "Side app" }),
    );
    expect(refused).toMatchObject({ code: "field", field: "accountId" });
    expect(refused.message).toMatch(/create a personal account/);
    expect(await listMemberships(prisma(), person.id)).toHaveLength(1);
    expect(
      await prisma().account.count({ where: { members: { some: { merchantId: person.id, role: "owner" } } } }),
    ).toBe(0);
  });

  it("creates an admin invitee's application in the inviting account, the only one they may create in", async () => {
    const owner = await createMerchantApp("Inviting");
    const person = await invitee(owner, "admin");
    const app = await createConsoleApplication(prisma(), { merchantId: person.id }, { name: "Team app" });
    const listed = await listApplications(prisma(), person.id, owner.application.accountId);
    expect(listed.map((a) => a.id)).toContain(app.id);
    expect(await listMemberships(prisma(), person.id)).toHaveLength(1);
  });

  it("makes a personal account only when asked, then asks which account an application goes in", async () => {
    const owner = await createMerchantApp("Inviting");
    const person = await invitee(owner, "admin");
    const personal = await transaction((tx) => createPersonalAccount(tx, { merchantId: person.id }));
    const memberships = await listMemberships(prisma(), person.id);
    expect(memberships.map((m) => [m.id, m.role])).toEqual([
      [owner.application.accountId, "admin"],
      [personal.id, "owner"],
    ]);
    expect(
      await consoleRefusal(createConsoleApplication(prisma(), { merchantId: person.id }, { name: "Which?" })),
    ).toMatchObject({
      code: "field",
      field: "accountId",
      message: "Choose the account the application belongs to.",
    });
    const mine = await createConsoleApplication(
      prisma(),
      { merchantId: person.id },
      { name: "Mine", accountId: personal.id },
    );
    expect((await listApplications(prisma(), person.id, personal.id)).map((a) => a.id)).toEqual([mine.id]);
    expect(
      await prisma().auditLog.count({
        where: { accountId: personal.id, action: "account.created", merchantId: person.id },
      }),
    ).toBe(1);
  });

  it("works in the account chosen while still a member, else the oldest", () => {
    const memberships = [
      { id: "acct_old", name: "Old", role: "owner" as const },
      { id: "acct_new", name: "New", role: "viewer" as const },
    ];
    expect(pickCurrentAccount(memberships, "acct_new")?.id).toBe("acct_new");
    expect(pickCurrentAccount(memberships, "acct_gone")?.id).toBe("acct_old");
    expect(pickCurrentAccount(memberships, undefined)?.id).toBe("acct_old");
    expect(pickCurrentAccount([], "acct_old")).toBeNull();
  });
});
