// The emails queued on the worker's queue (lib/mail/queue-mail.ts), opened as the send_mail job
// would, so a test can follow the links they carry without running the worker.
import { prisma } from "@/lib/db/client";
import type { MailMessage } from "@/lib/mail/mail-message";
import { openMailPayload, SEND_MAIL_TASK, sendMailPayload } from "@/lib/mail/queue-mail";

export type QueuedMail = MailMessage & { jobId: string };

/** Queued mails to `to`, oldest first. */
export async function queuedMails(to: string): Promise<QueuedMail[]> {
  // The public view leaves the payload out; the private table beside it has it.
  const rows = await prisma().$queryRaw<{ id: string; payload: unknown }[]>`
    SELECT j.id::text AS id, p.payload FROM graphile_worker.jobs j
    JOIN graphile_worker._private_jobs p ON p.id = j.id
    WHERE j.task_identifier = ${SEND_MAIL_TASK} ORDER BY j.id`;
  return rows
    .map((row) => ({ ...openMailPayload(sendMailPayload.parse(row.payload)), jobId: row.id }))
    .filter((mail) => mail.to === to);
}

export async function lastMail(to: string): Promise<QueuedMail> {
  const mail = (await queuedMails(to)).at(-1);
  if (!mail) throw new Error(`no mail queued to ${to}`);
  return mail;
}

/** The `token` of the link in a mail. */
export function linkToken(mail: Pick<MailMessage, "link">): string {
  const token = mail.link ? new URL(mail.link).searchParams.get("token") : null;
  if (!token) throw new Error(`no token in ${mail.link}`);
  return token;
}
