// Queues an email on the worker's queue, in the transaction of the change it tells of, so the change
// and its mail commit together; the worker sends it and graphile-worker retries a failed send (SMTP
// down) with its back-off, so the change never waits on the mail server.
//
// The payload is sealed (lib/crypto/secret-box.ts): a reset or invitation link is a credential,
// stored hashed in its own table, and must not sit readable in graphile_worker's job table either.
import { z } from "zod";
import { seal, unseal } from "@/lib/crypto/secret-box";
import type { Db } from "@/lib/db/client";
import { mailMessageSchema, type MailMessage } from "./mail-message";

export const SEND_MAIL_TASK = "send_mail";
// About 3 days of graphile-worker's exponential back-off (exp(min(attempts, 10)) seconds each).
const MAX_ATTEMPTS = 25;
const SEAL_CONTEXT = "mail";

export const sendMailPayload = z.object({ sealed: z.string().min(1) });

export async function queueMail(tx: Db, message: MailMessage): Promise<void> {
  const payload = { sealed: seal(JSON.stringify(mailMessageSchema.parse(message)), SEAL_CONTEXT) };
  await tx.$queryRaw`SELECT graphile_worker.add_job(
    identifier => ${SEND_MAIL_TASK},
    payload => ${JSON.stringify(payload)}::json,
    max_attempts => ${MAX_ATTEMPTS})`;
}

export function openMailPayload(payload: z.infer<typeof sendMailPayload>): MailMessage {
  return mailMessageSchema.parse(JSON.parse(unseal(payload.sealed, SEAL_CONTEXT)));
}
