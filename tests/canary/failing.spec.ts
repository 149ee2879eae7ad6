// A deliberately failing Playwright test, outside tests/e2e: see tests/canary/failing.test.ts.
import { expect, test } from "@playwright/test";

test("fails on purpose, so a green run here means the runner cannot report failure", () => {
  expect(1 + 1).toBe(3);
});
