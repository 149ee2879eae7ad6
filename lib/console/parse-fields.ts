// Parses console form input with zod, turning the first issue into an error on the field to blame.
import type { z } from "zod";
import { ConsoleFieldError } from "./errors";

// PostgreSQL cannot store U+0000 in text: refused here, naming the field, rather than failing the write.
function refuseNulCharacters(raw: unknown): void {
  if (typeof raw !== "object" || raw === null) return;
  for (const [field, value] of Object.entries(raw)) {
    const values: unknown[] = Array.isArray(value) ? value : [value];
    if (values.some((v) => typeof v === "string" && v.includes("\u0000"))) {
      throw new ConsoleFieldError(field, "This value contains a NUL character, which cannot be stored.");
    }
  }
}

export function parseFields<T extends z.ZodType>(schema: T, raw: unknown): z.infer<T> {
  refuseNulCharacters(raw);
  const parsed = schema.safeParse(raw);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  throw new ConsoleFieldError(String(issue?.path[0] ?? "form"), issue?.message ?? "This value is not valid.");
}
