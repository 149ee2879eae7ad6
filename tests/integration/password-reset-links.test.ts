// Password reset links (issue 35, Low): a successful reset, a password change in the console or the
// operator's bootstrap replacing a password ends every other outstanding reset link of that person.
import { describe, expect, it } from "vitest";
import { prisma, transaction } from "@/lib/db/client";
import { changePassword } from "@/lib/console/change-password";
import { checkPasswordResetToken, requestPasswordReset, resetPassword } from "@/lib/console/password-reset";
import { startSession } from "@/lib/console/sessions";
import { signUp } from "@/lib/console/sign-up";
import { bootstrap } from "@/lib/cli/bootstrap";
import { randomBase62 } from "@/lib/ids";
import { linkToken, queuedMails } from "../helpers/queued-mail";

const PASSWORD = "correct horse battery staple";
const NEW_PASSWORD = "violet tractor mends quietly";
const email = (label: string) => `${label}-${randomBase62(8).toLowerCase()}@example.test`;
const caller = () => ({ address: `198.51.100.${Math.floor(Math.random() * 250) + 1}` });

/** A person with two reset links asked for, oldest first. */
async function personWithTwoLinks(label: string) {
  const address = email(label);
  const person = await signUp(prisma(), { email: address, password: PASSWORD });
  for (let i = 0; i < 2; i++) await transaction((tx) => requestPasswordReset(tx, { email: address }, caller()));
  const links = (await queuedMails(address)).filter((mail) => mail.subject === "Reset your password").map(linkToken);
  expect(links).toHaveLength(2);
  return { address, person, links };
}

describe("outstanding reset links", () => {
  it("are ended when one of them is used: the other is refused", async () => {
    const { links } = await personWithTwoLinks("two-links");
    const [first, second] = links;
    await transaction((tx) => resetPassword(tx, { token: second!, password: NEW_PASSWORD }, "192.0.2.1"));
    await expect(checkPasswordResetToken(prisma(), first!)).rejects.toMatchObject({ code: "refused" });
    await expect(
      transaction((tx) => resetPassword(tx, { token: first!, password: "yet another long password" })),
    ).rejects.toMatchObject({ code: "refused" });
  });

  it("are ended by a password change in the console", async () => {
    const { person, links } = await personWithTwoLinks("change");
    const session = await startSession(prisma(), person.id, { ipAddress: "192.0.2.1", userAgent: "test" });
    await transaction((tx) =>
      changePassword(
        tx,
        { merchantId: person.id, ipAddress: caller().address, sessionId: session.id },
        { currentPassword: PASSWORD, newPassword: NEW_PASSWORD },
      ),
    );
    for (const link of links)
      await expect(checkPasswordResetToken(prisma(), link)).rejects.toMatchObject({ code: "refused" });
  });

  it("are ended when the operator's bootstrap replaces the password", async () => {
    const { address, links } = await personWithTwoLinks("bootstrap");
    await transaction((tx) => bootstrap(tx, { email: address, password: NEW_PASSWORD, appName: "Ops" }));
    for (const link of links)
      await expect(checkPasswordResetToken(prisma(), link)).rejects.toMatchObject({ code: "refused" });
  });
});

describe("asking for a reset", () => {
  it("queues a mail for an existing address and for an unknown one alike", async () => {
    const known = email("known");
    await signUp(prisma(), { email: known, password: PASSWORD });
    const unknown = email("unknown");
    const answers = [];
    for (const address of [known, unknown])
      answers.push(await transaction((tx) => requestPasswordReset(tx, { email: address }, caller())));
    expect(answers).toEqual([{ email: known }, { email: unknown }]);
    const [toKnown] = await queuedMails(known);
    const [toUnknown] = await queuedMails(unknown);
    expect(toKnown?.subject).toBe("Reset your password");
    expect(toUnknown?.subject).toBe("Reset your password");
    expect(toUnknown?.text).toContain("no console account uses this address");
    // Only the existing account gets a link that can reset anything.
    expect(toKnown?.link).toContain("/reset-password?token=");
    expect(toUnknown?.link).not.toContain("token=");
    expect(await prisma().emailToken.count({ where: { email: unknown } })).toBe(0);
  });
});
