// One rule for every input: no string in the path, query or body (keys included) may contain
// U+0000. PostgreSQL cannot store it in text or jsonb, so it is refused here as a 400 naming the
// field, before any schema or query sees it. Iterative, so no nesting depth overflows the stack.
import { ApiError } from "./errors";

type Visit = { value: unknown; key?: string; parent?: Visit };

const NUL = "\u0000";

export function refuseNulCharacters(value: unknown, where: "body" | "query" | "path"): void {
  const stack: Visit[] = [{ value }];
  for (let visit = stack.pop(); visit !== undefined; visit = stack.pop()) {
    const current = visit.value;
    if (typeof current === "string") {
      if (current.includes(NUL)) throw nulError(pathOf(visit), where);
    } else if (current !== null && typeof current === "object") {
      for (const [key, member] of Object.entries(current)) {
        const child: Visit = { value: member, key, parent: visit };
        if (key.includes(NUL)) throw nulError(pathOf(child), where);
        stack.push(child);
      }
    }
  }
}

/** The dotted path zod errors use (`address.line1`, `items.0`), built only when one is needed. */
function pathOf(visit: Visit): string {
  const keys: string[] = [];
  for (let at: Visit | undefined = visit; at?.key !== undefined; at = at.parent) keys.push(at.key);
  return keys.reverse().join(".");
}

function nulError(path: string, where: "body" | "query" | "path"): ApiError {
  const message = "must not contain the NUL character (U+0000)";
  return new ApiError("validation_failed", path ? `${path}: ${message}.` : `The request ${where} ${message}.`, {
    ...(path ? { param: path } : {}),
    details: [{ path, message, code: "nul_character" }],
  });
}
