// Whether the service's email really leaves it: with SMTP_URL set it does; without, every message
// is written to the development mailbox (send-mail.ts), which is the embedded default for a
// developer's laptop and a silent failure in production (NODE_ENV=production), where nobody reads
// those files: there, start-up warns, no link is logged, and owners see a notice in the console.
type MailSettings = { NODE_ENV: string; SMTP_URL?: string | undefined };

/** True when mail goes to the development mailbox instead of a mail server in a production process. */
export function mailNotSentInProduction(settings: MailSettings): boolean {
  return settings.NODE_ENV === "production" && !settings.SMTP_URL;
}

/** Reset and invitation links (credentials) may be printed on the console only outside production. */
export function mayLogMailLinks(settings: MailSettings): boolean {
  return settings.NODE_ENV !== "production";
}

/** The start-up warning for a production process without SMTP_URL; undefined when there is none to give. */
export function smtpStartupWarning(settings: MailSettings, mailDirectory: string): string | undefined {
  if (!mailNotSentInProduction(settings)) return undefined;
  return `[mail] warning: SMTP_URL is not set, so no email is sent: password resets, invitations and notices are only written to ${mailDirectory}. Set SMTP_URL (smtp:// or smtps://) to send them.`;
}
