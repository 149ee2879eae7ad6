// What a request-log row keeps of a request or response body: at most BODY_LIMIT characters,
// marked when cut, with secrets replaced. It works on the text, not on parsed JSON, so a body
// that is not JSON (or was cut mid-value) is redacted too, and a large body is never parsed.
import { isLuhnValid } from "@/lib/cards/card-number";

/** Characters of each body a row keeps (16 KiB of ASCII). */
export const BODY_LIMIT = 16 * 1024;

export const REDACTED = "[redacted]";

// Longer than any secret below: a secret that starts before the cut is still whole while redacted.
const MARGIN = 256;

// Values that are secrets wherever they appear: API keys, statement verification tokens (also
// inside a verify URL), webhook signing secrets, card details links' tokens (inside their url: whoever
// reads the log first could open a live card's details).
const SECRET_VALUES = /\b(?:sk_(?:test|live)_[0-9A-Za-z]+|vst_[0-9A-Za-z]+|whsec_[0-9A-Za-z+/=]+|cdt_[0-9A-Za-z]+)/g;

// A Luhn-valid run of 16 digits, perhaps in groups of four: a card number a caller put in some
// free-text field. Our own card numbers never enter a request or answer; this keeps anyone else's
// out of the log. The Luhn check spares most other 16-digit values (amounts reach 10^15).
const CARD_NUMBERS = /\b\d{4}([ -]?)\d{4}\1\d{4}\1\d{4}\b/g;

// A JSON string field named like a secret ("token", "api_secret", "password", "clientSecret"...);
// the value's closing quote may be missing when the text was cut inside it.
const SECRET_FIELDS = /("[^"\\]*(?:token|secret|password)[^"\\]*"\s*:\s*)"(?:[^"\\]|\\.)*(?:"|$)/gi;

export function loggedBody(text: string | undefined | null): string | null {
  if (text === undefined || text === null || text === "") return null;
  const cut = text.length > BODY_LIMIT;
  const redacted = redactSecrets(cut ? text.slice(0, BODY_LIMIT + MARGIN) : text);
  if (!cut && redacted.length <= BODY_LIMIT) return redacted;
  return `${redacted.slice(0, BODY_LIMIT)}\n[truncated: ${text.length} characters in all, the first ${BODY_LIMIT} kept]`;
}

function redactSecrets(text: string): string {
  return text
    .replace(SECRET_FIELDS, `$1"${REDACTED}"`)
    .replace(SECRET_VALUES, REDACTED)
    .replace(CARD_NUMBERS, (run) => (isLuhnValid(run.replace(/[ -]/g, "")) ? REDACTED : run));
}

/** Whether a stored body was cut (loggedBody's mark). */
export function isTruncatedBody(body: string): boolean {
  return /\n\[truncated: \d+ characters in all, the first \d+ kept\]$/.test(body);
}
