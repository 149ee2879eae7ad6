// The configuration table of docs/operations.md lists exactly the variables of the configuration's
// schema (lib/config.ts): a variable the service reads cannot go undocumented, nor a row outlive its
// variable. NODE_ENV and the like (FRAMEWORK_VARIABLES) are set by Next.js and npm, not by operators.
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { CONFIG_VARIABLES, FRAMEWORK_VARIABLES } from "@/lib/config";
import { REPO_ROOT } from "@/lib/db/paths";

/** The variables named in the first column of the first table under "## Configuration", in order. */
function documentedVariables(): string[] {
  const text = readFileSync(path.join(REPO_ROOT, "docs/operations.md"), "utf8");
  const section = text.split(/^## Configuration$/m)[1];
  if (section === undefined) throw new Error('docs/operations.md has no "## Configuration" section');
  const lines = section.split("\n");
  const start = lines.findIndex((line) => line.startsWith("|"));
  const end = lines.findIndex((line, i) => i > start && !line.startsWith("|"));
  const rows = lines.slice(start + 2, end === -1 ? undefined : end); // past the header and its rule
  return rows.flatMap((row) => {
    const firstCell = row.split("|")[1] ?? "";
    return [...firstCell.matchAll(/`([A-Z][A-Z0-9_]*)`/g)].map((match) => match[1]!);
  });
}

describe("the configuration table of docs/operations.md", () => {
  const documented = documentedVariables();
  const ours = CONFIG_VARIABLES.filter((name) => !FRAMEWORK_VARIABLES.has(name));

  it("has a row for every variable of the schema", () => {
    expect(ours.filter((name) => !documented.includes(name))).toEqual([]);
  });

  it("has no row for a variable the schema does not read", () => {
    expect(documented.filter((name) => !ours.includes(name))).toEqual([]);
  });

  it("names each variable once", () => {
    expect(documented.filter((name, i) => documented.indexOf(name) !== i)).toEqual([]);
  });

  it("reads at least the table it means (not an empty or misplaced one)", () => {
    expect(documented).toContain("DATABASE_URL");
    expect(documented.length).toBeGreaterThan(30);
  });
});

describe("the framework's variables left out of the table", () => {
  it("are all read by the schema (the exemption list stays exact)", () => {
    expect([...FRAMEWORK_VARIABLES].filter((name) => !CONFIG_VARIABLES.includes(name))).toEqual([]);
  });
});
