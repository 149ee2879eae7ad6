// Console passwords: scrypt with a per-user salt and its parameters in the stored string (old
// parameters still verify), and new passwords refused when zxcvbn finds them easy to guess.
import { scryptSync } from "node:crypto";
import { describe, expect, it } from "vitest";
import { isConsoleError } from "@/lib/console/errors";
import { parseFields } from "@/lib/console/parse-fields";
import { hashPassword, needsRehash, verifyPassword } from "@/lib/console/password";
import { passwordStrengthProblem, passwordUserInputs, signUpInput } from "@/lib/console/sign-up";

/** A hash as the console made them before the cost was raised (N=2^15). */
function legacyHash(password: string, N = 2 ** 15): string {
  const salt = Buffer.from("0123456789abcdef");
  const key = scryptSync(password, salt, 32, { N, r: 8, p: 1, maxmem: 256 * N * 8 });
  return ["scrypt", N, 8, 1, salt.toString("base64url"), key.toString("base64url")].join("$");
}

function signUpProblem(raw: { email: string; password: string; name?: string }): { field: string; message: string } {
  try {
    parseFields(signUpInput, raw);
  } catch (error) {
    if (isConsoleError(error, "field")) return { field: error.field, message: error.message };
    throw error;
  }
  return { field: "", message: "" };
}

describe("console password hashing", () => {
  it("verifies the right password and rejects a wrong one", async () => {
    const stored = await hashPassword("correct horse battery staple");
    expect(await verifyPassword("correct horse battery staple", stored)).toBe(true);
    expect(await verifyPassword("correct horse battery stapl", stored)).toBe(false);
  });

  it("stores scrypt parameters of at least N=2^17 and a per-user salt, never the password", async () => {
    const one = await hashPassword("same password here");
    const two = await hashPassword("same password here");
    expect(one).toMatch(/^scrypt\$131072\$8\$1\$[\w-]{22}\$[\w-]{43}$/);
    expect(Number(one.split("$")[1])).toBeGreaterThanOrEqual(2 ** 17);
    expect(one).not.toBe(two);
    expect(one).not.toContain("same password");
    expect(needsRehash(one)).toBe(false);
  });

  it("still verifies a hash made at the old cost (N=2^15), and marks it for rehashing", async () => {
    const old = legacyHash("made before the upgrade");
    expect(old.startsWith("scrypt$32768$8$1$")).toBe(true);
    expect(await verifyPassword("made before the upgrade", old)).toBe(true);
    expect(await verifyPassword("made before the upgrade!", old)).toBe(false);
    expect(needsRehash(old)).toBe(true);
  });

  it("honours the parameters recorded in an older hash", async () => {
    expect(
      await verifyPassword("parameters travel with the hash", legacyHash("parameters travel with the hash", 1024)),
    ).toBe(true);
  });

  it("treats malformed stored values, and costs beyond any we issue, as a mismatch", async () => {
    for (const stored of [
      "",
      "plain",
      "bcrypt$x$y",
      "scrypt$0$8$1$abc$def",
      "scrypt$1024$8$1$$",
      "scrypt$1000$8$1$abc$def",
      "scrypt$1073741824$8$1$abc$def",
    ]) {
      expect(await verifyPassword("anything", stored), stored).toBe(false);
    }
  });
});

describe("console password strength", () => {
  it.each([
    "password1234",
    "qwertyuiop123",
    "iloveyou2024",
    "p4ssw0rd1234",
    "letmein12345",
    "aaaaaaaaaaaa",
    "abcdefghijkl1",
  ])("refuses the common or patterned password %s, with zxcvbn's feedback", (password) => {
    const problem = signUpProblem({ email: "ada.obi@example.com", password });
    expect(problem.field).toBe("password");
    expect(problem.message).toMatch(/^This password is too easy to guess\. .+/);
    expect(passwordStrengthProblem(password)).toBeDefined();
  });

  it("says what zxcvbn found", () => {
    expect(passwordStrengthProblem("password1234")).toContain("This is similar to a commonly used password.");
  });

  it.each([
    ["the email itself", "ada.obi@example.com"],
    ["the email, capitalised", "Ada.Obi@Example.com"],
    ["the local part and digits", "ada.obi1234"],
    ["the local part's pieces joined", "AdaObi2024!"],
  ])("refuses a password made from the account's email: %s", (_label, password) => {
    const problem = signUpProblem({ email: "ada.obi@example.com", password });
    expect(problem.field).toBe("password");
    expect(problem.message).toContain("too easy to guess");
  });

  it("refuses a password made from the account holder's name", () => {
    expect(
      signUpProblem({ email: "m@example.com", name: "Chidinma Okonkwo", password: "chidinmaokonkwo1" }).field,
    ).toBe("password");
  });

  it("accepts a strong password, and a passphrase of unrelated words", () => {
    for (const password of ["vivid-otter-parade-47", "correct horse battery staple", "Kq7#mZ2vLp9xWt"]) {
      expect(passwordStrengthProblem(password, passwordUserInputs("ada.obi@example.com")), password).toBeUndefined();
      expect(parseFields(signUpInput, { email: "ada.obi@example.com", password }).password).toBe(password);
    }
  });

  it("keeps the length rules first", () => {
    expect(signUpProblem({ email: "ada@example.com", password: "short" })).toEqual({
      field: "password",
      message: "Use at least 10 characters.",
    });
    expect(signUpProblem({ email: "ada@example.com", password: "x".repeat(201) }).message).toBe(
      "Use at most 200 characters.",
    );
  });

  it("judges a long password quickly, whatever it holds", () => {
    const started = performance.now();
    for (const password of ["4@8({[<3&6!1|70$5+%2".repeat(10), "Zq9!".repeat(50), "a".repeat(200)]) {
      passwordStrengthProblem(password, passwordUserInputs("ada.obi@example.com"));
    }
    expect(performance.now() - started).toBeLessThan(10_000);
  });

  it("derives the user dictionary from the email and name", () => {
    expect(passwordUserInputs(" Ada.Obi+console@Example.com ", "Ada Obi")).toEqual([
      "ada.obi+console@example.com",
      "ada.obi+console",
      "adaobiconsole",
      "ada",
      "obi",
      "console",
      "adaobi",
    ]);
  });
});
