// Runs one operator command line in this process as `npm run cli -- …` would, collecting what it
// printed: commands print with console.*, commander writes its help and errors to the streams.
import { vi } from "vitest";
import { runCli } from "@/lib/cli/run-cli";

export type CliRun = { code: number; stdout: string; stderr: string };

export async function runCliCaptured(...argv: string[]): Promise<CliRun> {
  let stdout = "";
  let stderr = "";
  const toOut = (...args: unknown[]) => void (stdout += `${args.join(" ")}\n`);
  const toErr = (...args: unknown[]) => void (stderr += `${args.join(" ")}\n`);
  const spies = [
    vi.spyOn(console, "log").mockImplementation(toOut),
    vi.spyOn(console, "error").mockImplementation(toErr),
    vi.spyOn(process.stdout, "write").mockImplementation((chunk) => ((stdout += String(chunk)), true)),
    vi.spyOn(process.stderr, "write").mockImplementation((chunk) => ((stderr += String(chunk)), true)),
  ];
  try {
    const code = await runCli(argv, "npm run cli --");
    return { code, stdout, stderr };
  } finally {
    for (const spy of spies) spy.mockRestore();
  }
}
