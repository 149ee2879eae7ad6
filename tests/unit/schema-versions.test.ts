// The schema version has one source, lib/schema-versions.json: the constant, the webhook envelope
// and headers, the pages' header from next.config.mjs, a real API response and /webhooks/security
// must all say the same, and a new entry in the file must show up on the page with its guide.
import { readFileSync } from "node:fs";
import path from "node:path";
import type { NextConfig } from "next";
import { renderToStaticMarkup } from "react-dom/server";
import { afterEach, describe, expect, it, vi } from "vitest";
import { GET as openApiRoute } from "@/app/api/public/openapi.json/route";
import { receiverExamples } from "@/app/webhooks/security/receiver-examples";
import WebhookSecurityPage from "@/app/webhooks/security/page";
import { EVENT_TYPES } from "@/lib/events/record-event";
import { REPO_ROOT } from "@/lib/db/paths";
import { CURRENT_SCHEMA_VERSION, SCHEMA_VERSIONS } from "@/lib/schema-versions";
import { SCHEMA_VERSION } from "@/lib/version";
import { buildEnvelope, signedRequest } from "@/lib/webhooks/envelope";
import { callRoute } from "../helpers/call-route";

const versionsFile = JSON.parse(readFileSync(path.join(REPO_ROOT, "lib/schema-versions.json"), "utf8")) as {
  versions: { version: string; status: string }[];
};

/** The text as React writes it into HTML. */
function escapeHtml(text: string): string {
  return text
    .replaceAll("&", "&amp;")
    .replaceAll("<", "&lt;")
    .replaceAll(">", "&gt;")
    .replaceAll('"', "&quot;")
    .replaceAll("'", "&#x27;");
}

const sampleEvent = { id: "evt_test", type: "wallet.provisioned", data: { id: "wal_test" }, sequence: 1 };

describe("the schema version", () => {
  it("is the one entry of lib/schema-versions.json marked current", () => {
    const current = versionsFile.versions.filter((v) => v.status === "current");
    expect(current).toHaveLength(1);
    expect(SCHEMA_VERSION).toBe(current[0]!.version);
    expect(CURRENT_SCHEMA_VERSION.version).toBe(SCHEMA_VERSION);
    // The spec's current value (section 9).
    expect(SCHEMA_VERSION).toBe("1.1");
  });

  it("is what every webhook's envelope and headers carry", () => {
    const envelope = buildEnvelope(sampleEvent, new Date());
    expect(envelope.schema_version).toBe(SCHEMA_VERSION);
    const { headers } = signedRequest(envelope, "whd_test", { current: "whsec_test" });
    expect(headers["x-service-schema-version"]).toBe(SCHEMA_VERSION);
  });

  it("is the header next.config.mjs puts on every page and static file", async () => {
    // Loaded as Next.js loads it: a plain ES module with no declarations of its own.
    const config: { default: NextConfig } = await import(path.join(REPO_ROOT, "next.config.mjs"));
    if (!config.default.headers) throw new Error("next.config.mjs sets no headers");
    const rules = await config.default.headers();
    expect(rules).toEqual([
      {
        source: "/:path*",
        headers: [
          { key: "x-service-schema-version", value: SCHEMA_VERSION },
          // Beside it, the one security header that depends on neither the request nor the path.
          { key: "x-content-type-options", value: "nosniff" },
        ],
      },
    ]);
  });

  it("is the header of a real API response and the OpenAPI document's version", async () => {
    const res = await callRoute(openApiRoute, { path: "/api/public/openapi.json" });
    expect(res.status).toBe(200);
    expect(res.headers.get("x-service-schema-version")).toBe(SCHEMA_VERSION);
    expect(res.json.info.version).toBe(SCHEMA_VERSION);
  });
});

