// Options several operator commands share (--app, --mode, --json, comma lists), and the check that
// --app names an application, so every command spells and validates them the same way.
import { InvalidArgumentError, Option } from "commander";
import { prisma } from "@/lib/db/client";
import type { KeyMode } from "@/lib/keys/api-key-secret";

export const MODES = ["test", "live"] as const satisfies readonly KeyMode[];

export function appOption(): Option {
  return new Option("--app <id>", "the application's id (app_…), as `bootstrap` printed it").makeOptionMandatory();
}

/** --mode test|live; test unless said otherwise, so nothing touches live data by accident. */
export function modeOption(description = "test or live data"): Option {
  return new Option("--mode <mode>", description).choices(MODES).default("test");
}

export function jsonOption(description = "print machine-readable JSON instead of text"): Option {
  return new Option("--json", description);
}

/** "a, b,c" as ["a", "b", "c"]: the value of options such as --scopes and --events. */
export function parseList(value: string): string[] {
  return value
    .split(",")
    .map((item) => item.trim())
    .filter(Boolean);
}

const AMOUNT_RULE = "a positive number in the major unit, e.g. 12.34";

/** The amount, or undefined when the text is not a positive number; the currency's decimals are checked later. */
function positiveAmount(text: string): number | undefined {
  const amount = Number(text);
  return text.trim() !== "" && Number.isFinite(amount) && amount > 0 ? amount : undefined;
}

/** --amount as a number (it stays text until the run, as typed). */
export function amountValue(text: string): number {
  const amount = positiveAmount(text);
  if (amount === undefined) throw new Error(`--amount must be ${AMOUNT_RULE}.`);
  return amount;
}

/** Checks --amount while parsing, so a bad one is a usage error (exit 2) before anything runs. */
export function checkAmount(text: string): string {
  if (positiveAmount(text) === undefined) throw new InvalidArgumentError(`Use ${AMOUNT_RULE}.`);
  return text;
}

/** Fails with a plain message, before any work, when --app names no application. */
export async function requireApplication(applicationId: string): Promise<void> {
  const application = await prisma().application.findUnique({ where: { id: applicationId }, select: { id: true } });
  if (!application) throw new Error(`No application ${applicationId}.`);
}
