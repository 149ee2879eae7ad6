// `npm test` says what it is doing: one line as each stage starts, naming it and how long the one
// before took, and one after the last. Run through the canary (`npm run test:canary`: the same
// script and runners over two tests that fail on purpose), which takes seconds, not the suite.
import { spawn } from "node:child_process";
import path from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = path.resolve(import.meta.dirname, "../..");

describe("the test command's progress", () => {
  it("announces each stage as it starts, with how long the previous one took", async () => {
    const env: NodeJS.ProcessEnv = { ...process.env };
    // The outer vitest's own markers would change how the inner runners behave.
    for (const name of Object.keys(env)) if (name.startsWith("VITEST") || name === "NODE_ENV") delete env[name];
    const child = spawn("npm", ["run", "--silent", "test:canary"], {
      cwd: ROOT,
      env,
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout.on("data", (chunk) => (output += String(chunk)));
    child.stderr.on("data", (chunk) => (output += String(chunk)));
    const code = await new Promise<number | null>((resolve) => child.once("exit", resolve));
    expect(code, output).toBe(1);

    // eslint-disable-next-line no-control-regex -- the ESC that starts an ANSI colour code
    const lines = output.replace(/\u001b\[[0-9;]*m/g, "").split("\n");
    const first = lines.findIndex((line) => line.startsWith("▶ [1/2]"));
    const second = lines.findIndex((line) => line.startsWith("▶ [2/2]"));
    const last = lines.findIndex((line) => line.startsWith("■ "));
    expect(lines[first], output).toBe("▶ [1/2] unit, integration and system tests (vitest)");
    expect(lines[second]).toMatch(/^▶ \[2\/2\] browser tests \(Playwright\) \(vitest failed in \d+\.\d s\)$/);
    expect(lines[last]).toMatch(/^■ playwright failed in \d+\.\d s$/);
    // Each line comes before its stage's own output: vitest's banner after the first, the runner's
    // failures between the two, and the closing count after the last.
    const vitestBanner = lines.findIndex((line) => /^\s*RUN\s+v\d+\./.test(line));
    expect(first).toBeLessThan(vitestBanner);
    expect(vitestBanner).toBeLessThan(second);
    expect(second).toBeLessThan(last);
    expect(lines.indexOf("0 passed, 2 failed")).toBeGreaterThan(last);
  }, 120_000);
});
