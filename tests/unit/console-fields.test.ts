// The console's one parse step for form input: a NUL character in any field (PostgreSQL cannot
// store it) is refused on that field, before any schema or write.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { isConsoleError } from "@/lib/console/errors";
import { parseFields } from "@/lib/console/parse-fields";

const form = z.object({ name: z.string(), events: z.array(z.string()).optional() });

function fieldOf(raw: unknown): string | undefined {
  try {
    parseFields(form, raw);
  } catch (error) {
    if (isConsoleError(error, "field")) return error.field;
    throw error;
  }
  return undefined;
}

describe("console form fields", () => {
  it("refuses a NUL character anywhere in a field, naming that field", () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), fc.boolean(), (before, after, inList) => {
        const bad = `${before}\u0000${after}`;
        const raw = inList ? { name: "Shop", events: ["card.issued", bad] } : { name: bad };
        expect(fieldOf(raw)).toBe(inList ? "events" : "name");
      }),
    );
  });

  it("passes text without NUL through to the schema", () => {
    expect(parseFields(form, { name: "Shop \u00e9\u{1F600}" })).toEqual({ name: "Shop \u00e9\u{1F600}" });
  });
});
