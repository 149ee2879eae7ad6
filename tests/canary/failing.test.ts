// A deliberately failing test, outside the normal test globs: CI runs it through the same runner
// and setup (`npm run test:canary`) and refuses to go on unless that run fails.
import { expect, it } from "vitest";

it("fails on purpose, so a green run here means the runner cannot report failure", () => {
  expect(1 + 1).toBe(3);
});
