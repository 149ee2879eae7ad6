// A real SMTP server on a free local port (the npm smtp-server package), keeping every message it
// receives, so tests send mail the way production does and read the links in what arrives.
import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";

export type ReceivedMail = { to: string[]; raw: string; text: string };

/** The plain-text body of a raw message, quoted-printable decoded (nodemailer folds long lines). */
function bodyText(raw: string): string {
  const body = raw.slice(raw.indexOf("\r\n\r\n") + 4);
  const qp = /content-transfer-encoding:\s*quoted-printable/i.test(raw);
  if (!qp) return body;
  return Buffer.from(
    body.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
    "latin1",
  ).toString("utf8");
}

/** `port` 0 (the default) takes a free one. */
export async function startSmtpInbox(port = 0) {
  const received: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        const raw = Buffer.concat(chunks).toString("utf8");
        received.push({ to: session.envelope.rcptTo.map((r) => r.address), raw, text: bodyText(raw) });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  const { port: listening } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${listening}`,
    received,
    /** The newest message to `to` (whose raw text matches `subject`, if given), waiting up to 20 s for it. */
    async waitFor(to: string, subject?: RegExp): Promise<ReceivedMail> {
      const deadline = Date.now() + 20_000;
      for (;;) {
        const mail = received.findLast((m) => m.to.includes(to) && (!subject || subject.test(m.raw)));
        if (mail) return mail;
        if (Date.now() > deadline) throw new Error(`no mail to ${to} arrived`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The first console link in a mail's text with its token. */
export function tokenIn(text: string): string {
  const match = /https?:\/\/\S+[?&]token=([A-Za-z0-9_-]+)/.exec(text);
  if (!match?.[1]) throw new Error(`no link with a token in:\n${text}`);
  return match[1];
}
