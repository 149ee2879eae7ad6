// Production without SMTP_URL (issue 35, Low): start-up warns that no email is sent, no reset or
// invitation link is written to the console (the mailbox file stays the record), and the console
// home tells an account's owners.
import { readFile, rm } from "node:fs/promises";
import { once } from "node:events";
import { randomBytes } from "node:crypto";
import { renderToStaticMarkup } from "react-dom/server";
import { afterAll, afterEach, describe, expect, it, vi } from "vitest";
import { MailNotice } from "@/app/merchant/sdk/_components/mail-notice";
import { createRunDatabase, type RunDatabase } from "@/lib/db/run-database";
import { smtpStartupWarning } from "@/lib/mail/mail-delivery";
import { sendMail } from "@/lib/mail/send-mail";
import { workerProcesses } from "../helpers/worker-process";
import { onLogLine } from "@/lib/logging/logger";

const written: string[] = [];
let workers: ReturnType<typeof workerProcesses> | undefined;
let database: RunDatabase | undefined;

afterEach(async () => {
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
  await Promise.all(written.splice(0).map((file) => rm(file, { force: true })));
});

afterAll(async () => {
  await workers?.killAll();
  await database?.drop();
});

describe("production without SMTP_URL", () => {
  it("warns at start-up (the worker process, as npm start's does)", async () => {
    // A database of its own, so this worker takes no other test's queued mail.
    database = await createRunDatabase("mailwarn", `${Date.now()}_${randomBytes(3).toString("hex")}`);
    const env = { NODE_ENV: "production", SMTP_URL: "", DATABASE_URL: database.url };
    workers = workerProcesses(env);
    const child = workers.start();
    let output = "";
    child.stdout?.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.stderr?.on("data", (chunk: Buffer) => (output += chunk.toString()));
    const deadline = Date.now() + 60_000;
    while (!output.includes("Webhook worker running") && child.exitCode === null && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 100));
    child.kill("SIGKILL");
    if (child.exitCode === null && child.signalCode === null) await once(child, "exit");
    expect(output).toContain("Webhook worker running");
    expect(output).toContain("[mail] warning: SMTP_URL is not set, so no email is sent");
  }, 90_000);

  it("gives no warning with SMTP_URL set, nor in development", () => {
    expect(smtpStartupWarning({ NODE_ENV: "production", SMTP_URL: "smtp://mail.example:25" }, "/m")).toBeUndefined();
    expect(smtpStartupWarning({ NODE_ENV: "development" }, "/m")).toBeUndefined();
    expect(smtpStartupWarning({ NODE_ENV: "production" }, "/m")).toMatch(/SMTP_URL is not set/);
  });

  it("writes no link to the console, only to the mailbox file", async () => {
    vi.stubEnv("NODE_ENV", "production");
    vi.stubEnv("SMTP_URL", "");
    const lines: string[] = [];
    const stopListening = onLogLine((line) => lines.push(line));
    for (const method of ["log", "info", "warn", "error", "debug"] as const)
      vi.spyOn(console, method).mockImplementation((...args: unknown[]) => void lines.push(args.map(String).join(" ")));
    const token = randomBytes(32).toString("base64url");
    const link = `http://localhost:3000/merchant/sdk/reset-password?token=${token}`;
    const sent = await sendMail({
      to: "owner@example.test",
      subject: "Reset your password",
      text: `Reset: ${link}\n`,
      link,
    });
    const file = sent.file ?? "";
    stopListening();
    written.push(file, file.replace(/\.eml$/, ".txt"));
    expect(lines.join("\n")).toContain("[mail] Reset your password -> owner@example.test");
    expect(lines.join("\n")).not.toContain(token);
    expect(await readFile(file.replace(/\.eml$/, ".txt"), "utf8")).toContain(link);
  });

  it("tells an account's owners on the console home, and nobody else", () => {
    const production = { NODE_ENV: "production" };
    const owner = renderToStaticMarkup(MailNotice({ role: "owner", settings: production }));
    expect(owner).toContain("Email is not being sent.");
    expect(owner).toContain("SMTP_URL");
    for (const role of ["admin", "developer", "viewer", undefined] as const)
      expect(renderToStaticMarkup(MailNotice({ role, settings: production }))).toBe("");
    expect(
      renderToStaticMarkup(MailNotice({ role: "owner", settings: { ...production, SMTP_URL: "smtp://mail.example" } })),
    ).toBe("");
    expect(renderToStaticMarkup(MailNotice({ role: "owner", settings: { NODE_ENV: "development" } }))).toBe("");
  });
});
