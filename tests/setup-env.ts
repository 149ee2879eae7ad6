// Runs in every test worker before its test files: points them at this run's database and
// per-run settings, as provided by tests/global-setup.ts.
import { inject } from "vitest";

process.env.DATABASE_URL = inject("databaseUrl");
process.env.RATE_LIMIT_PREFIX = inject("rateLimitPrefix");
process.env.SECRETS_KEY = inject("secretsKey");
// The tests run the service against receivers on this machine's loopback (127.0.0.1), as a
// developer's `npm run dev` does; a hosted deployment refuses them (docs/decisions/loopback-endpoints.md).
// A test file about that refusal sets "false" before anything reads the configuration.
process.env.ALLOW_LOOPBACK_ENDPOINTS ??= "true";
