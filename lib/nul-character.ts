// Finds a NUL character (U+0000) in any string of a value, object keys included: PostgreSQL cannot
// store it in text or jsonb, so every input surface (the API's validate step, the console's form
// parsing) refuses it first, naming the field. Iterative, so no nesting depth overflows the stack.

type Visit = { value: unknown; key?: string; parent?: Visit };

const NUL = "\u0000";

/** The keys from the root to the first string or key holding a NUL (`["address", "line1"]`), else null. */
export function findNulCharacter(value: unknown): string[] | null {
  const stack: Visit[] = [{ value }];
  for (let visit = stack.pop(); visit !== undefined; visit = stack.pop()) {
    const current = visit.value;
    if (typeof current === "string") {
      if (current.includes(NUL)) return keysOf(visit);
    } else if (current !== null && typeof current === "object") {
      for (const [key, member] of Object.entries(current)) {
        const child: Visit = { value: member, key, parent: visit };
        if (key.includes(NUL)) return keysOf(child);
        stack.push(child);
      }
    }
  }
  return null;
}

// Built only when a NUL is found.
function keysOf(visit: Visit): string[] {
  const keys: string[] = [];
  for (let at: Visit | undefined = visit; at?.key !== undefined; at = at.parent) keys.push(at.key);
  return keys.reverse();
}
