// Changing the password in the console (issue 27.3): the current password first, the sign-up rules
// for the new one, then every other session of the member ends (the one that changed it stays),
// an audit line and a mail to the address, all in one transaction; nothing changes when refused.
// The CLI's bootstrap replacing a password ends the sessions too.
import { describe, expect, it } from "vitest";
import { prisma, transaction } from "@/lib/db/client";
import { authenticateCredentials } from "@/lib/console/authenticate-credentials";
import { changePassword } from "@/lib/console/change-password";
import { isSessionOpen, startSession } from "@/lib/console/sessions";
import { signUp } from "@/lib/console/sign-up";
import { bootstrap } from "@/lib/cli/bootstrap";
import { randomBase62 } from "@/lib/ids";
import { lastMail, queuedMails } from "../helpers/queued-mail";

const PASSWORD = "correct horse battery staple";
const NEW_PASSWORD = "violet tractor mends quietly";
const address = (label: string) => `${label}-${randomBase62(8).toLowerCase()}@example.test`;
const ipAddress = () => `198.51.100.${Math.floor(Math.random() * 250) + 1}`;

async function memberWithSessions(label: string) {
  const email = address(label);
  const person = await signUp(prisma(), { email, password: PASSWORD });
  const sessions = await Promise.all(
    [1, 2, 3].map(() => startSession(prisma(), person.id, { ipAddress: "192.0.2.1", userAgent: "test" })),
  );
  return { email, person, sessions };
}

const signsIn = async (email: string, password: string) =>
  (await authenticateCredentials(prisma(), { email, password, address: ipAddress() })) !== null;

describe("changing the password", () => {
  it("sets the new one, ends every other session, keeps this one, audits and mails", async () => {
    const { email, person, sessions } = await memberWithSessions("change");
    const [current, other, third] = sessions.map((s) => s.id);
    const context = { merchantId: person.id, ipAddress: ipAddress(), sessionId: current! };
    const result = await transaction((tx) =>
      changePassword(tx, context, { currentPassword: PASSWORD, newPassword: NEW_PASSWORD }),
    );
    expect(result).toEqual({ endedSessions: 2 });
    expect(await isSessionOpen(prisma(), current!, person.id)).toBe(true);
    expect(await isSessionOpen(prisma(), other!, person.id)).toBe(false);
    expect(await isSessionOpen(prisma(), third!, person.id)).toBe(false);
    expect(await prisma().consoleSession.findUniqueOrThrow({ where: { id: other! } })).toMatchObject({
      endedReason: "password-changed",
    });
    expect(await signsIn(email, NEW_PASSWORD)).toBe(true);
    expect(await signsIn(email, PASSWORD)).toBe(false);
    const audit = await prisma().auditLog.findMany({ where: { merchantId: person.id, action: "password.changed" } });
    expect(audit).toHaveLength(1);
    expect(audit[0]?.ipAddress).toBe(context.ipAddress);
    expect((await lastMail(email)).subject).toBe("Your password was changed");
  });

  it("refuses a wrong current password, a weak or unchanged new one, on their fields, changing nothing", async () => {
    const { email, person, sessions } = await memberWithSessions("refused");
    const context = { merchantId: person.id, ipAddress: ipAddress(), sessionId: sessions[0]!.id };
    const attempt = (currentPassword: string, newPassword: string) =>
      transaction((tx) => changePassword(tx, context, { currentPassword, newPassword }));
    await expect(attempt("not the password at all", NEW_PASSWORD)).rejects.toMatchObject({
      code: "field",
      field: "currentPassword",
    });
    await expect(attempt("", NEW_PASSWORD)).rejects.toMatchObject({ code: "field", field: "currentPassword" });
    await expect(attempt(PASSWORD, "password123")).rejects.toMatchObject({ code: "field", field: "newPassword" });
    await expect(attempt(PASSWORD, PASSWORD)).rejects.toMatchObject({
      code: "field",
      field: "newPassword",
      message: expect.stringContaining("the one you have now"),
    });
    for (const session of sessions) expect(await isSessionOpen(prisma(), session.id, person.id)).toBe(true);
    expect(await signsIn(email, PASSWORD)).toBe(true);
    expect(await prisma().auditLog.count({ where: { merchantId: person.id, action: "password.changed" } })).toBe(0);
    expect((await queuedMails(email)).filter((mail) => mail.subject === "Your password was changed")).toEqual([]);
  });

  it("tells a GitHub-only account it has no password to change", async () => {
    const person = await prisma().merchantUser.create({
      data: { id: `usr_${randomBase62(24)}`, email: address("github") },
    });
    await expect(
      transaction((tx) =>
        changePassword(
          tx,
          { merchantId: person.id, sessionId: "ses_none" },
          { currentPassword: "anything at all", newPassword: NEW_PASSWORD },
        ),
      ),
    ).rejects.toMatchObject({ code: "field", field: "currentPassword", message: expect.stringContaining("GitHub") });
  });
});

describe("bootstrap replacing a password", () => {
  it("ends the member's sessions, as a change in the console does", async () => {
    const { email, person, sessions } = await memberWithSessions("bootstrap");
    await transaction((tx) => bootstrap(tx, { email, password: NEW_PASSWORD, appName: "Ops" }));
    for (const session of sessions) expect(await isSessionOpen(prisma(), session.id, person.id)).toBe(false);
    expect(await signsIn(email, NEW_PASSWORD)).toBe(true);
  });
});
