// Layers point one way (docs/style.md, "Layers"): lib/http may call into lib/<domain>, never the reverse. Domain
// code throws DomainError from lib/errors and returns typed outcomes; only lib/http knows statuses.
// ESLint enforces every layer (import/no-restricted-paths in eslint.config.mjs); this test stays as a
// second guard for this one rule, whose exemptions it keeps exact.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { REPO_ROOT } from "@/lib/db/paths";

const LIB = path.join(REPO_ROOT, "lib");
const HTTP = path.join(LIB, "http");

/** The HTTP layer itself, and generated code nobody edits by hand. */
const SKIPPED_DIRECTORIES = ["lib/http", "lib/generated", "lib/client"];

/**
 * Files allowed to import lib/http for now, each for a named reason; HTTP_EXEMPT in eslint.config.mjs
 * grants the same. Keep this list exact: a file here that no longer imports lib/http fails the last
 * test until it is removed.
 */
const EXEMPT: Record<string, string> = {
  // The OpenAPI document describes the HTTP surface itself: it states each code's status and
  // renders example envelopes exactly as the HTTP layer does.
  "lib/openapi/error-examples.ts": "renders example envelopes with ApiError, errorBody and MAX_BODY_BYTES",
  "lib/openapi/operation.ts": "documents each code's status through errorStatus",
};

function sourceFiles(directory: string): string[] {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(directory, entry.name);
    const relative = path.relative(REPO_ROOT, full).split(path.sep).join("/");
    if (entry.isDirectory()) return SKIPPED_DIRECTORIES.includes(relative) ? [] : sourceFiles(full);
    return /\.tsx?$/.test(entry.name) ? [relative] : [];
  });
}

/** Every module specifier a file names: import/export ... from, bare import, import(), require(). */
function specifiers(text: string): { line: number; specifier: string }[] {
  const pattern = /(?:\bfrom\s*|\bimport\s*\(?\s*|\brequire\s*\(\s*)["']([^"']+)["']/g;
  return [...text.matchAll(pattern)].map((match) => ({
    line: text.slice(0, match.index).split("\n").length,
    specifier: match[1] ?? "",
  }));
}

function pointsIntoHttp(file: string, specifier: string): boolean {
  if (specifier === "@/lib/http" || specifier.startsWith("@/lib/http/")) return true;
  if (!specifier.startsWith(".")) return false;
  const target = path.resolve(REPO_ROOT, path.dirname(file), specifier);
  return target === HTTP || target.startsWith(HTTP + path.sep);
}

/** Each import of lib/http in the given files, as "file:line imports specifier". */
function httpImports(files: string[], read: (file: string) => string): string[] {
  return files.flatMap((file) =>
    specifiers(read(file))
      .filter(({ specifier }) => pointsIntoHttp(file, specifier))
      .map(({ line, specifier }) => `${file}:${line} imports ${specifier}`),
  );
}

const readRepoFile = (file: string) => readFileSync(path.join(REPO_ROOT, file), "utf8");

describe("layers point one way", () => {
  it("finds lib/http by alias, by relative path, through export-from and dynamic import", () => {
    const fixtures: Record<string, string> = {
      "lib/cards/a.ts": 'import { ApiError } from "@/lib/http/errors";',
      "lib/cards/b.ts": 'import type { ErrorCode } from "../http/errors";',
      "lib/cards/c.ts": 'export { clientAddress } from "../http/client-address";',
      "lib/cards/d.ts": 'const m = await import("@/lib/http");',
      "lib/cards/e.ts": 'import { DomainError } from "@/lib/errors";\nimport { x } from "@/lib/httpish";',
      "lib/cards/f.ts": 'import { y } from "./http/errors";',
    };
    expect(httpImports(Object.keys(fixtures), (file) => fixtures[file] ?? "")).toEqual([
      "lib/cards/a.ts:1 imports @/lib/http/errors",
      "lib/cards/b.ts:1 imports ../http/errors",
      "lib/cards/c.ts:1 imports ../http/client-address",
      "lib/cards/d.ts:1 imports @/lib/http",
    ]);
  });

  it("no file under lib/ outside lib/http imports lib/http", () => {
    const files = sourceFiles(LIB).filter((file) => !(file in EXEMPT));
    const offenders = httpImports(files, readRepoFile);
    expect(
      offenders,
      `Domain code must not import lib/http: throw DomainError from @/lib/errors, or return a typed outcome ` +
        `and map it in lib/http.\n${offenders.join("\n")}`,
    ).toEqual([]);
  });

  it("every exemption still imports lib/http, so the list stays exact", () => {
    const stale = Object.keys(EXEMPT).filter((file) => {
      try {
        return httpImports([file], readRepoFile).length === 0;
      } catch {
        return true; // the file is gone
      }
    });
    expect(stale, `Remove these from EXEMPT in tests/unit/layers.test.ts:\n${stale.join("\n")}`).toEqual([]);
  });
});
