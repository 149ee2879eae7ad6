// A mock of Lithic's API generated from Lithic's own OpenAPI document (tests/fixtures/lithic) by
// Stoplight Prism in its validating mode: a request the document does not allow is refused with a
// 4xx (422 for a bad body, 401 without the API key header), so a connector's contract tests fail
// when our calls drift from Lithic's contract. A test can ask for another documented answer with
// the `Prefer: code=<status>` header (or `example=<name>`), as Prism documents.
import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";
import { REPO_ROOT } from "@/lib/db/paths";
import { freePort } from "./service-process";

export const LITHIC_OPENAPI_DOCUMENT = path.join(REPO_ROOT, "tests/fixtures/lithic/lithic-openapi.yml");

export type LithicMock = {
  /** The mock's base URL, for LITHIC_BASE_URL. */
  baseUrl: string;
  /** What Prism printed, for a failing test's message. */
  output(): string;
  close(): Promise<void>;
};

/** Starts Prism on a free port and resolves once it listens (a few seconds: it reads 1 MB of YAML). */
export async function startLithicMock(): Promise<LithicMock> {
  const port = await freePort();
  const child: ChildProcess = spawn(
    path.join(REPO_ROOT, "node_modules/.bin/prism"),
    ["mock", "--host", "127.0.0.1", "--port", String(port), "--errors", LITHIC_OPENAPI_DOCUMENT],
    { cwd: REPO_ROOT, stdio: ["ignore", "pipe", "pipe"] },
  );
  let output = "";
  const collect = (chunk: Buffer) => {
    // Keep the tail only: Prism logs every request.
    output = (output + chunk.toString()).slice(-20_000);
  };
  child.stdout?.on("data", collect);
  child.stderr?.on("data", collect);
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`Prism did not start in 60 s:\n${output}`)), 60_000);
    const onData = () => {
      if (!output.includes("Prism is listening")) return;
      clearTimeout(timer);
      resolve();
    };
    child.stdout?.on("data", onData);
    child.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`Prism exited with ${code} before listening:\n${output}`));
    });
  });
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    output: () => output,
    async close() {
      if (child.exitCode === null) child.kill("SIGTERM");
      await exited;
    },
  };
}
