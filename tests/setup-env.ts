// Runs in every test worker before its test files: points them at this run's database and
// per-run settings, as provided by tests/global-setup.ts.
import { inject } from "vitest";

process.env.DATABASE_URL = inject("databaseUrl");
process.env.RATE_LIMIT_PREFIX = inject("rateLimitPrefix");
process.env.SECRETS_KEY = inject("secretsKey");
