// Words a person typed (their name, an account's name) as they may appear inside one of our emails:
// plain text, one line, short, and with nothing a mail program turns into a link, so an invitation
// cannot carry an attacker's message or address under our sender (docs/decisions/invitations.md).

/** The most characters of a name an email shows; longer ones end in "…". */
export const MAIL_NAME_MAX_LENGTH = 60;

// Control and format characters (line breaks, bidirectional overrides, zero-width joiners) would let
// a name start a new paragraph or reorder the words around it.
const CONTROL_OR_FORMAT = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]+/gu;

/**
 * `value` made inert for a plain-text email: control characters become spaces, runs of spaces one,
 * every "://", dot (full-width ones too) between two characters and "@" are bracketed ("https[:]//evil[.]example") so no
 * mail program links them, and the result is cut to MAIL_NAME_MAX_LENGTH characters.
 */
export function mailSafeName(value: string, max = MAIL_NAME_MAX_LENGTH): string {
  const neutral = value
    .replace(CONTROL_OR_FORMAT, " ")
    .replace(/\s+/gu, " ")
    .trim()
    .replace(/:\/\//g, "[:]//")
    .replace(/(?<=\S)[.\u3002\uFF0E\uFF61](?=\S)/gu, "[.]")
    .replace(/@/g, "[@]");
  const characters = Array.from(neutral);
  return characters.length <= max ? neutral : `${characters.slice(0, max - 1).join("").trimEnd()}…`;
}
