// The one rule for an email address, wherever the service takes one (sign-up, sign-in, password
// resets, invitations, bootstrap, the mail it sends, a wallet's email): HTML's own email rule, which
// every console form's email field already applies in the browser, so an address one path accepts
// (bootstrap's operator@localhost) is never refused by another (forgot password).
import { z } from "zod";

/** At most 254 characters: the longest address SMTP can carry (RFC 5321's path limit less its brackets). */
export const MAX_EMAIL_LENGTH = 254;

/** The address as given: HTML's rule (a dotless domain such as `localhost` included), at most 254 characters. */
export function emailAddress(message = "Enter a valid email address.") {
  return z
    .email({ pattern: z.regexes.html5Email, error: message })
    .max(MAX_EMAIL_LENGTH, `Use at most ${MAX_EMAIL_LENGTH} characters.`);
}

/** A person's sign-in address: trimmed and lower-cased as sign-in looks it up, then the rule above. */
export const accountEmailSchema = z.string().trim().toLowerCase().pipe(emailAddress());
