// Email (issue 27.2, 27.5): password reset by a link received through a real SMTP server (30
// minutes, once, hashed, ending every session), SMTP down (the change commits, the mail stays queued
// for the worker's retries), address confirmation, and sign-up answering alike for a taken address.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { prisma, transaction } from "@/lib/db/client";
import { authenticateCredentials } from "@/lib/console/authenticate-credentials";
import { verifyEmail } from "@/lib/console/email-verification";
import { hashLinkToken } from "@/lib/console/email-tokens";
import { checkPasswordResetToken, requestPasswordReset, resetPassword } from "@/lib/console/password-reset";
import { isSessionOpen, startSession } from "@/lib/console/sessions";
import { requestSignUp, signUp } from "@/lib/console/sign-up";
import { openMailPayload, sendMailPayload } from "@/lib/mail/queue-mail";
import { sendMail } from "@/lib/mail/send-mail";
import { sendMailJob } from "@/lib/jobs/send-mail";
import { randomBase62 } from "@/lib/ids";
import { lastMail, linkToken, queuedMails } from "../helpers/queued-mail";
import { startSmtpInbox, tokenIn } from "../helpers/smtp-inbox";

const PASSWORD = "correct horse battery staple";
const NEW_PASSWORD = "violet tractor mends quietly";
const email = (label: string) => `${label}-${randomBase62(8).toLowerCase()}@example.test`;
const caller = () => ({ address: `198.51.100.${Math.floor(Math.random() * 250) + 1}` });

let inbox: Awaited<ReturnType<typeof startSmtpInbox>>;
const previousSmtp = process.env.SMTP_URL;

/** Sends every queued mail to `to` as the send_mail job does (its whole body), through SMTP_URL. */
async function deliverQueued(to: string) {
  expect(sendMailJob.payload).toBe(sendMailPayload);
  for (const mail of await queuedMails(to)) {
    await sendMail(openMailPayload(await sealedPayload(mail.jobId)));
    await prisma().$executeRaw`DELETE FROM graphile_worker._private_jobs WHERE id = ${BigInt(mail.jobId)}`;
  }
}

async function sealedPayload(jobId: string) {
  const [row] = await prisma().$queryRaw<{ payload: unknown }[]>`
    SELECT payload FROM graphile_worker._private_jobs WHERE id = ${BigInt(jobId)}`;
  return sendMailPayload.parse(row?.payload);
}

beforeAll(async () => {
  inbox = await startSmtpInbox();
  process.env.SMTP_URL = inbox.url;
});

afterAll(async () => {
  process.env.SMTP_URL = previousSmtp;
  if (previousSmtp === undefined) delete process.env.SMTP_URL;
  await inbox.close();
});

