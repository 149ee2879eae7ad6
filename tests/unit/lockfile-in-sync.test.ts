// The committed lockfile is the one `npm install` writes from package.json, so a fresh clone's first
// command leaves the tree clean; and the check .ci/run makes of it fails when they drift apart.
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { checkLockfile } from "@/scripts/check-lockfile";

const repo = path.resolve(import.meta.dirname, "../..");
const scratch = mkdtempSync(path.join(tmpdir(), "lockfile-drift-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe("package-lock.json", () => {
  it("is left unchanged by npm install", () => {
    expect(checkLockfile(repo)).toEqual({ inSync: true });
  });

  it("fails the check, showing the change, when its root engines field drifts from package.json", () => {
    copyFileSync(path.join(repo, "package.json"), path.join(scratch, "package.json"));
    const lock = JSON.parse(readFileSync(path.join(repo, "package-lock.json"), "utf8")) as {
      packages: Record<string, { engines?: Record<string, string> }>;
    };
    lock.packages[""] = { ...lock.packages[""], engines: { node: ">=20.19" } };
    writeFileSync(path.join(scratch, "package-lock.json"), `${JSON.stringify(lock, null, 2)}\n`);

    const result = checkLockfile(scratch);
    expect(result.inSync).toBe(false);
    expect(result.inSync === false && result.diff).toContain('-        "node": ">=20.19"');
  });
});
