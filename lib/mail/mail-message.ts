// One email as the service sends it: plain text, to one address, with the link it is about (if any),
// which the development mailbox prints so a newcomer without SMTP can follow it.
import { z } from "zod";
import { emailAddress } from "@/lib/schemas/email-address";

export const mailMessageSchema = z.object({
  to: emailAddress(),
  subject: z.string().min(1).max(200),
  text: z.string().min(1),
  /** The one link the message asks the reader to follow (reset, accept, verify), if any. */
  link: z.url().optional(),
});

export type MailMessage = z.infer<typeof mailMessageSchema>;
