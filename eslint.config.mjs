// ESLint for the service's TypeScript, run by `npm run lint` and as a stage of `npm test` with zero
// warnings allowed: Next.js's own rules (React, hooks, accessibility, core web vitals),
// typescript-eslint's strict set, and the layer rule of docs/style.md written as import boundaries.
import js from "@eslint/js";
import nextVitals from "eslint-config-next/core-web-vitals";
import tseslint from "typescript-eslint";

/** What is linted: the service, its scripts, tests and benchmarks. */
const SOURCES = ["{app,lib,scripts,tests,bench,components}/**/*.{ts,tsx}"];

/** Where React code lives; elsewhere a function named use… is not a hook (useDatabaseUrl, useProductionBuild). */
const REACT_SOURCES = ["{app,components}/**/*.{ts,tsx}"];

/**
 * Domain code: everything under lib/ but the layers above the domains (lib/http, the API's pipeline;
 * lib/console, the console's server side; lib/cli, the command line), lib/db below them, and Prisma's
 * generated client. lib/*.ts are shared helpers of the same rank as a domain.
 */
const DOMAIN = ["lib/!(http|console|cli|db|generated)/**", "lib/*.ts"];

/**
 * The layers of docs/style.md, app → lib/http → lib/<domain> → lib/db, as import/no-restricted-paths
 * zones (eslint-plugin-import, part of eslint-config-next): each specifier is resolved to a file —
 * through the @/ alias, a relative path, `export … from` or a dynamic import() — so a zone catches an
 * import however it is spelled. `except` is relative to `from`.
 *
 * @param {{ domainMayImportHttp?: boolean, dbMayImport?: string[] }} [exceptions] a file's named
 *   exceptions, granted below in one place (HTTP_EXEMPT and DB_EXEMPT)
 */
function layerZones({ domainMayImportHttp = false, dbMayImport = [] } = {}) {
  return [
    ...(domainMayImportHttp
      ? []
      : [
          {
            target: DOMAIN,
            from: "lib/http",
            message:
              "Domain code must not import lib/http: throw DomainError from @/lib/errors, or return a typed outcome and map it in lib/http (docs/style.md, Layers).",
          },
        ]),
    {
      target: DOMAIN,
      from: ["lib/console", "lib/cli"],
      message:
        "Domain code must not import lib/console or lib/cli: they call domains, not the reverse (docs/style.md, Layers).",
    },
    {
      target: "lib/http/**",
      from: ["lib/console", "lib/cli"],
      message: "lib/http is the API's pipeline: it imports neither the console nor the CLI.",
    },
    {
      target: "lib/console/**",
      from: ["lib/http", "lib/cli"],
      message: "lib/console is the console's server side: it imports neither the API's pipeline nor the CLI.",
    },
    {
      target: "lib/**",
      from: ["app", "components", "scripts", "tests", "bench"],
      message: "lib/ must not import app/, components/, scripts/, tests/ or bench/: calls go down the layers.",
    },
    {
      target: "lib/db/**",
      from: "lib",
      // lib/db may use itself, the configuration, the data directory, Prisma's generated client and
      // lib/platform, the machinery it runs on (the embedded PostgreSQL server, the schema engine),
      // and lib/logging, the one logger (which imports no domain either).
      except: ["./db", "./config.ts", "./data-dir.ts", "./generated", "./platform", "./logging", ...dbMayImport],
      message: "lib/db is below every domain and imports none of them (docs/style.md, Layers).",
    },
  ];
}

const NO_DEEP_RELATIVE = {
  regex: "^\\.\\./\\.\\./",
  message: "No deep relative imports: name the module from the root with the @/ alias.",
};

/** Outside systems' SDKs: only their connector (lib/connectors/<name>/) imports one (STYLE: connectors). */
const CONNECTOR_SDKS = ["lithic"];

/**
 * Files allowed to import lib/http, each for a named reason. tests/unit/layers.test.ts keeps the same
 * list and fails when an entry no longer imports lib/http, so neither list can go stale.
 */
