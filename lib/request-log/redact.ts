// What a request-log row keeps of a request or response body: at most BODY_LIMIT characters,
// marked when cut, with secrets replaced (lib/logging/redact-secrets.ts). It works on the text, not on parsed JSON, so a body
// that is not JSON (or was cut mid-value) is redacted too, and a large body is never parsed.
import { REDACTED, redactSecrets } from "@/lib/logging/redact-secrets";

export { REDACTED };

/** Characters of each body a row keeps (16 KiB of ASCII). */
export const BODY_LIMIT = 16 * 1024;

// Longer than any secret redactSecrets finds: a secret that starts before the cut is still whole while redacted.
const MARGIN = 256;

export function loggedBody(text: string | undefined | null): string | null {
  if (text === undefined || text === null || text === "") return null;
  const cut = text.length > BODY_LIMIT;
  const redacted = redactSecrets(cut ? text.slice(0, BODY_LIMIT + MARGIN) : text);
  if (!cut && redacted.length <= BODY_LIMIT) return redacted;
  return `${redacted.slice(0, BODY_LIMIT)}\n[truncated: ${text.length} characters in all, the first ${BODY_LIMIT} kept]`;
}

/** Whether a stored body was cut (loggedBody's mark). */
export function isTruncatedBody(body: string): boolean {
  return /\n\[truncated: \d+ characters in all, the first \d+ kept\]$/.test(body);
}
