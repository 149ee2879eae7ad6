// Finds a Chromium for the Playwright tests before anything is built: CHROMIUM_PATH, a system
// Chromium, or Playwright's own download; where there is none it gets one (Debian's package when
// running as root with apt, else Playwright's installer) and otherwise answers with one line
// saying exactly what to install.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";
import { chromium } from "@playwright/test";

// No path alias: playwright.config.ts imports this file too.
const REPO_ROOT = path.resolve(import.meta.dirname, "../..");

export type ChromiumLookup =
  | { ok: true; /** Undefined: Playwright's own browser. */ executablePath: string | undefined }
  | { ok: false; message: string };

export const DEFAULT_CHROMIUM_PATH = "/usr/bin/chromium";

/** Flags for a headless Chromium here: as root (no sandbox), no GPU, and none of its calls home (the network is closed). */
export const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];
const SYSTEM_PATHS = [DEFAULT_CHROMIUM_PATH, "/usr/bin/chromium-browser", "/usr/bin/google-chrome"];
const INSTALL_TIMEOUT_MS = 10 * 60_000;

const MISSING =
  "No Chromium for the browser tests: install one (Debian/Ubuntu: `sudo apt-get install chromium`; " +
  "elsewhere: `npx playwright install chromium`) or set CHROMIUM_PATH to a Chromium or Chrome binary " +
  "(`npm run test:fast` runs everything but the browser tests).";

function installed(): ChromiumLookup | null {
  const system = SYSTEM_PATHS.find((p) => existsSync(p));
  if (system) return { ok: true, executablePath: system };
  if (existsSync(chromium.executablePath())) return { ok: true, executablePath: undefined };
  return null;
}

function tryInstall(command: string, args: string[]): boolean {
  console.log(`No Chromium found; trying: ${command} ${args.join(" ")}`);
  const result = spawnSync(command, args, {
    cwd: REPO_ROOT,
    stdio: "inherit",
    timeout: INSTALL_TIMEOUT_MS,
    env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" },
  });
  return result.status === 0;
}

export function findChromium(): ChromiumLookup {
  const configured = process.env.CHROMIUM_PATH?.trim();
  if (configured) {
    return existsSync(configured)
      ? { ok: true, executablePath: configured }
      : { ok: false, message: `CHROMIUM_PATH=${configured} does not exist. ${MISSING}` };
  }
  const found = installed();
  if (found) return found;

  const root = typeof process.getuid === "function" && process.getuid() === 0;
  if (root && existsSync("/usr/bin/apt-get")) {
    if (tryInstall("/bin/sh", ["-c", "apt-get update -qq && apt-get install -y -qq chromium"])) {
      const after = installed();
      if (after) return after;
    }
  }
  // Downloads Playwright's build where the network allows it; fails fast where it does not.
  if (tryInstall(path.join(REPO_ROOT, "node_modules", ".bin", "playwright"), ["install", "chromium"])) {
    const after = installed();
    if (after) return after;
  }
  return { ok: false, message: MISSING };
}
