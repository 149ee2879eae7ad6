// Tracing costs nothing when it is off (docs/decisions/tracing.md): without
// OTEL_EXPORTER_OTLP_ENDPOINT, loading the request pipeline, the webhook engine and the logger and
// running Next's instrumentation hook never loads the OpenTelemetry SDK or Prisma's
// instrumentation; with it set, the same hook does (so the check can fail).
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { REPO_ROOT } from "@/lib/db/paths";

const run = promisify(execFile);

// Run in a process of its own: the modules it loads are the question. CommonJS packages imported
// from ES modules are registered in require's cache, which is where the SDK would show up.
const SCRIPT = `
import { createRequire } from "node:module";
await import("@/lib/http/sdk-route");
await import("@/lib/webhooks/deliver");
await import("@/lib/logging/logger");
const { register } = await import("./instrumentation.ts");
await register();
const loaded = Object.keys(createRequire(import.meta.url).cache);
const sdk = loaded.some((file) => file.includes("@opentelemetry/sdk-node"));
const prismaInstrumentation = loaded.some((file) => file.includes("@prisma/instrumentation"));
const enabled = globalThis[Symbol.for("wallet-card.tracing-enabled")] === true;
if (enabled) {
  const { stopTracing } = await import("@/lib/tracing/tracing");
  await stopTracing();
}
console.log(JSON.stringify({ sdk, prismaInstrumentation, enabled }));
`;

async function loadedWith(env: Record<string, string | undefined>) {
  const childEnv: NodeJS.ProcessEnv = { ...process.env, NEXT_RUNTIME: "nodejs", ...env };
  for (const [name, value] of Object.entries(env)) if (value === undefined) delete childEnv[name];
  const { stdout } = await run(process.execPath, ["--import", "tsx", "--input-type=module", "-e", SCRIPT], {
    cwd: REPO_ROOT,
    env: childEnv,
    timeout: 60_000,
  });
  return JSON.parse(stdout.trim().split("\n").pop() ?? "{}") as {
    sdk: boolean;
    prismaInstrumentation: boolean;
    enabled: boolean;
  };
}

describe("tracing off", () => {
  it("never loads the OpenTelemetry SDK or Prisma's instrumentation without OTEL_EXPORTER_OTLP_ENDPOINT", async () => {
    expect(await loadedWith({ OTEL_EXPORTER_OTLP_ENDPOINT: undefined })).toEqual({
      sdk: false,
      prismaInstrumentation: false,
      enabled: false,
    });
  }, 90_000);

  it("loads and starts them from the instrumentation hook when it is set", async () => {
    // Nothing listens there: the SDK starts regardless, and is stopped before anything is sent.
    expect(await loadedWith({ OTEL_EXPORTER_OTLP_ENDPOINT: "http://127.0.0.1:9" })).toEqual({
      sdk: true,
      prismaInstrumentation: true,
      enabled: true,
    });
  }, 90_000);
});
