// The README stays a newcomer's page: under 200 lines, its two commands verbatim, a feature list of
// one line each pointing at a guide, and no link into the repository that leads nowhere (in it, in
// docs/ with its guides, and in CONTRIBUTING.md: every relative link names a file that exists, and a
// #fragment a heading there).
// The webhook secret goes by one name in every document and example.
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = path.resolve(import.meta.dirname, "../..");
const read = (file: string) => readFileSync(path.join(ROOT, file), "utf8");
const DOCS = readdirSync(path.join(ROOT, "docs"), { recursive: true, encoding: "utf8" })
  .filter((name) => name.endsWith(".md"))
  .map((name) => `docs/${name}`);
const GUIDES = DOCS.filter((file) => file.startsWith("docs/guides/"));

/** The text outside fenced code blocks, where a bracket is code and not a link. */
function prose(markdown: string): string {
  return markdown.replace(/^```[\s\S]*?^```/gm, "");
}

/** Every link target of a Markdown file: `[text](target)`. */
function linkTargets(markdown: string): string[] {
  return [...prose(markdown).matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)].map((match) => match[1]!);
}

/** The anchors GitHub gives a file's headings: lower case, punctuation dropped, spaces as hyphens, repeats numbered. */
function headingAnchors(markdown: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  for (const [, heading] of prose(markdown).matchAll(/^#{1,6}\s+(.+?)\s*#*\s*$/gm)) {
    const text = heading!.replace(/\[([^\]]*)\]\([^)]*\)/g, "$1");
    const base = text
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s_-]/gu, "")
      .replace(/\s/g, "-");
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    anchors.add(count === 0 ? base : `${base}-${count}`);
  }
  return anchors;
}

/** What is wrong with one relative link of `from`, or null when it leads somewhere. */
function brokenLink(from: string, target: string): string | null {
  const [encoded = "", fragment] = target.split("#");
  const file = decodeURIComponent(encoded);
  const resolved = file === "" ? path.join(ROOT, from) : path.resolve(path.dirname(path.join(ROOT, from)), file);
  if (!existsSync(resolved)) return `${from}: ${target} (no such file)`;
  if (fragment === undefined || statSync(resolved).isDirectory() || !resolved.endsWith(".md")) return null;
  return headingAnchors(readFileSync(resolved, "utf8")).has(decodeURIComponent(fragment))
    ? null
    : `${from}: ${target} (no heading #${fragment} there)`;
}

describe("the README", () => {
  const readme = read("README.md");

  it("stays under 200 lines", () => {
    expect(readme.split("\n").length).toBeLessThan(200);
  });

  it("keeps the start's two commands verbatim", () => {
    expect(readme).toContain("```bash\nnpm install && npm run dev\n```");
    expect(readme).toContain("```bash\nnpm test\n```");
    expect(readme).toContain("### Your first wallet and card");
  });

  it("lists each feature in one item that links to its guide", () => {
    const section = /^## Features\n([\s\S]*?)^## /m.exec(readme)?.[1] ?? "";
    const items = section.split(/^- /m).slice(1);
    expect(items.length).toBeGreaterThanOrEqual(5);
    for (const item of items) {
      expect(item, item).toMatch(/^\[[^\]]+\]\((docs\/[^)]+)\)/);
      // A line or two each: the guide has the rest.
      expect(item.trim().split("\n").length, item).toBeLessThanOrEqual(2);
    }
  });
});

describe("relative links", () => {
  const files = ["README.md", "CONTRIBUTING.md", ...DOCS];

  it("finds the guides and links in them", () => {
    expect(GUIDES.length).toBeGreaterThanOrEqual(5);
    expect(linkTargets(read("README.md")).length).toBeGreaterThan(20);
  });

  it.each(files)("in %s all lead to a file that exists, and a heading there", (file) => {
    const broken = linkTargets(read(file))
      .filter((target) => !/^[a-z][a-z0-9+.-]*:/i.test(target))
      .map((target) => brokenLink(file, target))
      .filter((problem): problem is string => problem !== null);
    expect(broken).toEqual([]);
  });

  it("catches a link to a missing file or heading", () => {
    expect(brokenLink("README.md", "docs/guides/no-such-guide.md")).toContain("no such file");
    expect(brokenLink("README.md", "docs/api.md#no-such-heading")).toContain("no heading");
    expect(brokenLink("README.md", "docs/api.md#api-client")).toBeNull();
    expect(brokenLink("README.md", "#start")).toBeNull();
  });
});

describe("the webhook secret's name", () => {
  // Where a reader copies it from: the documents, and the receivers and helpers they point to.
  const files = [
    "README.md",
    "CONTRIBUTING.md",
    ...DOCS,
    ...readdirSync(path.join(ROOT, "lib/webhooks/receiver-examples")).map(
      (name) => `lib/webhooks/receiver-examples/${name}`,
    ),
    "app/webhooks/security/page.tsx",
    "lib/webhooks/verify.ts",
    "lib/client/authorization-decisions.ts",
  ];

  it("is WEBHOOK_SECRETS wherever a secret is read from the environment or given a whsec_ value", () => {
    const names = new Map<string, string[]>();
    for (const file of files) {
      const text = read(file);
      const found = [
        ...[...text.matchAll(/process\.env\.([A-Z][A-Z0-9_]*SECRET[A-Z0-9_]*)/g)].map((m) => m[1]!),
        ...[...text.matchAll(/\b([A-Z][A-Z0-9_]*)=whsec_/g)].map((m) => m[1]!),
      ];
      for (const name of found) names.set(name, [...(names.get(name) ?? []), file]);
    }
    expect(names.has("WEBHOOK_SECRETS")).toBe(true);
    expect(Object.fromEntries([...names].filter(([name]) => name !== "WEBHOOK_SECRETS"))).toEqual({});
  });
});
