import { defineConfig, devices } from "@playwright/test";
export default defineConfig({
  testDir: "/work/main/tests/e2e",
  outputDir: "/tmp/pw-dev-results",
  workers: 1, timeout: 90_000, expect: { timeout: 15_000 },
  reporter: [["list"]],
  use: { baseURL: "http://127.0.0.1:3457", launchOptions: { executablePath: "/usr/bin/chromium", args: ["--no-sandbox","--disable-gpu","--disable-background-networking","--disable-component-update","--disable-sync","--no-first-run"] } },
  projects: [{ name: "chromium", use: { ...devices["Desktop Chrome"] } }],
});
