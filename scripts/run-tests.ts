// The test command behind `npm test` and `npm run test:fast`: runs the type check, the linter (ESLint
// with eslint.config.mjs; any error or warning fails it), vitest and (unless --fast) Playwright in
// turn, each to the end, then reads the log every process of the run wrote for secrets, announcing each as it starts with how long the one before took, then prints one closing line `N passed, N failed[, N skipped]` summed over all
// of them, lists what failed (with the first line of its message, since a CI log may keep only its
// tail) and what was skipped and why, and exits non-zero when any stage failed. Each runner's exit status is the verdict; its JSON report only feeds the
// counts, so a crash that writes no report still fails the run. Paths after the options run only
// those vitest files (CI's check on the older supported Node.js, see .ci/run): the type check, lint
// and build cover the whole tree and do not depend on the Node.js version.
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { REPO_ROOT } from "@/lib/db/paths";
import { findChromium } from "./testing/find-chromium";
import { checkLogFile } from "./testing/log-secrets";
import { useProductionBuild } from "./testing/production-build";

type Counts = { passed: number; failed: number; skipped: string[]; failures: string[] };
type Stage = { name: string; ok: boolean; counts: Counts };

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    fast: { type: "boolean", default: false },
    // Runs only the deliberately failing tests under tests/canary through the same runners and
    // setup; CI requires that this run fails (see .ci/run).
    canary: { type: "boolean", default: false },
  },
});

const bin = (name: string) => path.join(REPO_ROOT, "node_modules", ".bin", name);
const reportDir = mkdtempSync(path.join(os.tmpdir(), "test-reports-"));
// Every log line of every process the run starts (the test workers, the servers and workers they
// spawn, Playwright's server) is appended here too, and checked for secrets once the runners end.
const logFile = path.join(reportDir, "service.log");
process.env.LOG_FILE = logFile;

function run(command: string, args: string[], env: Record<string, string> = {}): number {
  const result = spawnSync(command, args, { cwd: REPO_ROOT, stdio: "inherit", env: { ...process.env, ...env } });
  if (result.error) console.error(`${command}: ${result.error.message}`);
  return result.status ?? 1;
}

function readJson<T>(file: string): T | null {
  try {
    return JSON.parse(readFileSync(file, "utf8")) as T;
  } catch {
    return null;
  }
}

