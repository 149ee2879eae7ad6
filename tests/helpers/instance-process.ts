// Starts tests/helpers/instance-main.ts as a real second process on this run's database, and asks it
// to authenticate keys one at a time.
import { spawn } from "node:child_process";
import { once } from "node:events";
import path from "node:path";
import { createInterface } from "node:readline";
import { z } from "zod";
import { REPO_ROOT } from "@/lib/db/paths";

const readySchema = z.object({ ready: z.literal(true), listenerPid: z.number() });
const answerSchema = z.object({ ok: z.boolean(), code: z.string().nullable(), fromMemory: z.boolean() });
export type InstanceAnswer = z.infer<typeof answerSchema>;

export async function startInstanceProcess() {
  const child = spawn(process.execPath, ["--import", "tsx", path.join(REPO_ROOT, "tests/helpers/instance-main.ts")], {
    cwd: REPO_ROOT,
    env: process.env,
    stdio: ["pipe", "pipe", "inherit"],
  });
  const lines = createInterface({ input: child.stdout })[Symbol.asyncIterator]();
  const next = async (): Promise<unknown> => {
    const { value, done } = await lines.next();
    if (done) throw new Error(`the second instance exited (${child.exitCode ?? child.signalCode})`);
    return JSON.parse(value);
  };
  const { listenerPid } = readySchema.parse(await next());
  return {
    listenerPid,
    async authenticate(secret: string): Promise<InstanceAnswer> {
      child.stdin.write(`${JSON.stringify({ secret })}\n`);
      return answerSchema.parse(await next());
    },
    async stop(): Promise<void> {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.stdin.end();
      const exited = once(child, "exit");
      const timer = setTimeout(() => child.kill("SIGKILL"), 5_000);
      await exited;
      clearTimeout(timer);
    },
  };
}
