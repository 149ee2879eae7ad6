// Secrets found in free text and replaced: used on every request-log body (lib/request-log/redact.ts)
// and on every serialized log line (lib/logging/logger.ts), so a secret that reaches either by any
// path (an error message, a logged object, a caller's free-text field) is never written.
import { isLuhnValid } from "@/lib/luhn";

export const REDACTED = "[redacted]";

// Values that are secrets wherever they appear: API keys, statement verification tokens (also
// inside a verify URL), webhook signing secrets, card details links' tokens (inside their url: whoever
// reads the log first could open a live card's details).
// Bounded on the left by anything but a letter or digit (not \b, which an underscore defeats).
const SECRET_VALUES =
  /(?<![0-9A-Za-z])(?:sk_(?:test|live)_[0-9A-Za-z]+|vst_[0-9A-Za-z]+|whsec_[0-9A-Za-z+/=]+|cdt_[0-9A-Za-z]+)/g;

// A Luhn-valid run of 16 digits, perhaps in groups of four: a card number a caller put in some
// free-text field. Our own card numbers never enter a request or answer; this keeps anyone else's
// out of the log. The Luhn check spares most other 16-digit values (amounts reach 10^15). Bounded
// by any non-digit (not \b), so a number glued to a letter or underscore ("pan_4242…") is found too.
const CARD_NUMBERS = /(?<!\d)\d{4}([ -]?)\d{4}\1\d{4}\1\d{4}(?!\d)/g;

// A JSON string field named like a secret ("token", "api_secret", "password", "clientSecret"...);
// the value's closing quote may be missing when the text was cut inside it.
const SECRET_FIELDS = /("[^"\\]*(?:token|secret|password)[^"\\]*"\s*:\s*)"(?:[^"\\]|\\.)*(?:"|$)/gi;

/** The request log's redaction: secret values, card numbers and secret-named JSON fields. */
export function redactSecrets(text: string): string {
  return text
    .replace(SECRET_FIELDS, `$1"${REDACTED}"`)
    .replace(SECRET_VALUES, REDACTED)
    .replace(CARD_NUMBERS, (run) => (isLuhnValid(run.replace(/[ -]/g, "")) ? REDACTED : run));
}

// What only log lines can hold (request logs keep bodies, never headers or connection strings):
// a credential header's value, a card's CVC or number by field name, and the password in a URL
// (a DATABASE_URL or REDIS_URL named in an error message).
// Their value a string or, for a CVC or a number logged as such, a number.
const CREDENTIAL_FIELDS =
  /("[^"\\]*(?:authorization|cookie|cvc|cvv|card_?number|api_?key|signing_?key|private_?key)[^"\\]*"\s*:\s*)(?:"(?:[^"\\]|\\.)*(?:"|$)|\d+)/gi;
const BEARER = /\b(Bearer|Basic)\s+[A-Za-z0-9._~+/=-]+/gi;
const URL_PASSWORD = /(\b[a-z][a-z0-9+.-]*:\/\/[^:/?#\s"@]*:)[^@\s"/]+@/gi;

// A card number logged as a JSON number (16 digits, Luhn-valid): found by reading the line as JSON,
// not by a pattern, since a ":" or "," followed by digits may as well sit inside a string's text, where
// quotes put in would break the line. Replaced by the string "[redacted]", so the line stays JSON. A
// line that is not JSON (the development server's pretty lines) has no such values to find.
function redactCardNumberValues(line: string): string {
  if (!/\d{16}/.test(line)) return line;
  let found = false;
  let parsed: unknown;
  try {
    parsed = JSON.parse(line, (_key, value: unknown) => {
      if (
        typeof value === "number" &&
        Number.isSafeInteger(value) &&
        /^\d{16}$/.test(String(value)) &&
        isLuhnValid(String(value))
      ) {
        found = true;
        return REDACTED;
      }
      return value;
    });
  } catch {
    return line;
  }
  return found ? JSON.stringify(parsed) : line;
}

/** A log line's redaction: everything redactSecrets replaces, plus credentials by header and field name. */
export function redactLogLine(line: string): string {
  return redactSecrets(redactCardNumberValues(line))
    .replace(CREDENTIAL_FIELDS, `$1"${REDACTED}"`)
    .replace(BEARER, `$1 ${REDACTED}`)
    .replace(URL_PASSWORD, `$1${REDACTED}@`);
}
