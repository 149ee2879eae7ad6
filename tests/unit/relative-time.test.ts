// The console's relative times: the largest whole unit, past or future, and "just now" within a minute.
import { describe, expect, it } from "vitest";
import { relativeText } from "@/app/_components/local-time";

const NOW = Date.UTC(2026, 10, 24, 12, 0, 0);
const at = (seconds: number) => new Date(NOW + seconds * 1000).toISOString();

describe("relativeText", () => {
  it("names the largest whole unit, before and after now", () => {
    expect(relativeText(at(-3 * 60 - 59), NOW, "en-US")).toBe("3 minutes ago");
    expect(relativeText(at(2 * 3600 + 5), NOW, "en-US")).toBe("in 2 hours");
    expect(relativeText(at(-26 * 3600), NOW, "en-US")).toBe("yesterday");
    expect(relativeText(at(-40 * 24 * 3600), NOW, "en-US")).toBe("last month");
    expect(relativeText(at(-3 * 365 * 24 * 3600), NOW, "en-US")).toBe("3 years ago");
  });

  it("says just now within a minute either way, and nothing for a value that is not a time", () => {
    expect(relativeText(at(-59), NOW, "en-US")).toBe("just now");
    expect(relativeText(at(30), NOW, "en-US")).toBe("just now");
    expect(relativeText("not a time", NOW, "en-US")).toBe("");
  });

  it("speaks the reader's language", () => {
    expect(relativeText(at(-3 * 60), NOW, "de-DE")).toBe("vor 3 Minuten");
  });
});
