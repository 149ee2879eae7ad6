// Creates a console account with an email and a password (stored as a scrypt hash).
import { z } from "zod";
import type { Db } from "@/lib/db/client";
import { isUniqueViolation } from "@/lib/db/unique-violation";
import { newId } from "@/lib/ids";
import { ConsoleFieldError } from "./errors";
import { parseFields } from "./parse-fields";
import { hashPassword, MIN_PASSWORD_LENGTH } from "./password";

export const signUpInput = z.object({
  name: z.string().trim().max(100).optional(),
  email: z
    .string()
    .trim()
    .toLowerCase()
    .pipe(z.email("Enter a valid email address.").max(254, "Use at most 254 characters.")),
  password: z
    .string()
    .min(MIN_PASSWORD_LENGTH, `Use at least ${MIN_PASSWORD_LENGTH} characters.`)
    .max(200, "Use at most 200 characters."),
});

export async function signUp(db: Db, raw: { name?: string; email: string; password: string }) {
  const input = parseFields(signUpInput, raw);
  const existing = await db.merchantUser.findUnique({ where: { email: input.email }, select: { id: true } });
  if (existing) throw new ConsoleFieldError("email", "An account with this email already exists. Sign in instead.");
  const passwordHash = await hashPassword(input.password);
  try {
    return await db.merchantUser.create({
      data: { id: newId("usr"), email: input.email, name: input.name || null, passwordHash },
      select: { id: true, email: true, name: true },
    });
  } catch (error) {
    if (isUniqueViolation(error))
      throw new ConsoleFieldError("email", "An account with this email already exists. Sign in instead.");
    throw error;
  }
}