const HTTP_EXEMPT = {
  // The OpenAPI document describes the HTTP surface itself.
  "lib/openapi/error-examples.ts": "renders example envelopes with ApiError, errorBody and MAX_BODY_BYTES",
  "lib/openapi/operation.ts": "documents each code's status through errorStatus",
};

/** lib/db's imports of domain code: known gaps (docs/style.md, Known gaps), not precedents. */
const DB_EXEMPT = {
  // Installs graphile-worker's tables beside ours; the queue's schema belongs to lib/webhooks.
  "lib/db/migrate-database.ts": ["./webhooks/queue-schema.ts"],
};

export default tseslint.config(
  {
    ignores: [
      "lib/generated/**",
      "lib/client/openapi-types.ts",
      ".next*/**",
      "node_modules/**",
      "packages/*/dist/**",
      "playwright-report/**",
      "test-results/**",
      "coverage/**",
      // Only SOURCES are linted: not the configuration files at the root, bin/, packages/ or prisma/.
      "*.{js,mjs,cjs,ts}",
      "bin/**",
      "packages/**",
      "prisma/**",
    ],
  },
  {
    files: SOURCES,
    extends: [js.configs.recommended, ...nextVitals, ...tseslint.configs.strict],
    linterOptions: { reportUnusedDisableDirectives: "error" },
    rules: {
      "import/no-restricted-paths": ["error", { zones: layerZones() }],
      "no-restricted-imports": ["error", { patterns: [NO_DEEP_RELATIVE] }],
      // A leading underscore names what is left out on purpose: `const { rawBody: _ignored, ...input } = …`.
      "@typescript-eslint/no-unused-vars": [
        "error",
        {
          argsIgnorePattern: "^_",
          varsIgnorePattern: "^_",
          caughtErrorsIgnorePattern: "^_",
          destructuredArrayIgnorePattern: "^_",
        },
      ],
      // A `let` a cleanup closure reads before the value is assigned (scripts/e2e-server.ts's
      // `server`) must stay a `let`: as a `const` declared later, an early signal would hit its TDZ.
      "prefer-const": ["error", { ignoreReadBeforeAssign: true }],
      // Apostrophes and quotes are prose in JSX text; only the characters that mean a typo are refused.
      "react/no-unescaped-entities": ["error", { forbid: [">", "}"] }],
    },
  },
  {
    // React's rules only where React code lives: lib/, scripts/, tests/ and bench/ hold no
    // components, and there a function named use… means "use this", not a hook.
    files: SOURCES,
    ignores: REACT_SOURCES,
    rules: Object.fromEntries(
      Object.keys(nextVitals.find((config) => config.name === "next")?.rules ?? {})
        .filter((rule) => /^(react|react-hooks|jsx-a11y)\//.test(rule))
        .map((rule) => [rule, "off"]),
    ),
  },
  {
    // The domains speak the connectors' ports, never a processor's SDK: swapping processors, or
    // testing through the simulator, then touches no domain code.
    files: ["{app,lib,components}/**/*.{ts,tsx}"],
    ignores: ["lib/connectors/**"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          paths: CONNECTOR_SDKS.map((name) => ({
            name,
            message: `Only lib/connectors/ imports ${name}: call the port in lib/<domain>/ instead.`,
          })),
          patterns: [NO_DEEP_RELATIVE],
        },
      ],
    },
  },
  {
    files: ["tests/**/*.{ts,tsx}"],
    rules: {
      // Tests assert on what they have just created or fetched; under noUncheckedIndexedAccess a `!`
      // there is the assertion, and a wrong one fails the test at once (312 uses).
      "@typescript-eslint/no-non-null-assertion": "off",
      // Tests build child-process environments by deleting variables from a copy of process.env.
      "@typescript-eslint/no-dynamic-delete": "off",
    },
  },
  ...Object.entries(HTTP_EXEMPT).map(([file]) => ({
    files: [file],
    rules: { "import/no-restricted-paths": ["error", { zones: layerZones({ domainMayImportHttp: true }) }] },
  })),
  ...Object.entries(DB_EXEMPT).map(([file, dbMayImport]) => ({
    files: [file],
    rules: { "import/no-restricted-paths": ["error", { zones: layerZones({ dbMayImport }) }] },
  })),
);
