// Secrets shown once stay out of the database in the clear: a statement's verification token, even
// inside the stored response that an Idempotency-Key replay returns, API keys and webhook secrets.
// The proof scans every text-like column of every table in the test database for them.
import { describe, expect, it } from "vitest";
import { POST as createStatement } from "@/app/api/public/sdk/v1/wallets/[externalUserId]/statements/route";
import { POST as createWallet } from "@/app/api/public/sdk/v1/wallets/route";
import { mintKey } from "@/lib/console/mint-key";
import { rollSecret } from "@/lib/console/roll-secret";
import { prisma } from "@/lib/db/client";
import { requestFingerprint } from "@/lib/http/idempotency";
import { newId } from "@/lib/ids";
import { callRoute } from "../helpers/call-route";
import { setupApp, uniqueUserId } from "../helpers/fixtures";

type Column = { table_schema: string; table_name: string; column_name: string; data_type: string };

// Every column that can hold text: strings, JSON, arrays (of strings) and raw bytes.
const TEXT_LIKE = ["text", "character varying", "character", "json", "jsonb", "ARRAY", "bytea"];

const quote = (identifier: string) => `"${identifier.replaceAll('"', '""')}"`;

async function textColumns(): Promise<Column[]> {
  return prisma().$queryRawUnsafe<Column[]>(
    `SELECT c.table_schema, c.table_name, c.column_name, c.data_type
       FROM information_schema.columns c
       JOIN information_schema.tables t ON t.table_schema = c.table_schema AND t.table_name = c.table_name
      WHERE t.table_type = 'BASE TABLE'
        AND c.table_schema NOT IN ('pg_catalog', 'information_schema')
        AND c.table_schema NOT LIKE 'pg_toast%'
        AND c.data_type = ANY($1::text[])
      ORDER BY 1, 2, 3`,
    TEXT_LIKE,
  );
}

/** "schema.table.column" for every column in which `needle` occurs: one scan per table. */
async function whereStored(columns: Column[], needle: string): Promise<string[]> {
  const tables = new Map<string, Column[]>();
  for (const column of columns) {
    const table = `${quote(column.table_schema)}.${quote(column.table_name)}`;
    tables.set(table, [...(tables.get(table) ?? []), column]);
  }
  const found: string[] = [];
  for (const [table, tableColumns] of tables) {
    const tests = tableColumns.map((column, i) => {
      const target = quote(column.column_name);
      const contains =
        column.data_type === "bytea"
          ? `position(convert_to($1, 'UTF8') in ${target}) > 0`
          : `position($1 in ${target}::text) > 0`;
      return `coalesce(bool_or(${contains}), false) AS c${i}`;
    });
    const [row] = await prisma().$queryRawUnsafe<Record<string, boolean>[]>(
      `SELECT ${tests.join(", ")} FROM ${table}`,
      needle,
    );
    tableColumns.forEach((column, i) => {
      if (row?.[`c${i}`]) found.push(`${column.table_schema}.${column.table_name}.${column.column_name}`);
    });
  }
  return found;
}

