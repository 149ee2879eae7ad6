// How much of a receiver's answer is kept and shown: its status and at most RESPONSE_EXCERPT_BYTES
// of its text, so a webhook cannot be used to read a page of whatever answers at its address
// (docs/decisions/loopback-endpoints.md). Applied when an attempt is stored and again when one is
// shown, so attempts stored under the earlier 2 KB cap are shown cut too.

export const RESPONSE_EXCERPT_BYTES = 256;

/** The first RESPONSE_EXCERPT_BYTES of the text, never splitting a UTF-8 character. */
export function capExcerpt(text: string): string;
export function capExcerpt(text: string | null): string | null;
export function capExcerpt(text: string | null): string | null {
  if (text === null) return null;
  const bytes = Buffer.from(text, "utf8");
  if (bytes.length <= RESPONSE_EXCERPT_BYTES) return text;
  return trimUtf8(bytes.subarray(0, RESPONSE_EXCERPT_BYTES)).toString("utf8");
}

/** The bytes without a trailing, incomplete UTF-8 sequence. */
export function trimUtf8(bytes: Buffer): Buffer {
  let end = bytes.length;
  // Back up over continuation bytes (10xxxxxx) to the start of the last character.
  let start = end - 1;
  while (start >= 0 && start > end - 4 && ((bytes[start] ?? 0) & 0xc0) === 0x80) start--;
  if (start < 0) return bytes;
  const lead = bytes[start] ?? 0;
  const length = lead >= 0xf0 ? 4 : lead >= 0xe0 ? 3 : lead >= 0xc0 ? 2 : 1;
  if (start + length > end) end = start;
  return bytes.subarray(0, end);
}
