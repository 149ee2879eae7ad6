// The database's own guards on spending controls (migration spending_controls), shown with plain SQL
// through `pg`: a running total never below 0, a window starting where its interval's calendar
// window does (UTC), categories of four digits, stored controls as JSON objects.
import { randomBytes } from "node:crypto";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const CHECK = "23514";
const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
const run = randomBytes(4).toString("hex");

async function insertTotal(row: { interval: string; windowStart: string; categories?: string[]; spent?: number }) {
  try {
    await client.query(
      `INSERT INTO "SpendingTotal" ("subjectId", "windowStart", "limitKey", "interval", "categories", "spent", "updatedAt")
       VALUES ($1, $2::timestamp, $3, $4::"SpendingInterval", $5::text[], $6, now())`,
      [
        `card_st${run}_${Math.random()}`,
        row.windowStart,
        row.interval,
        row.interval,
        row.categories ?? [],
        row.spent ?? 0,
      ],
    );
    return null;
  } catch (error) {
    if (error instanceof pg.DatabaseError) return { code: error.code, constraint: error.constraint };
    throw error;
  }
}

beforeAll(async () => {
  await client.connect();
});

afterAll(async () => {
  await client.query(`DELETE FROM "SpendingTotal" WHERE "subjectId" LIKE $1`, [`card_st${run}_%`]);
  await client.end();
});

describe("spending totals in the database", () => {
  it("accepts each interval's own calendar window start", async () => {
    expect(await insertTotal({ interval: "daily", windowStart: "2026-11-26 00:00:00" })).toBeNull();
    expect(await insertTotal({ interval: "weekly", windowStart: "2026-11-23 00:00:00" })).toBeNull(); // a Monday
    expect(await insertTotal({ interval: "monthly", windowStart: "2026-11-01 00:00:00" })).toBeNull();
    expect(await insertTotal({ interval: "yearly", windowStart: "2026-01-01 00:00:00" })).toBeNull();
    expect(
      await insertTotal({ interval: "all_time", windowStart: "1970-01-01 00:00:00", categories: ["5814"] }),
    ).toBeNull();
  });

  it("refuses a window that does not start where its interval's does", async () => {
    const refused = { code: CHECK, constraint: "SpendingTotal_window_start" };
    expect(await insertTotal({ interval: "daily", windowStart: "2026-11-26 01:00:00" })).toEqual(refused);
    expect(await insertTotal({ interval: "weekly", windowStart: "2026-11-24 00:00:00" })).toEqual(refused); // a Tuesday
    expect(await insertTotal({ interval: "monthly", windowStart: "2026-11-02 00:00:00" })).toEqual(refused);
    expect(await insertTotal({ interval: "yearly", windowStart: "2026-02-01 00:00:00" })).toEqual(refused);
    expect(await insertTotal({ interval: "all_time", windowStart: "2026-01-01 00:00:00" })).toEqual(refused);
  });

  it("refuses a negative total and a category that is not four digits", async () => {
    expect(await insertTotal({ interval: "daily", windowStart: "2026-11-26 00:00:00", spent: -1 })).toEqual({
      code: CHECK,
      constraint: "SpendingTotal_spent_not_negative",
    });
    expect(await insertTotal({ interval: "daily", windowStart: "2026-11-26 00:00:00", categories: ["581"] })).toEqual({
      code: CHECK,
      constraint: "SpendingTotal_categories_mcc",
    });
  });

  it("declares stored controls JSON objects on cards and wallets", async () => {
    const { rows } = await client.query<{ conname: string; def: string }>(
      `SELECT conname, pg_get_constraintdef(oid) AS def FROM pg_constraint
       WHERE conname IN ('Card_spending_controls_object', 'Wallet_spending_controls_object') ORDER BY conname`,
    );
    expect(rows.map((r) => r.conname)).toEqual(["Card_spending_controls_object", "Wallet_spending_controls_object"]);
    for (const row of rows) expect(row.def).toContain("jsonb_typeof");
  });
});
