// The OpenAPI document passes `redocly lint` with the repository's redocly.yaml (Redocly's
// recommended ruleset plus stricter rules) with no error and no warning. The in-process document is
// written to a temporary file and linted by the CLI.
import { execFile } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { REPO_ROOT } from "@/lib/db/paths";
import { openApiDocument } from "@/lib/openapi/document";

const run = promisify(execFile);

type Problem = { ruleId: string; severity: "error" | "warn"; message: string; location: { pointer: string }[] };
type LintReport = { totals: { errors: number; warnings: number }; problems: Problem[] };

let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "openapi-lint-"));
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function lint(document: unknown, name: string): Promise<LintReport> {
  const file = path.join(dir, name);
  await writeFile(file, JSON.stringify(document, null, 2));
  const args = ["lint", file, "--config", path.join(REPO_ROOT, "redocly.yaml"), "--format", "json"];
  const env = { ...process.env, REDOCLY_TELEMETRY: "off", REDOCLY_SUPPRESS_UPDATE_NOTICE: "true" };
  // The CLI exits 1 when it finds errors; its JSON report is on stdout either way.
  const output = await run(path.join(REPO_ROOT, "node_modules", ".bin", "redocly"), args, {
    cwd: REPO_ROOT,
    env,
    maxBuffer: 64 * 1024 * 1024,
  }).catch((error: { stdout?: string; stderr?: string }) => {
    if (!error.stdout) throw new Error(`redocly lint did not run: ${error.stderr ?? String(error)}`);
    return { stdout: error.stdout };
  });
  return JSON.parse(output.stdout) as LintReport;
}

const describeProblem = (p: Problem) => `${p.ruleId} at ${p.location[0]?.pointer ?? "?"}: ${p.message}`;

describe("OpenAPI document lint (redocly, redocly.yaml)", () => {
  it("reports no error and no warning", async () => {
    const served = JSON.parse(JSON.stringify(openApiDocument()));
    const report = await lint(served, "openapi.json");
    expect(report.problems.map(describeProblem)).toEqual([]);
  });

  it("catches an undescribed parameter and an example that contradicts its schema", async () => {
    // Proves the configuration is applied: a copy of the document with one of each mistake.
    const broken = JSON.parse(JSON.stringify(openApiDocument()));
    const getCard = broken.paths["/api/public/sdk/v1/cards/{id}"].get;
    getCard.parameters.push({ in: "query", name: "expand", schema: { type: "string" } });
    broken.components.schemas.IssueCardRequest.example.kind = "physical";
    const report = await lint(broken, "broken.json");
    const errors = report.problems.filter((p) => p.severity === "error").map((p) => p.ruleId);
    expect(errors).toEqual(expect.arrayContaining(["parameter-description", "no-invalid-schema-examples"]));
  });
});
