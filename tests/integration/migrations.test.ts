// Checks that the test run's database is the one global setup created and that it is fully migrated.
import pg from "pg";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { listMigrations, pendingMigrations } from "@/lib/db/migrations";

describe("test database", () => {
  const url = process.env.DATABASE_URL ?? "";
  const client = new pg.Client({ connectionString: url });

  beforeAll(async () => {
    await client.connect();
  });
  afterAll(async () => {
    await client.end();
  });

  it("is this run's own database, seen by the worker's environment", async () => {
    expect(url).toBe(inject("databaseUrl"));
    const { rows } = await client.query<{ name: string }>("SELECT current_database() AS name");
    expect(rows[0]?.name).toMatch(/^test_\d{13}_[0-9a-f]{8}$/);
    expect(process.env.RATE_LIMIT_PREFIX).toBe(inject("rateLimitPrefix"));
    expect(Buffer.from(process.env.SECRETS_KEY ?? "", "base64")).toHaveLength(32);
  });

  it("has every migration applied", async () => {
    expect(await listMigrations()).not.toHaveLength(0);
    expect(await pendingMigrations(url)).toEqual([]);
  });

  it("has the schema's tables", async () => {
    const { rows } = await client.query<{ name: string | null }>(`SELECT to_regclass('public."Wallet"')::text AS name`);
    expect(rows[0]?.name).toBe('"Wallet"');
    await expect(client.query(`SELECT count(*) FROM "LedgerEntry"`)).resolves.toBeTruthy();
  });
});
