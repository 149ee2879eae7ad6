// Rules for names people give (a holder's, an application's, a member's), which pages show to
// others: no character that is invisible or reorders the text around it, and a way to tell when a
// name mixes alphabets. A holder name of "Ada Obi" followed by U+202E and Cyrillic look-alikes can
// otherwise read on /verify as somebody else's.

// Refused in names:
// - \p{Cc}: control characters (tabs, line breaks, C1 controls); \p{Zl}\p{Zp}: line and paragraph separators.
// - \p{Cf}: format characters, invisible by design: bidirectional marks, embeddings, overrides and
//   isolates (U+061C, U+200E/F, U+202A–E, U+2066–9), zero-width space, word joiner, BOM, soft
//   hyphen, tag characters… except U+200C and U+200D (zero-width non-joiner and joiner), which
//   Persian, Indic and other names need to be spelled right, and which reorder nothing.
// - Hangul fillers (U+115F, U+1160, U+3164, U+FFA0) and the Braille blank (U+2800): letters that draw nothing.
const INVISIBLE = /(?![\u200C\u200D])[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\u115F\u1160\u3164\uFFA0\u2800]/u;

/** The first invisible or direction-changing character in `text` as U+XXXX, or null when there is none. */
export function findInvisibleCharacter(text: string): string | null {
  const match = INVISIBLE.exec(text);
  const code = match?.[0].codePointAt(0);
  return code === undefined ? null : `U+${code.toString(16).toUpperCase().padStart(4, "0")}`;
}

export const INVISIBLE_CHARACTER_MESSAGE =
  "must not contain invisible or text-direction control characters (such as U+202E)";

// Scripts a name's letters can be in, each with the scripts that commonly share a name with it as one
// writing system (Japanese mixes Han, Hiragana and Katakana; Korean, Hangul and Han).
const SCRIPTS: ReadonlyArray<readonly [string, RegExp]> = [
  ["Latin", /\p{Script=Latin}/u],
  ["Cyrillic", /\p{Script=Cyrillic}/u],
  ["Greek", /\p{Script=Greek}/u],
  ["Armenian", /\p{Script=Armenian}/u],
  ["Georgian", /\p{Script=Georgian}/u],
  ["Hebrew", /\p{Script=Hebrew}/u],
  ["Arabic", /\p{Script=Arabic}/u],
  ["Devanagari", /\p{Script=Devanagari}/u],
  ["Bengali", /\p{Script=Bengali}/u],
  ["Tamil", /\p{Script=Tamil}/u],
  ["Thai", /\p{Script=Thai}/u],
  ["Cherokee", /\p{Script=Cherokee}/u],
  ["Han", /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\p{Script=Bopomofo}]/u],
];

/**
 * The writing systems of the letters of `text`, in the order first seen (digits, spaces and
 * punctuation belong to none). More than one is what /verify marks: real names mix them rarely,
 * look-alike spoofs ("Jоhn" with a Cyrillic о) always do.
 */
export function scriptsOf(text: string): string[] {
  const found: string[] = [];
  for (const character of text) {
    if (!/\p{L}/u.test(character)) continue;
    const script = SCRIPTS.find(([, pattern]) => pattern.test(character))?.[0] ?? "Other";
    if (!found.includes(script)) found.push(script);
  }
  return found;
}
