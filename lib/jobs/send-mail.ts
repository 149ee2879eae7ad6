// Sends one queued email (lib/mail/queue-mail.ts). A failed send (SMTP down, refused) throws, and
// graphile-worker retries it with back-off; the change that queued it has already committed.
import { openMailPayload, SEND_MAIL_TASK, sendMailPayload } from "@/lib/mail/queue-mail";
import { sendMail } from "@/lib/mail/send-mail";
import { defineJob } from "./job";

export const sendMailJob = defineJob({
  task: SEND_MAIL_TASK,
  payload: sendMailPayload,
  async run(payload) {
    await sendMail(openMailPayload(payload));
  },
});
