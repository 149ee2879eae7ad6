// Parses console form input with zod, turning the first issue into an error on the field to blame.
import type { z } from "zod";
import { ConsoleFieldError } from "./errors";

export function parseFields<T extends z.ZodType>(schema: T, raw: unknown): z.infer<T> {
  const parsed = schema.safeParse(raw);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  throw new ConsoleFieldError(String(issue?.path[0] ?? "form"), issue?.message ?? "This value is not valid.");
}
