// Creates a console account with an email and a password (stored as a scrypt hash), and the
// company account the person owns. A new password
// must be long enough and hard to guess: zxcvbn (the zxcvbn-ts port) scores it against common
// passwords, words, names, keyboard patterns and dates, and against the account's own email.
import { ZxcvbnFactory } from "@zxcvbn-ts/core";
import { adjacencyGraphs, dictionary as commonDictionary } from "@zxcvbn-ts/language-common";
import { dictionary as englishDictionary, translations } from "@zxcvbn-ts/language-en";
import { z } from "zod";
import type { Db } from "@/lib/db/client";
import { isUniqueViolation } from "@/lib/db/unique-violation";
import { newId } from "@/lib/ids";
import { createAccount } from "@/lib/accounts/create-account";
import { attemptLimit } from "./attempt-limits";
import { EMAIL_VERIFICATION_TTL_MS, issueEmailToken } from "./email-tokens";
import { ConsoleError } from "./errors";
import { mailSignUpAttempt, mailVerifyEmail } from "./mails";
import { parseFields } from "./parse-fields";
import { hashPassword, MIN_PASSWORD_LENGTH } from "./password";
import { MIN_PASSWORD_SCORE } from "./password-rules";
import { accountEmailSchema } from "@/lib/schemas/email-address";
import { nameText } from "@/lib/schemas/name";

// zxcvbn's cost grows steeply with length (l33t variants above all); a password is judged by its
// first 64 characters, with at most 20 l33t substitutions tried, so no input can stall the server.
const JUDGED_LENGTH = 64;
let estimator: ZxcvbnFactory | undefined;

function passwordEstimator(): ZxcvbnFactory {
  estimator ??= new ZxcvbnFactory({
    dictionary: { ...commonDictionary, ...englishDictionary },
    graphs: adjacencyGraphs,
    translations,
    maxLength: JUDGED_LENGTH,
    l33tMaxSubstitutions: 20,
  });
  return estimator;
}

/** The words a password must not be built from: the email, its local part and that part's pieces, the name's words. */
export function passwordUserInputs(email: string | undefined, name?: string): string[] {
  const inputs = new Set<string>();
  const address = email?.trim().toLowerCase();
  if (address) {
    inputs.add(address);
    const local = address.split("@")[0] ?? "";
    const pieces = local.split(/[._+-]+/).filter((piece) => piece.length >= 3);
    for (const word of [local, pieces.join(""), ...pieces]) if (word) inputs.add(word);
  }
  const names = name?.trim().toLowerCase().split(/\s+/).filter(Boolean) ?? [];
  for (const word of [names.join(""), ...names]) if (word.length >= 3) inputs.add(word);
  return [...inputs];
}

/** Why a new password is too easy to guess, in words for the person choosing it; undefined when it is strong enough. */
export function passwordStrengthProblem(password: string, userInputs: readonly string[] = []): string | undefined {
  const result = passwordEstimator().check(password, [...userInputs]);
  if (result.score >= MIN_PASSWORD_SCORE) return undefined;
  const { warning, suggestions } = result.feedback;
  return [
    "This password is too easy to guess.",
    warning ?? "",
    ...suggestions,
    "A few unrelated words, or a password manager's random password, work well.",
  ]
    .filter(Boolean)
    .join(" ");
}

export const signUpInput = z
  .object({
    // A member's name, shown to teammates: no invisible or direction-changing characters (lib/display-name.ts).
    name: nameText({
      min: 0,
      max: 100,
      messages: { invisible: "Names cannot contain invisible or text-direction control characters (such as U+202E)." },
    }).optional(),
    email: accountEmailSchema,
    password: z
      .string()
      .min(MIN_PASSWORD_LENGTH, `Use at least ${MIN_PASSWORD_LENGTH} characters.`)
      .max(200, "Use at most 200 characters.")
      // Common passwords and patterns; the account's own email and name are checked below.
      .superRefine((password, ctx) => {
        const problem = passwordStrengthProblem(password);
        if (problem) ctx.addIssue({ code: "custom", message: problem });
      }),
  })
  .superRefine((input, ctx) => {
    const problem = passwordStrengthProblem(input.password, passwordUserInputs(input.email, input.name));
    if (problem) ctx.addIssue({ code: "custom", path: ["password"], message: problem });
  });

/**
 * Creates a console person with their own account (they are its owner). Refuses a taken address:
 * for tests, the CLI and invitations; the sign-up page calls requestSignUp, which answers alike.
 */
export async function signUp(
  db: Db,
  raw: { name?: string; email: string; password: string },
  /** emailVerified: the address was proved (an invitation's link); ownAccount false: joins one instead. */
  options: { emailVerified?: boolean; ownAccount?: boolean } = {},
) {
  const input = parseFields(signUpInput, raw);
  const existing = await db.merchantUser.findUnique({ where: { email: input.email }, select: { id: true } });
  if (existing) throw ConsoleError.field("email", "An account with this email already exists. Sign in instead.");
  return createPerson(
    db,
    input,
    await hashPassword(input.password),
    options.emailVerified ?? false,
    options.ownAccount ?? true,
  );
}

async function createPerson(
  db: Db,
  input: { name?: string; email: string },
  passwordHash: string,
  emailVerified: boolean,
  ownAccount = true,
) {
  try {
    const merchant = await db.merchantUser.create({
      data: {
        id: newId("usr"),
        email: input.email,
        name: input.name || null,
        passwordHash,
        emailVerifiedAt: emailVerified ? new Date() : null,
      },
      select: { id: true, email: true, name: true },
    });
    if (ownAccount) await createAccount(db, { name: input.name?.trim() || input.email, ownerId: merchant.id });
    return merchant;
  } catch (error) {
    if (isUniqueViolation(error))
      throw ConsoleError.field("email", "An account with this email already exists. Sign in instead.");
    throw error;
  }
}

// Per address asked about (an inbox gets at most a few mails from us an hour) and per caller.
const checkSignUpAttempt = attemptLimit(
  "sign-up",
  { perAddress: { limit: 20, windowSeconds: 3600 }, perAccount: { limit: 3, windowSeconds: 3600 } },
  "sign-up",
);

/**
 * The sign-up page's action: answers the same ("check your inbox") whether the address is taken or
 * not, so the page cannot be used to learn who has an account. A new address gets its account and a
 * confirmation link; a taken one gets a mail saying someone tried. `db` must be a transaction.
 */
export async function requestSignUp(
  db: Db,
  raw: { name?: string; email: string; password: string },
  caller: { address: string },
): Promise<{ email: string }> {
  const input = parseFields(signUpInput, raw);
  await checkSignUpAttempt({ address: caller.address, account: input.email });
  // Hashed either way, so both answers take as long.
  const passwordHash = await hashPassword(input.password);
  const existing = await db.merchantUser.findUnique({ where: { email: input.email }, select: { id: true } });
  if (existing) {
    await mailSignUpAttempt(db, input.email);
    return { email: input.email };
  }
  const merchant = await createPerson(db, input, passwordHash, false);
  const token = await issueEmailToken(db, {
    merchantId: merchant.id,
    email: merchant.email,
    purpose: "email_verification",
    ttlMs: EMAIL_VERIFICATION_TTL_MS,
  });
  await mailVerifyEmail(db, merchant.email, token);
  return { email: input.email };
}
