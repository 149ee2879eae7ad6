// Names people give (holder, application, member) refuse invisible and text-direction control
// characters, naming the field: a 400 from the API, an inline message in the console. /verify marks
// a holder name mixing alphabets (lib/display-name.ts).
import { beforeAll, describe, expect, it } from "vitest";
import { prisma } from "@/lib/db/client";
import { createConsoleApplication } from "@/lib/console/create-console-application";
import { isConsoleError } from "@/lib/console/errors";
import { findInvisibleCharacter, scriptsOf } from "@/lib/display-name";
import { api } from "../helpers/card-money";
import { setupApp, uniqueUserId } from "../helpers/fixtures";

// The issue's example: "Ada Obi", a right-to-left override, an isolate, and Cyrillic look-alikes.
const SPOOF = "Ada Obi\u202E\u2066 ,ЈоhnSmith";

describe("names with invisible characters", () => {
  // One application for every API case: each wallet has its own holder id, so cases cannot meet.
  let key: string;
  beforeAll(async () => {
    key = (await setupApp()).key;
  });
  const walletNamed = (name: string) =>
    api.createWallet(key, { externalUserId: uniqueUserId(), currency: "USD", email: "ada@example.com", name });

  it.each([
    ["a right-to-left override", SPOOF],
    ["a left-to-right mark", "Ada\u200EObi"],
    ["a first-strong isolate", "\u2068Ada Obi"],
    ["a zero-width space", "Ada\u200BObi"],
    ["a byte-order mark inside", "Ada\uFEFFObi"],
    ["a line break", "Ada\nObi"],
    ["a Hangul filler", "Ada\u3164Obi"],
    ["a tag character", "Ada\u{E0041}Obi"],
  ])("the API refuses a holder name with %s, 400 naming the field", async (_what, name) => {
    const res = await walletNamed(name);
    expect(res.response.status).toBe(400);
    expect(res.error?.error).toMatchObject({ code: "validation_failed", param: "name" });
    expect(res.error?.error.message).toMatch(/invisible or text-direction control characters/);
  });

  it.each([
    ["Persian with a zero-width non-joiner", "می\u200Cخواهم"],
    ["Japanese in three scripts", "山田 はなこ カタカナ"],
    ["accents and an apostrophe", "Lucía O'Neill-Fernández"],
    ["Arabic", "عائشة"],
  ])("keeps a real name: %s", async (_what, name) => {
    const res = await walletNamed(name);
    expect(res.response.status).toBe(201);
    expect(res.data?.name).toBe(name);
  });

  it("the console refuses an application name with a bidi override on its field", async () => {
    const refused = await createConsoleApplication(
      prisma(),
      { merchantId: "usr_nobody" },
      { name: "Shop\u202Egnissecorp" },
    ).catch((error: unknown) => error);
    expect(isConsoleError(refused, "field")).toBe(true);
    expect((refused as { field: string }).field).toBe("name");
    expect((refused as Error).message).toMatch(/invisible or text-direction control characters/);
  });
});

describe("the characters", () => {
  it("names the first invisible character as U+XXXX", () => {
    expect(findInvisibleCharacter(SPOOF)).toBe("U+202E");
    expect(findInvisibleCharacter("Ada Obi")).toBeNull();
    expect(findInvisibleCharacter("a\u200Db")).toBeNull();
  });

  it("tells which alphabets a name's letters are in", () => {
    expect(scriptsOf("Ada Obi")).toEqual(["Latin"]);
    expect(scriptsOf("Jоhn Smith")).toEqual(["Latin", "Cyrillic"]); // a Cyrillic о
    expect(scriptsOf("山田 はなこ")).toEqual(["Han"]);
    expect(scriptsOf("Ada 2nd.")).toEqual(["Latin"]);
  });
});

describe("member names", () => {
  it("sign-up refuses a name with a bidi override on its field", async () => {
    const { signUpInput } = await import("@/lib/console/sign-up");
    const parsed = signUpInput.safeParse({ name: "Ada\u202EObi", email: "ada@example.com", password: "x" });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.find((issue) => issue.path[0] === "name")?.message).toMatch(/text-direction/);
  });
});