/** One line per failed test for the closing summary, which is all a truncated CI log may keep. */
function failureLine(name: string, message: string | undefined): string {
  // Strip ANSI colours; keep the first line of the message, which names the broken expectation.
  const first =
    (message ?? "")
      // eslint-disable-next-line no-control-regex -- matches the ESC that starts an ANSI colour code
      .replace(/\u001b\[[0-9;]*m/g, "")
      .split("\n")
      .find((line) => line.trim()) ?? "";
  return first ? `${name}\n      ${first.trim().slice(0, 300)}` : name;
}

function typecheck(): Stage {
  const ok = run(bin("tsc"), ["--noEmit", "-p", "."]) === 0;
  return { name: "type check", ok, counts: { passed: ok ? 1 : 0, failed: ok ? 0 : 1, skipped: [], failures: [] } };
}

/** ESLint over the whole tree with zero warnings allowed; the layer rules of docs/style.md are among its rules. */
function lint(): Stage {
  const ok = run(bin("eslint"), [".", "--max-warnings", "0"]) === 0;
  return { name: "lint", ok, counts: { passed: ok ? 1 : 0, failed: ok ? 0 : 1, skipped: [], failures: [] } };
}

type VitestReport = {
  testResults: {
    name: string;
    assertionResults: { status: string; fullName: string; failureMessages?: string[] }[];
  }[];
};

function vitest(canary: boolean, files: string[]): Stage {
  const output = path.join(reportDir, "vitest.json");
  const code = run(
    bin("vitest"),
    ["run", "--reporter=default", "--reporter=json", `--outputFile.json=${output}`, ...files],
    canary ? { TEST_CANARY: "1" } : {},
  );
  const counts: Counts = { passed: 0, failed: 0, skipped: [], failures: [] };
  for (const file of readJson<VitestReport>(output)?.testResults ?? []) {
    for (const test of file.assertionResults) {
      if (test.status === "passed") counts.passed++;
      else if (test.status === "failed") {
        counts.failed++;
        counts.failures.push(
          failureLine(`${path.relative(REPO_ROOT, file.name)}: ${test.fullName}`, test.failureMessages?.[0]),
        );
      } else counts.skipped.push(`${path.relative(REPO_ROOT, file.name)}: ${test.fullName}`);
    }
  }
  // A failed run with no failed test (an error outside any test, a broken setup) still counts.
  if (code !== 0 && counts.failed === 0) counts.failed = 1;
  return { name: "vitest", ok: code === 0, counts };
}

type PlaywrightSpec = {
  title: string;
  file: string;
  tests: { status: string; results?: { error?: { message?: string } }[] }[];
};
type PlaywrightSuite = { title: string; specs?: PlaywrightSpec[]; suites?: PlaywrightSuite[] };
type PlaywrightReport = { suites?: PlaywrightSuite[] };

function playwright(canary: boolean): Stage {
  const output = path.join(reportDir, "playwright.json");
  const counts: Counts = { passed: 0, failed: 0, skipped: [], failures: [] };
  const env: Record<string, string> = { PLAYWRIGHT_JSON_OUTPUT_NAME: output };
  if (canary) env.TEST_CANARY = "1";
  else {
    // Found before anything is built, so a missing browser costs one line, not a build.
    const browser = findChromium();
    if (!browser.ok) {
      console.error(browser.message);
      return { name: "playwright", ok: false, counts: { ...counts, failed: 1, failures: [browser.message] } };
    }
    if (browser.executablePath) env.CHROMIUM_PATH = browser.executablePath;
  }
  const code = run(bin("playwright"), ["test", "--reporter=list,json"], env);
  const walk = (suite: PlaywrightSuite) => {
    for (const spec of suite.specs ?? []) {
      // A file's top-level suite is titled with the file name itself.
      const name = `${spec.file}: ${suite.title === spec.file ? "" : `${suite.title} `}${spec.title}`;
      for (const test of spec.tests) {
        // expected / flaky pass; unexpected fails; skipped is listed.
        if (test.status === "expected" || test.status === "flaky") counts.passed++;
        else if (test.status === "unexpected") {
          counts.failed++;
          const last = test.results?.at(-1)?.error?.message;
          counts.failures.push(failureLine(name, last));
        } else counts.skipped.push(name);
      }
    }
    for (const child of suite.suites ?? []) walk(child);
  };
  for (const suite of readJson<PlaywrightReport>(output)?.suites ?? []) walk(suite);
  if (code !== 0 && counts.failed === 0) counts.failed = 1;
  return { name: "playwright", ok: code === 0, counts };
}

/**
 * The production build the system tests (tests/system/multi-instance.test.ts) and the browser tests
 * serve, made before vitest starts, so building never competes for the cores with timed tests.
 */
async function productionBuild(): Promise<Stage> {
  try {
    (await useProductionBuild()).release();
    return { name: "production build", ok: true, counts: { passed: 1, failed: 0, skipped: [], failures: [] } };
  } catch (error) {
    console.error(error);
    return { name: "production build", ok: false, counts: { passed: 0, failed: 1, skipped: [], failures: [] } };
  }
}

/**
 * No secret in any log line of the run (issue 39): the log file every process appended to is read
 * line by line (scripts/testing/log-secrets.ts). A run of the whole suite that logged nothing at all
 * fails too: the capture itself would be broken, and the check would prove nothing.
 */
function logSecrets(): Stage {
  const { lines, findings } = checkLogFile(logFile);
  const failures = findings.map((f) => `log line ${f.line}: a ${f.kind} (${f.excerpt})`);
  if (lines === 0 && !onlyFiles) failures.push(`no log line was written to ${logFile}: the capture is broken`);
  console.log(`${lines} log lines read, ${findings.length} secrets found`);
  for (const failure of failures) console.error(failure);
  const ok = failures.length === 0;
  return { name: "log secrets", ok, counts: { passed: ok ? 1 : 0, failed: ok ? 0 : 1, skipped: [], failures } };
}

type PlannedStage = { title: string; run: () => Stage | Promise<Stage> };

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/**
 * Runs the stages in turn, printing one line as each starts (its place, what it is, and how the
 * previous one ended and how long it took) and one after the last, so a long silent stage (the type
 * check takes a minute) never leaves the terminal wondering whether anything runs.
 */
async function runStages(planned: PlannedStage[]): Promise<Stage[]> {
  const done: Stage[] = [];
  let previous: { stage: Stage; ms: number } | undefined;
  const ended = (p: { stage: Stage; ms: number }) =>
    `${p.stage.name} ${p.stage.ok ? "passed" : "failed"} in ${seconds(p.ms)}`;
  for (const [index, { title, run: runStage }] of planned.entries()) {
    console.log(`\n▶ [${index + 1}/${planned.length}] ${title}${previous ? ` (${ended(previous)})` : ""}`);
    const started = performance.now();
    const stage = await runStage();
    previous = { stage, ms: performance.now() - started };
    done.push(stage);
  }
  if (previous) console.log(`\n■ ${ended(previous)}`);
  return done;
}

// Named first because CI runs this under more than one Node.js (.ci/run), and the runners it starts
// take the `node` on PATH: the log shows which one this run was.
console.log(`Testing on Node.js ${process.version}`);
const onlyFiles = positionals.length > 0;
const planned: PlannedStage[] = [];
if (!values.canary && !onlyFiles) {
  planned.push(
    { title: "type check (tsc)", run: typecheck },
    { title: "lint (ESLint)", run: lint },
    { title: "production build (when the sources are newer than it)", run: productionBuild },
  );
}
planned.push({ title: "unit, integration and system tests (vitest)", run: () => vitest(values.canary, positionals) });
if (!values.fast && !onlyFiles)
  planned.push({ title: "browser tests (Playwright)", run: () => playwright(values.canary) });
// Not in the canary run, whose counts CI checks exactly (.ci/run).
if (!values.canary) planned.push({ title: "no secret in any log line (the run's LOG_FILE)", run: logSecrets });
const stages = await runStages(planned);
rmSync(reportDir, { recursive: true, force: true });

const total = stages.reduce(
  (sum, s) => ({
    passed: sum.passed + s.counts.passed,
    failed: sum.failed + s.counts.failed,
    skipped: [...sum.skipped, ...s.counts.skipped],
    failures: [...sum.failures, ...s.counts.failures],
  }),
  { passed: 0, failed: 0, skipped: [] as string[], failures: [] as string[] },
);

console.log("");
for (const s of stages) {
  const skipped = s.counts.skipped.length ? `, ${s.counts.skipped.length} skipped` : "";
  console.log(`${s.ok ? "ok  " : "FAIL"} ${s.name}: ${s.counts.passed} passed, ${s.counts.failed} failed${skipped}`);
}
if (total.skipped.length) {
  console.log("\nSkipped (the reason is in each title):");
  for (const name of total.skipped) console.log(`  - ${name}`);
}
// A stage that failed outside any test (the type check, the build, a runner that crashed) is named
// by itself: its own output above says why.
const failures = [
  ...total.failures,
  ...stages.filter((s) => !s.ok && s.counts.failures.length === 0).map((s) => `${s.name} (see its output above)`),
];
if (failures.length) {
  console.log("\nFailed:");
  for (const name of failures) console.log(`  - ${name}`);
}
// CI installs every service and toolchain the suites need, so there a skip means a test did not run.
const skipsFail = process.env.CI === "true" && !values.canary && total.skipped.length > 0;
if (skipsFail) console.log("\nCI runs every test: the skipped tests above fail this run.");
const skippedTail = total.skipped.length ? `, ${total.skipped.length} skipped` : "";
console.log(`\n${total.passed} passed, ${total.failed} failed${skippedTail}`);
process.exit(stages.every((s) => s.ok) && !skipsFail ? 0 : 1);