describe("/webhooks/security", () => {
  const html = renderToStaticMarkup(WebhookSecurityPage());

  it("shows the current version and every version of the file in its table", () => {
    expect(html).toContain(`data-testid="current-schema-version">${SCHEMA_VERSION}<`);
    const rows = html.match(/<tr data-testid="schema-version-row">.*?<\/tr>/g) ?? [];
    expect(rows).toHaveLength(SCHEMA_VERSIONS.length);
    expect(rows[0]).toContain(`>${SCHEMA_VERSION}</th>`);
    expect(rows[0]).toContain(">Current</td>");
    expect(rows[0]).toContain(`>${CURRENT_SCHEMA_VERSION.released}</td>`);
  });

  it("shows each receiver example exactly as the file the integration test runs", () => {
    const examples = receiverExamples();
    expect(examples.map((e) => path.basename(e.file.path)).sort()).toEqual([
      "express.mjs",
      "next-route.ts",
      "node-http.mjs",
      "receiver.go",
      "receiver.py",
    ]);
    for (const example of examples) {
      const onDisk = readFileSync(path.join(REPO_ROOT, example.file.path), "utf8");
      expect(example.file.source).toBe(onDisk);
      expect(html).toContain(`<code data-source="true">${escapeHtml(onDisk)}</code>`);
    }
    // The Next.js example's helper is shown too, so it can be copied.
    expect(html).toContain(escapeHtml(readFileSync(path.join(REPO_ROOT, "lib/webhooks/verify.ts"), "utf8")));
  });

  it("records sequence as a 2026-11-24 addition to 1.1 and shows it under the version", () => {
    const current = SCHEMA_VERSIONS.find((v) => v.version === "1.1");
    const additions = current?.additions.filter((a) => a.change.includes("sequence")) ?? [];
    expect(additions.map((a) => [a.added, a.payload])).toEqual([
      ["2026-11-24", "envelope"],
      ["2026-11-24", "GET /api/public/sdk/v1/events"],
    ]);
    // Additive: the version stays, and the envelope's own entry names the field.
    expect(SCHEMA_VERSION).toBe("1.1");
    expect(current?.payloads.find((p) => p.payload === "envelope")?.description).toContain("sequence");
    const shown = html.match(/<li data-testid="schema-version-addition">.*?<\/li>/g) ?? [];
    expect(shown).toHaveLength(current?.additions.length ?? -1);
    expect(shown[0]).toContain('<time dateTime="2026-11-24"');
    expect(shown[0]).toContain(escapeHtml(additions[0]!.change));
  });

  it("explains how a receiver uses sequence, and its worked example carries one", () => {
    const ordering = html.match(/<section aria-labelledby="ordering".*?<\/section>/)?.[0] ?? "";
    expect(ordering).toContain("keep the last sequence you have processed for each");
    expect(ordering).toContain("GET /api/public/sdk/v1/events");
    expect(ordering).toMatch(/retry or replay carries the same event <code[^>]*>id<\/code> and.*?sequence/);
    expect(html).toContain('href="#ordering"');
    expect(html).toContain(escapeHtml('"sequence":2,"data":{"id":"card_'));
  });

  it("lists every event kind added since the first five in the migration guide, and says card.expired replaced card.reversed for a lapse", () => {
    const list = html.match(/<ul[^>]*data-testid="added-event-kinds">.*?<\/ul>/)?.[0] ?? "";
    const listed = [...list.matchAll(/<li><code[^>]*>([^<]+)<\/code>/g)].map((m) => m[1]);
    const first = ["wallet.provisioned", "card.issued", "card.authorized", "card.captured", "card.refunded"];
    expect(listed).toEqual(EVENT_TYPES.filter((type) => !first.includes(type)));
    expect(listed).toEqual(expect.arrayContaining(["card.expired", "wallet.closed", "webhook_secret.rotated"]));
    const note = html.match(/<p data-testid="card-expired-migration">.*?<\/p>/)?.[0] ?? "";
    expect(note).toMatch(/now .*card\.expired.*no longer .*card\.reversed/);
  });

  it("lists exactly the headers a delivery is sent with", () => {
    const { headers } = signedRequest(buildEnvelope(sampleEvent, new Date()), "whd_test", { current: "whsec_test" });
    const table = html.match(/<caption class="sr-only">Headers of every webhook delivery<\/caption>.*?<\/table>/)?.[0];
    const names = [...(table ?? "").matchAll(/<th scope="row"[^>]*>([^<]+)<\/th>/g)].map((m) => m[1]);
    expect(names).toEqual(Object.keys(headers));
  });
});

describe("a new version in lib/schema-versions.json", () => {
  afterEach(() => {
    vi.doUnmock("@/lib/schema-versions.json");
    vi.resetModules();
  });

  it("becomes the current version everywhere and renders its migration guide on the page", async () => {
    vi.resetModules();
    vi.doMock("@/lib/schema-versions.json", () => ({
      default: {
        about: "test",
        versions: [
          {
            version: "1.2",
            status: "current",
            released: "2027-01-15",
            previous: "1.1",
            summary: "Cards gain a brand.",
            payloads: [{ payload: "card.issued", description: "data is the card record, now with brand." }],
            changes: [
              {
                payload: "card.issued",
                change: "data.brand is added.",
                migration: "Read data.brand when schema_version is 1.2 or later.",
                before: '{"id":"card_1","last4":"4242"}',
                after: '{"id":"card_1","last4":"4242","brand":"visa"}',
              },
            ],
          },
          { ...CURRENT_SCHEMA_VERSION, status: "supported" },
        ],
      },
    }));
    const { SCHEMA_VERSION: raised } = await import("@/lib/version");
    expect(raised).toBe("1.2");
    const { default: Page } = await import("@/app/webhooks/security/page");
    const page = renderToStaticMarkup(Page());
    expect(page).toContain(`data-testid="current-schema-version">1.2<`);
    expect(page).toContain("From 1.1 to 1.2");
    expect(page).toContain("data.brand is added.");
    expect(page).toContain(escapeHtml('{"id":"card_1","last4":"4242","brand":"visa"}'));
    expect(page).toContain("Read data.brand when schema_version is 1.2 or later.");
    expect(page).not.toContain("nothing to migrate from yet");
    const rows = page.match(/<tr data-testid="schema-version-row">.*?<\/tr>/g) ?? [];
    expect(rows.map((row) => row.match(/<th[^>]*>([^<]+)<\/th>/)?.[1])).toEqual([
      "1.2",
      CURRENT_SCHEMA_VERSION.version,
    ]);
    expect(rows[1]).toContain(">Supported</td>");
  });

  it("is refused when an addition predates its version's release", async () => {
    vi.resetModules();
    vi.doMock("@/lib/schema-versions.json", () => ({
      default: {
        about: "test",
        versions: [
          {
            ...CURRENT_SCHEMA_VERSION,
            additions: [{ added: "2026-01-01", payload: "envelope", change: "x is added.", migration: "Read x." }],
          },
        ],
      },
    }));
    await expect(import("@/lib/schema-versions")).rejects.toThrow(/an addition cannot predate its version's release/);
  });

  it("is refused when two versions are marked current", async () => {
    vi.resetModules();
    vi.doMock("@/lib/schema-versions.json", () => ({
      default: {
        about: "test",
        versions: [{ ...CURRENT_SCHEMA_VERSION, version: "1.2", previous: "1.1" }, { ...CURRENT_SCHEMA_VERSION }],
      },
    }));
    await expect(import("@/lib/schema-versions")).rejects.toThrow(/exactly one version must have status current/);
  });
});
