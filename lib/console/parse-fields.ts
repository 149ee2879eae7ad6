// Parses console form input with zod, turning the first issue into an error on the field to blame.
import type { z } from "zod";
import { findNulCharacter } from "@/lib/nul-character";
import { ConsoleError } from "./errors";

export function parseFields<T extends z.ZodType>(schema: T, raw: unknown): z.infer<T> {
  // PostgreSQL cannot store U+0000: refused on its field rather than failing the write.
  const nul = findNulCharacter(raw);
  if (nul) throw ConsoleError.field(nul[0] ?? "form", "This value contains a NUL character, which cannot be stored.");
  const parsed = schema.safeParse(raw);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  throw ConsoleError.field(String(issue?.path[0] ?? "form"), issue?.message ?? "This value is not valid.");
}
