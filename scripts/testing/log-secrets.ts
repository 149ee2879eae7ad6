// The check behind "no secret in any log line of a full test run" (issue 39): `npm test` points every
// process of the run at one LOG_FILE (scripts/run-tests.ts), and this reads it afterwards, line by
// line, for what must never be logged. Its patterns are written apart from the logger's redaction
// (lib/logging/redact-secrets.ts) on purpose: it checks that redaction, so it must not share its bugs.
import { readFileSync } from "node:fs";
import { isLuhnValid } from "@/lib/luhn";

export type LogFinding = { line: number; kind: string; excerpt: string };

const PATTERNS: { kind: string; pattern: RegExp }[] = [
  { kind: "API key", pattern: /(?<![0-9A-Za-z])sk_(?:test|live)_[0-9A-Za-z]{8,}/ },
  { kind: "webhook signing secret", pattern: /(?<![0-9A-Za-z])whsec_[0-9A-Za-z+/=]{8,}/ },
  { kind: "statement verification token", pattern: /(?<![0-9A-Za-z])vst_[0-9A-Za-z]{8,}/ },
  { kind: "card details token", pattern: /(?<![0-9A-Za-z])cdt_[0-9A-Za-z]{8,}/ },
  { kind: "bearer credential", pattern: /\b(?:Bearer|Basic)\s+(?!\[redacted\])[A-Za-z0-9._~+/=-]{8,}/i },
  { kind: "password in a URL", pattern: /\b[a-z][a-z0-9+.-]*:\/\/[^:/?#\s"@]+:(?!\[redacted\])[^@\s"/]+@/i },
  { kind: "password field", pattern: /"[^"]*password[^"]*"\s*:\s*"(?!\[redacted\])[^"]+"/i },
  { kind: "CVC field", pattern: /"cvc"\s*:\s*"?\d{3,4}/i },
];

/** The passwords the suite's accounts use (tests/integration): none may reach a log line. */
const TEST_PASSWORDS = [
  "a long enough password",
  "correct horse battery staple",
  "violet tractor mends quietly",
  "another long passphrase here",
  "another long password 42",
  "yet another long password",
  "hunter2",
];

// 16 digits, alone or in four groups of four (spaces or dashes), bounded by anything but a digit:
// a card number when it passes Luhn and starts like one (the test BIN 424242, the live BIN 4000...,
// any 4 or 5 brand); timestamps and amounts in a log line are neither so long nor, mostly, so valid.
const CARD_NUMBERS = /(?<!\d)(?:\d{16}|\d{4}([ -])\d{4}\1\d{4}\1\d{4})(?!\d)/g;

function cardNumberIn(line: string): string | undefined {
  for (const match of line.matchAll(CARD_NUMBERS)) {
    const digits = match[0].replace(/[ -]/g, "");
    if (/^[45]/.test(digits) && isLuhnValid(digits)) return match[0];
  }
  return undefined;
}

/** What in `text` (log lines) is a secret, one finding per line and kind. */
export function findLogSecrets(text: string): LogFinding[] {
  const findings: LogFinding[] = [];
  text.split("\n").forEach((line, index) => {
    const at = (kind: string, excerpt: string) =>
      findings.push({ line: index + 1, kind, excerpt: `${excerpt.slice(0, 6)}…` });
    for (const { kind, pattern } of PATTERNS) {
      const match = pattern.exec(line);
      if (match) at(kind, match[0]);
    }
    for (const password of TEST_PASSWORDS) if (line.includes(password)) at("test password", password);
    const card = cardNumberIn(line);
    if (card) at("card number", card);
  });
  return findings;
}

/** Reads a run's log file: its line count and what in it is a secret (each excerpt cut to its first characters: the report must not leak it). */
export function checkLogFile(file: string): { lines: number; findings: LogFinding[] } {
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch {
    return { lines: 0, findings: [] };
  }
  return { lines: text.split("\n").filter(Boolean).length, findings: findLogSecrets(text) };
}
