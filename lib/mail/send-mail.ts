// Sends one email: over SMTP when SMTP_URL is set (nodemailer), otherwise into the development
// mailbox, .eml files under <data dir>/mail/ each with a plain .txt beside it, and one line on the
// console naming the link, so a newcomer without a mail server can still reset a password or accept
// an invitation. In production the line leaves the link out: a link is a credential, and logs are
// read by more people than the mailbox (lib/mail/mail-delivery.ts).
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import nodemailer from "nodemailer";
import { parseConfig } from "@/lib/config";
import { dataDir } from "@/lib/data-dir";
import { mayLogMailLinks, smtpStartupWarning } from "./mail-delivery";
import type { MailMessage } from "./mail-message";
import { logger } from "@/lib/logging/logger";

export const DEFAULT_MAIL_FROM = "Wallet Card Service <no-reply@localhost>";

export function mailDirectory(): string {
  return path.join(dataDir(), "mail");
}

/** Throws when the SMTP server refuses or cannot be reached: the queued job then fails and is retried. */
export async function sendMail(message: MailMessage): Promise<{ via: "smtp" | "file"; file?: string }> {
  // Read afresh: tests point SMTP_URL at the server they start after the configuration was first read.
  const settings = parseConfig(process.env);
  const { SMTP_URL, MAIL_FROM } = settings;
  const mail = { from: MAIL_FROM ?? DEFAULT_MAIL_FROM, to: message.to, subject: message.subject, text: message.text };
  if (SMTP_URL) {
    const transport = nodemailer.createTransport(SMTP_URL);
    try {
      await transport.sendMail(mail);
    } finally {
      transport.close();
    }
    return { via: "smtp" };
  }
  const built = await nodemailer.createTransport({ streamTransport: true, buffer: true }).sendMail(mail);
  const directory = mailDirectory();
  await mkdir(directory, { recursive: true });
  const file = path.join(
    directory,
    `${new Date().toISOString().replace(/[:.]/g, "-")}-${built.messageId.replace(/[^A-Za-z0-9]/g, "").slice(0, 24)}.eml`,
  );
  await writeFile(file, built.message as Buffer);
  // The .eml is quoted-printable, which breaks a long link across lines: a plain copy beside it
  // keeps every link whole, to read or copy as it is.
  await writeFile(file.replace(/\.eml$/, ".txt"), plainCopy(mail));
  // The one line a developer needs: where the mail went and, outside production, the link in it.
  const shownLink = message.link && mayLogMailLinks(settings) ? `: ${message.link}` : "";
  logger("mail").info(
    { to: message.to, file: path.relative(process.cwd(), file) },
    `[mail] ${message.subject} -> ${message.to}${shownLink}`,
  );
  return { via: "file", file };
}

/** The message as plain UTF-8 text: its headers, a blank line, the body as written (no line folding). */
function plainCopy(mail: { from: string; to: string; subject: string; text: string }): string {
  return `From: ${mail.from}\nTo: ${mail.to}\nSubject: ${mail.subject}\n\n${mail.text}\n`;
}

/** At start-up: warns on the console when a production process has no SMTP_URL; returns the warning given. */
export function warnIfMailNotSent(settings = parseConfig(process.env)): string | undefined {
  const warning = smtpStartupWarning(settings, mailDirectory());
  if (warning) logger("mail").warn(warning);
  return warning;
}
