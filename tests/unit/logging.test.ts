// The structured logger (lib/logging): every line is one JSON object carrying the request's or job's
// ids, no secret survives into a line whatever a caller logs, LOG_FILE receives every line, and the
// run's secret check (scripts/testing/log-secrets.ts) finds each kind of secret it looks for.
import { execFile } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { REPO_ROOT } from "@/lib/db/paths";
import { runWithLogContext, traceIdOf } from "@/lib/logging/log-context";
import { errorField, logger, onLogLine } from "@/lib/logging/logger";
import { redactLogLine } from "@/lib/logging/redact-secrets";
import { findLogSecrets } from "@/scripts/testing/log-secrets";

const run = promisify(execFile);

/** The lines `work` logs in this process, parsed. */
function captured(work: () => void): Record<string, unknown>[] {
  const lines: string[] = [];
  const stop = onLogLine((line) => lines.push(line));
  try {
    work();
  } finally {
    stop();
  }
  return lines.map((line) => JSON.parse(line) as Record<string, unknown>);
}

// Secrets of every kind the check looks for, as a careless caller might log them.
const KEY = "sk_test_4eC39HqLyjWDarjtT1zdp7dc";
const SIGNING = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw";
const CARD = "4242424242424242";
const TRACEPARENT = "00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01";

describe("the logger", () => {
  it("writes JSON lines with a level, a time, the component and the current request's ids", () => {
    const [line] = captured(() =>
      runWithLogContext({ requestId: "req_abc", traceId: traceIdOf(TRACEPARENT) }, () =>
        logger("http").warn({ status: 429 }, "refused"),
      ),
    );
    expect(line).toMatchObject({
      level: "warn",
      component: "http",
      requestId: "req_abc",
      traceId: "0af7651916cd43dd8448eb211c80319c",
      status: 429,
      msg: "refused",
    });
    expect(new Date(String(line!.time)).getTime()).toBeGreaterThan(0);
  });

  it("carries a job's and a delivery's ids inside a job, and nests contexts", () => {
    const lines = captured(() =>
      runWithLogContext({ jobId: "42", job: "deliver" }, () => {
        runWithLogContext({ deliveryId: "whd_1" }, () => logger("webhook-worker").info("sent"));
        logger("webhook-worker").info("done");
      }),
    );
    expect(lines[0]).toMatchObject({ jobId: "42", job: "deliver", deliveryId: "whd_1" });
    expect(lines[1]).toMatchObject({ jobId: "42", job: "deliver" });
    expect(lines[1]).not.toHaveProperty("deliveryId");
  });

  it("refuses a malformed or all-zero traceparent as a trace id", () => {
    expect(traceIdOf("00-00000000000000000000000000000000-b7ad6b7169203331-01")).toBeUndefined();
    expect(traceIdOf("not a traceparent")).toBeUndefined();
    expect(traceIdOf(undefined)).toBeUndefined();
  });

  it("writes no secret, whatever a caller puts in the message, the fields or an error", () => {
    const lines = captured(() => {
      const log = logger("test");
      log.info(`key ${KEY} and secret ${SIGNING} for card ${CARD}`);
      log.info({ headers: { authorization: `Bearer ${KEY}`, cookie: "session=abcdefgh12345678" } }, "request");
      log.info({ password: "correct horse battery staple", card: { cvc: "123", cardNumber: "4000 0566 5566 5556" } });
      log.info({ card: { cvc: 456, number: 4000056655665556 } });
      log.error({ url: "postgresql://app:s3cret-pass@db:5432/prod" }, "connect failed");
      log.error(errorField(new Error(`signing with ${SIGNING} failed for 4242-4242-4242-4242`)), "failed");
    });
    const text = lines.map((line) => JSON.stringify(line)).join("\n");
    expect(findLogSecrets(text)).toEqual([]);
    expect(text).not.toContain("s3cret-pass");
    expect(text).not.toContain("abcdefgh12345678");
    expect(text.match(/\[redacted\]/g)?.length).toBeGreaterThanOrEqual(11);
  });

  it("redacts any API key, signing secret or Luhn-valid card number embedded in any text", () => {
    const secret = fc.oneof(
      fc.stringMatching(/^[0-9A-Za-z]{8,40}$/).map((s) => `sk_live_${s}`),
      fc.stringMatching(/^[0-9A-Za-z+/=]{8,40}$/).map((s) => `whsec_${s}`),
      fc.stringMatching(/^4242[0-9]{11}$/).map((body) => {
        // The check digit that makes it Luhn-valid.
        for (let d = 0; d <= 9; d++) if (findLogSecrets(`${body}${d}`).length > 0) return `${body}${d}`;
        return `${body}0`;
      }),
    );
    // Any text glued on either side, but for what would make it a longer token (a letter or digit
    // before it; more key characters after a key, more digits after a card number).
    const around = fc.string({ maxLength: 20 });
    fc.assert(
      fc.property(around, secret, around, (before, value, after) => {
        const last = value.at(-1) ?? "";
        const tail = /\d/.test(last) ? after.replace(/^\d+/, "") : after.replace(/^[0-9A-Za-z+/=]+/, "");
        const line = JSON.stringify({ msg: `${before.replace(/[0-9A-Za-z]+$/, "")}${value}${tail}` });
        expect(findLogSecrets(line).length).toBeGreaterThan(0);
        const redacted = redactLogLine(line);
        expect(findLogSecrets(redacted)).toEqual([]);
        expect(() => JSON.parse(redacted)).not.toThrow();
      }),
    );
  });

  it("appends every line to LOG_FILE as well, in a process of its own", async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), "log-file-"));
    try {
      const file = path.join(dir, "nested", "service.log");
      const script = `import { logger } from "@/lib/logging/logger"; logger("child").info({ n: 1 }, "to the file ${KEY}");`;
      const { stdout } = await run(process.execPath, ["--import", "tsx", "--input-type=module", "-e", script], {
        cwd: REPO_ROOT,
        env: { ...process.env, LOG_FILE: file, LOG_LEVEL: "info", LOG_FORMAT: "json" },
      });
      const written = readFileSync(file, "utf8").trim();
      expect(JSON.parse(written)).toMatchObject({ component: "child", n: 1, level: "info" });
      expect(written).toContain("to the file [redacted]");
      expect(stdout.trim()).toBe(written);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("the run's secret check", () => {
  it("finds each kind of secret it looks for, and reports only a short excerpt", () => {
    const lines = [
      `{"msg":"${KEY}"}`,
      `{"msg":"${SIGNING}"}`,
      `{"msg":"card 4242 4242 4242 4242"}`,
      `{"authorization":"Bearer abcdefgh12345678"}`,
      `{"password":"hunter2 and more"}`,
      `{"msg":"postgresql://app:s3cret@db/prod"}`,
      `{"card":{"cvc":"123"}}`,
      `{"msg":"signed in with violet tractor mends quietly"}`,
    ];
    const findings = findLogSecrets(lines.join("\n"));
    expect(new Set(findings.map((f) => f.line))).toEqual(new Set([1, 2, 3, 4, 5, 6, 7, 8]));
    for (const finding of findings) expect(finding.excerpt.length).toBeLessThanOrEqual(7);
    expect(findLogSecrets(`{"time":"2026-11-29T12:00:00.000Z","pid":1234567,"amountMinor":1234567890123456}`)).toEqual(
      [],
    );
  });
});
