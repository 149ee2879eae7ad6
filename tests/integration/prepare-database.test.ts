// The service refuses to serve on a database with pending migrations, and names the fix.
import { randomBytes } from "node:crypto";
import { afterAll, describe, expect, it } from "vitest";
import { prepareDatabase, UnmigratedDatabaseError } from "@/lib/db/prepare-database";
import { adminQuery, quoteIdent, withDatabase } from "@/lib/db/sql";

const serverUrl = process.env.DATABASE_URL!;
const scratch = `scratch_${randomBytes(4).toString("hex")}`;

afterAll(async () => {
  await adminQuery(serverUrl, `DROP DATABASE IF EXISTS ${quoteIdent(scratch)} WITH (FORCE)`);
});

describe("prepareDatabase", () => {
  it("refuses an unmigrated DATABASE_URL with a message naming npm run db:migrate", async () => {
    await adminQuery(serverUrl, `CREATE DATABASE ${quoteIdent(scratch)}`);
    const saved = process.env.DATABASE_URL;
    process.env.DATABASE_URL = withDatabase(serverUrl, scratch);
    try {
      const error = await prepareDatabase().then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(UnmigratedDatabaseError);
      expect((error as Error).message).toMatch(/npm run db:migrate/);
      expect((error as UnmigratedDatabaseError).pending.length).toBeGreaterThan(0);
    } finally {
      process.env.DATABASE_URL = saved;
    }
  });

  it("accepts the migrated test database", async () => {
    const prepared = await prepareDatabase();
    expect(prepared.embedded).toBe(false);
    expect(prepared.url).toBe(process.env.DATABASE_URL);
  });
});
