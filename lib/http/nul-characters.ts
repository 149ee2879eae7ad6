// One rule for every API input: no string in the path, query or body (keys included) may contain
// U+0000 (lib/nul-character.ts), refused here as a 400 naming the field before any schema or query.
import { findNulCharacter } from "@/lib/nul-character";
import { ApiError } from "./errors";

export function refuseNulCharacters(value: unknown, where: "body" | "query" | "path"): void {
  const keys = findNulCharacter(value);
  if (keys === null) return;
  // The dotted path zod errors use (`address.line1`, `items.0`).
  const path = keys.join(".");
  const message = "must not contain the NUL character (U+0000)";
  throw new ApiError("validation_failed", path ? `${path}: ${message}.` : `The request ${where} ${message}.`, {
    ...(path ? { param: path } : {}),
    details: [{ path, message, code: "nul_character" }],
  });
}
