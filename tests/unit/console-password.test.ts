// Console password hashing: scrypt with a per-user salt and its parameters in the stored string.
import { describe, expect, it } from "vitest";
import { hashPassword, verifyPassword } from "@/lib/console/password";

describe("console passwords", () => {
  it("verifies the right password and rejects a wrong one", async () => {
    const stored = await hashPassword("correct horse battery staple");
    expect(await verifyPassword("correct horse battery staple", stored)).toBe(true);
    expect(await verifyPassword("correct horse battery stapl", stored)).toBe(false);
  });

  it("stores scrypt parameters and a per-user salt, never the password", async () => {
    const one = await hashPassword("same password here");
    const two = await hashPassword("same password here");
    expect(one).toMatch(/^scrypt\$32768\$8\$1\$[\w-]{22}\$[\w-]{43}$/);
    expect(one).not.toBe(two);
    expect(one).not.toContain("same password");
  });

  it("honours the parameters recorded in an older hash", async () => {
    const stored = await hashPassword("parameters travel with the hash");
    const [, , , , salt] = stored.split("$");
    const { scryptSync } = await import("node:crypto");
    const cheaper = `scrypt$1024$8$1$${salt}$${scryptSync("parameters travel with the hash", Buffer.from(salt ?? "", "base64url"), 32, { N: 1024, r: 8, p: 1 }).toString("base64url")}`;
    expect(await verifyPassword("parameters travel with the hash", cheaper)).toBe(true);
  });

  it("treats malformed stored values as a mismatch", async () => {
    for (const stored of ["", "plain", "bcrypt$x$y", "scrypt$0$8$1$abc$def", "scrypt$1024$8$1$$"]) {
      expect(await verifyPassword("anything", stored), stored).toBe(false);
    }
  });
});
