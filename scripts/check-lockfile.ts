// Checks that `npm install` would leave package-lock.json as committed: npm rewrites the lockfile
// from package.json in a scratch directory (no node_modules, no install scripts) and any difference
// fails with the diff, so a fresh clone's first command never dirties the tree. Run by .ci/run.
import { spawnSync } from "node:child_process";
import { copyFileSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

export type LockfileCheck = { inSync: true } | { inSync: false; diff: string };

/** Asks npm what it would write for `dir`'s package.json and lockfile, without touching `dir`. */
export function checkLockfile(dir: string): LockfileCheck {
  const scratch = mkdtempSync(path.join(tmpdir(), "lockfile-check-"));
  try {
    for (const file of ["package.json", "package-lock.json"]) {
      copyFileSync(path.join(dir, file), path.join(scratch, file));
    }
    const npm = spawnSync(
      "npm",
      ["install", "--package-lock-only", "--ignore-scripts", "--no-audit", "--no-fund", "--prefer-offline"],
      { cwd: scratch, encoding: "utf8", env: { ...process.env, npm_config_loglevel: "error" } },
    );
    if (npm.status !== 0) throw new Error(`npm install --package-lock-only failed:\n${npm.stderr}`);
    const committed = path.join(dir, "package-lock.json");
    const rewritten = path.join(scratch, "package-lock.json");
    if (readFileSync(committed, "utf8") === readFileSync(rewritten, "utf8")) return { inSync: true };
    const diff = spawnSync("git", ["diff", "--no-index", "--no-color", committed, rewritten], { encoding: "utf8" });
    return { inSync: false, diff: diff.stdout };
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const dir = path.resolve(process.argv[2] ?? ".");
  const result = checkLockfile(dir);
  if (result.inSync) {
    console.log("package-lock.json: in sync with package.json (npm install leaves it unchanged).");
  } else {
    console.error(result.diff);
    console.error(
      "package-lock.json is out of sync with package.json: `npm install` on a fresh clone would rewrite it " +
        "as shown above. Run `npm install` and commit package-lock.json.",
    );
    process.exit(1);
  }
}