describe("secrets at rest", () => {
  it("stores no plaintext statement token, even in the response an Idempotency-Key replays, and the replay still shows it", async () => {
    const app = await setupApp();
    const userId = uniqueUserId();
    const wallet = await callRoute(createWallet, {
      method: "POST",
      path: "/api/public/sdk/v1/wallets",
      key: app.key,
      body: { externalUserId: userId, currency: "USD", email: "ada@example.com", name: "Ada Obi" },
    });
    expect(wallet.status).toBe(201);

    const today = new Date().toISOString().slice(0, 10);
    const issue = () =>
      callRoute(createStatement, {
        method: "POST",
        path: `/api/public/sdk/v1/wallets/${userId}/statements`,
        key: app.key,
        params: { externalUserId: userId },
        body: { periodStart: today, periodEnd: today },
        headers: { "idempotency-key": `stmt-${userId}` },
      });
    const first = await issue();
    expect(first.status).toBe(201);
    const token: string = first.json.token;
    expect(token).toMatch(/^vst_[0-9A-Za-z]{32}$/);

    // The replay is the original response, byte for byte but for idempotent_replay, token included.
    const replay = await issue();
    expect(replay.status).toBe(201);
    expect(replay.headers.get("idempotent-replayed")).toBe("true");
    expect(replay.text).toBe(first.text.replace('"idempotent_replay":false', '"idempotent_replay":true'));
    expect(replay.json.token).toBe(token);
    // ...and it came from a stored record, not a second statement.
    const record = await prisma().idempotencyRecord.findFirstOrThrow({
      where: { applicationId: app.appId, key: `stmt-${userId}` },
    });
    expect(record.state).toBe("completed");
    expect(record.responseBody).toBeTruthy();
    expect(await prisma().statement.count({ where: { walletId: first.json.walletId } })).toBe(1);

    const columns = await textColumns();
    expect(columns.map((c) => `${c.table_name}.${c.column_name}`)).toContain("IdempotencyRecord.responseBody");
    // The scan finds what is stored in the clear: the statement's id and holder name are.
    expect(await whereStored(columns, first.json.id)).toContain("public.Statement.id");
    // The Idempotency-Key is no secret: its record keeps it, and so may the request log's line (written
    // after the answer, so it may or may not be there yet).
    const keyStored = await whereStored(columns, `stmt-${userId}`);
    expect(keyStored).toContain("public.IdempotencyRecord.key");
    expect(keyStored.filter((at) => at !== "public.RequestLog.idempotencyKey")).toEqual([
      "public.IdempotencyRecord.key",
    ]);

    expect(await whereStored(columns, token)).toEqual([]);
    expect(await whereStored(columns, token.slice("vst_".length))).toEqual([]);
  });

  it("stores no plaintext API key or webhook signing secret", async () => {
    const app = await setupApp();
    const context = { merchantId: app.merchant.id, ipAddress: "127.0.0.1" };
    const minted = await mintKey(prisma(), context, app.appId, {
      name: "scan",
      mode: "test",
      scopes: ["wallets:read"],
    });
    const rolled = await rollSecret(prisma(), context, app.appId, { mode: "test", activation: "1h" });

    const columns = await textColumns();
    expect(await whereStored(columns, minted.id)).toContain("public.ApiKey.id");
    for (const secret of [app.key, minted.secret, app.webhookSecrets.test, app.webhookSecrets.live, rolled.secret]) {
      expect(await whereStored(columns, secret), secret.slice(0, 8)).toEqual([]);
      // The random part alone, in case a prefix were stored apart from it.
      expect(await whereStored(columns, secret.replace(/^(sk_(test|live)_|whsec_)/, "")), secret.slice(0, 8)).toEqual(
        [],
      );
    }
  });

  it("still replays a response stored in the clear before responses were sealed", async () => {
    const app = await setupApp();
    const path = "/api/public/sdk/v1/wallets";
    const body = { externalUserId: uniqueUserId(), currency: "USD", email: "ada@example.com" };
    const stored = JSON.stringify({ id: "wal_stored", object: "wallet", idempotent_replay: false });
    const now = Date.now();
    await prisma().idempotencyRecord.create({
      data: {
        id: newId("idem"),
        applicationId: app.appId,
        livemode: false,
        key: "stored-in-the-clear",
        requestHash: requestFingerprint("POST", path, body),
        state: "completed",
        responseStatus: 201,
        responseBody: stored,
        lockedUntil: new Date(now),
        expiresAt: new Date(now + 60_000),
      },
    });
    const res = await createWallet(
      new Request(`http://localhost${path}`, {
        method: "POST",
        headers: {
          authorization: `Bearer ${app.key}`,
          "content-type": "application/json",
          "idempotency-key": "stored-in-the-clear",
        },
        body: JSON.stringify(body),
      }),
    );
    expect(res.status).toBe(201);
    expect(await res.text()).toBe(stored.replace('"idempotent_replay":false', '"idempotent_replay":true'));
  });
});