describe("password reset by email", () => {
  it("follows the link received over SMTP: new password, address confirmed, every session ended, link used once", async () => {
    const address = email("reset");
    const person = await signUp(prisma(), { email: address, password: PASSWORD });
    const session = await startSession(prisma(), person.id, { ipAddress: "192.0.2.1", userAgent: "test" });
    await transaction((tx) => requestPasswordReset(tx, { email: address }, caller()));
    await deliverQueued(address);
    const mail = await inbox.waitFor(address);
    expect(mail.raw).toMatch(/Subject: Reset your password/);
    const token = tokenIn(mail.text);
    // Only the hash is stored.
    expect(await prisma().emailToken.count({ where: { tokenHash: hashLinkToken(token) } })).toBe(1);
    expect(await prisma().emailToken.count({ where: { tokenHash: token } })).toBe(0);
    await expect(checkPasswordResetToken(prisma(), token)).resolves.toEqual({ email: address });
    // A weak password is refused without using the link up.
    await expect(transaction((tx) => resetPassword(tx, { token, password: "password123" }))).rejects.toMatchObject({
      code: "field",
      field: "password",
    });
    await transaction((tx) => resetPassword(tx, { token, password: NEW_PASSWORD }, "192.0.2.1"));
    expect(await isSessionOpen(prisma(), session.id, person.id)).toBe(false);
    const signIn = (password: string) =>
      authenticateCredentials(prisma(), { email: address, password, address: caller().address });
    await expect(signIn(NEW_PASSWORD)).resolves.toMatchObject({ id: person.id });
    await expect(signIn(PASSWORD)).resolves.toBeNull();
    expect(
      (await prisma().merchantUser.findUniqueOrThrow({ where: { id: person.id } })).emailVerifiedAt,
    ).not.toBeNull();
    await expect(transaction((tx) => resetPassword(tx, { token, password: NEW_PASSWORD }))).rejects.toMatchObject({
      code: "refused",
      message: expect.stringContaining("already used"),
    });
    // The owner is told.
    expect((await lastMail(address)).subject).toBe("Your password was changed");
  });

  it("refuses an expired or tampered link, and answers alike for an address without an account", async () => {
    const address = email("expired");
    await signUp(prisma(), { email: address, password: PASSWORD });
    await transaction((tx) => requestPasswordReset(tx, { email: address }, caller()));
    const token = linkToken(await lastMail(address));
    await expect(checkPasswordResetToken(prisma(), `${token}x`)).rejects.toMatchObject({
      message: expect.stringContaining("not valid"),
    });
    await prisma().emailToken.updateMany({ where: { email: address }, data: { expiresAt: new Date(Date.now() - 1) } });
    await expect(transaction((tx) => resetPassword(tx, { token, password: NEW_PASSWORD }))).rejects.toMatchObject({
      message: expect.stringContaining("expired"),
    });
    const nobody = email("nobody");
    await expect(transaction((tx) => requestPasswordReset(tx, { email: nobody }, caller()))).resolves.toEqual({
      email: nobody,
    });
    // The unknown address gets a mail too (docs/decisions/password-reset-requests.md), but no link that resets anything.
    expect((await queuedMails(nobody)).map((mail) => mail.link)).toEqual([expect.stringMatching(/\/sign-up$/)]);
  });

  it("with SMTP down, the reset still commits and its mail stays queued for the worker to retry", async () => {
    const address = email("down");
    await signUp(prisma(), { email: address, password: PASSWORD });
    process.env.SMTP_URL = "smtp://127.0.0.1:9";
    try {
      await transaction((tx) => requestPasswordReset(tx, { email: address }, caller()));
      const [queued] = await queuedMails(address);
      expect(queued).toBeDefined();
      await expect(sendMail(openMailPayload(await sealedPayload(queued!.jobId)))).rejects.toThrow();
      const [job] = await prisma().$queryRaw<{ max_attempts: number }[]>`
        SELECT max_attempts FROM graphile_worker.jobs WHERE id = ${BigInt(queued!.jobId)}`;
      expect(job?.max_attempts).toBe(25);
    } finally {
      process.env.SMTP_URL = inbox.url;
    }
    // Once the server is back, the same job delivers it.
    await deliverQueued(address);
    expect(tokenIn((await inbox.waitFor(address)).text)).toBeTruthy();
  });
});

describe("sign-up answers alike", () => {
  it("answers the same for a taken address, whose owner is told someone tried", async () => {
    const taken = email("taken");
    await signUp(prisma(), { email: taken, password: PASSWORD });
    const fresh = email("fresh");
    const answers = [
      await transaction((tx) => requestSignUp(tx, { email: fresh, password: PASSWORD }, caller())),
      await transaction((tx) =>
        requestSignUp(tx, { email: taken, password: "another long passphrase here" }, caller()),
      ),
    ];
    expect(answers).toEqual([{ email: fresh }, { email: taken }]);
    expect((await lastMail(taken)).subject).toBe("Someone tried to sign up with your address");
    const welcome = await lastMail(fresh);
    expect(welcome.subject).toBe("Confirm your email address");
    // The taken account's password is unchanged.
    await expect(
      authenticateCredentials(prisma(), { email: taken, password: PASSWORD, address: caller().address }),
    ).resolves.toBeTruthy();
    // The new person confirms the address through the link.
    await verifyEmail(prisma(), linkToken(welcome));
    expect((await prisma().merchantUser.findUniqueOrThrow({ where: { email: fresh } })).emailVerifiedAt).not.toBeNull();
    await expect(verifyEmail(prisma(), linkToken(welcome))).rejects.toMatchObject({
      message: expect.stringContaining("already used"),
    });
  });

  it("limits sign-ups per address asked about", async () => {
    const address = email("limited");
    for (let i = 0; i < 3; i++)
      await transaction((tx) => requestSignUp(tx, { email: address, password: PASSWORD }, caller()));
    await expect(
      transaction((tx) => requestSignUp(tx, { email: address, password: PASSWORD }, caller())),
    ).rejects.toMatchObject({ code: "limited" });
  });
});
