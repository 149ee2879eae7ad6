// The baseline's data access: plain `pg`, issuing the same statements, in the same order and the same
// transactions, as our routes do through Prisma (captured from a query trace of the real handlers;
// bench/README.md lists where it differs). Rows come back as pg gives them: int8 as strings.
import pg from "pg";
import { ApiError, type ErrorCode } from "@/lib/http/errors";
import { openStoredResponse, sealStoredResponse } from "@/lib/http/idempotency";
import { newId } from "@/lib/ids";
import { WINDOW_INTERVALS } from "@/lib/schemas/spending-controls";
import { windowStart } from "@/lib/spending-controls/windows";
import type { Tenant } from "@/lib/tenant";
import { newAccountNumber } from "@/lib/wallets/account-number";

// PostgreSQL `timestamp(3)` (no zone) holds UTC, as Prisma writes it; pg would read it as local time.
pg.types.setTypeParser(1114, (text) => new Date(`${text.replace(" ", "T")}Z`));

/** The literal Prisma sends for a DateTime: UTC, no zone. */
function timestamp(date: Date): string {
  return date.toISOString().replace("T", " ").replace("Z", "");
}

export async function inTransaction<T>(pool: pg.Pool, work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query("BEGIN");
    const result = await work(client);
    await client.query("COMMIT");
    return result;
  } catch (error) {
    await client.query("ROLLBACK").catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}

type Queryable = pg.Pool | pg.PoolClient;

const KEY_COLUMNS = `"id", "applicationId", "livemode", "name", "hashedKey", "prefix", "last4", "scopes", "allowedIps", "createdAt", "lastUsedAt", "revokedAt"`;
const IDEMPOTENCY_COLUMNS = `"id", "applicationId", "livemode", "key", "requestHash", "state", "responseStatus", "responseBody", "lockedUntil", "createdAt", "expiresAt"`;

export type KeyRow = {
  id: string;
  applicationId: string;
  livemode: boolean;
  scopes: string[];
  allowedIps: string[];
  lastUsedAt: Date | null;
  revokedAt: Date | null;
};

export async function findKey(db: Queryable, hashedKey: string): Promise<KeyRow | undefined> {
  const { rows } = await db.query<KeyRow>(`SELECT ${KEY_COLUMNS} FROM "ApiKey" WHERE "hashedKey" = $1 LIMIT 1`, [
    hashedKey,
  ]);
  return rows[0];
}

export async function touchKey(db: Queryable, keyId: string): Promise<void> {
  await db.query(`UPDATE "ApiKey" SET "lastUsedAt" = $1 WHERE "id" = $2 RETURNING ${KEY_COLUMNS}`, [
    timestamp(new Date()),
    keyId,
  ]);
}

export type WalletRow = {
  id: string;
  livemode: boolean;
  externalUserId: string;
  email: string;
  name: string | null;
  address: unknown;
  currency: string;
  accountNumber: string;
  status: string;
  spendingControls: unknown;
  createdAt: Date;
};
export type AccountRow = { id: string; postedMinor: string; heldMinor: string };

export async function findWallet(
  db: Queryable,
  tenant: Tenant,
  externalUserId: string,
): Promise<{ wallet: WalletRow; account: AccountRow | undefined } | undefined> {
  // As ours: the wallet and its balances in one statement.
  const { rows } = await db.query<WalletRow & { accountId: string | null; postedMinor: string; heldMinor: string }>(
    `SELECT w.*, a."id" AS "accountId", a."postedMinor", a."heldMinor"
     FROM "Wallet" w LEFT JOIN "LedgerAccount" a ON a."walletId" = w."id"
     WHERE w."applicationId" = $1 AND w."livemode" = $2 AND w."externalUserId" = $3`,
    [tenant.applicationId, tenant.livemode, externalUserId],
  );
  const row = rows[0];
  if (!row) return undefined;
  const { accountId, postedMinor, heldMinor, ...wallet } = row;
  return { wallet, account: accountId === null ? undefined : { id: accountId, postedMinor, heldMinor } };
}

/**
 * As ours (readTotals in lib/spending-controls/totals.ts): the wallet's running totals in the windows
 * containing `at`, one statement whether or not the wallet has controls. limitKey → spent.
 */
export async function readSpendingTotals(db: Queryable, walletId: string, at: Date): Promise<Map<string, bigint>> {
  const { rows } = await db.query<{ limitKey: string; spent: string }>(
    `SELECT t."subjectId", t."limitKey", t."spent"
     FROM unnest($1::"SpendingInterval"[], $2::timestamp(3)[]) AS w("interval", "start")
     JOIN "SpendingTotal" t ON t."windowStart" = w."start" AND t."interval" = w."interval"
     WHERE t."subjectId" = ANY($3::text[])`,
    [[...WINDOW_INTERVALS], WINDOW_INTERVALS.map((i) => windowStart(i, at)), [walletId]],
  );
  return new Map(rows.map((row) => [row.limitKey, BigInt(row.spent)]));
}

// --- Idempotency (lib/http/idempotency.ts) ---

const IDEMPOTENCY_WINDOW_MS = 24 * 60 * 60 * 1000;
const IDEMPOTENCY_LOCK_MS = 60_000;

export type Claim = { kind: "claimed"; recordId: string } | { kind: "replay"; status: number; body: string };

export async function claimIdempotencyKey(
  db: Queryable,
  tenant: Tenant,
  key: string,
  fingerprint: string,
): Promise<Claim> {
  const now = new Date();
  const inserted = await db.query<{ id: string }>(
    `INSERT INTO "IdempotencyRecord"
      ("id", "applicationId", "livemode", "key", "requestHash", "state", "lockedUntil", "createdAt", "expiresAt")
     VALUES ($1, $2, $3, $4, $5, 'in_progress', $6, $7, $8)
     ON CONFLICT ("applicationId", "livemode", "key") DO NOTHING RETURNING "id"`,
    [
      newId("idem"),
      tenant.applicationId,
      tenant.livemode,
      key,
      fingerprint,
      timestamp(new Date(now.getTime() + IDEMPOTENCY_LOCK_MS)),
      timestamp(now),
      timestamp(new Date(now.getTime() + IDEMPOTENCY_WINDOW_MS)),
    ],
  );
  const claimed = inserted.rows[0];
  if (claimed) return { kind: "claimed", recordId: claimed.id };
  const existing = await db.query<{
    id: string;
    requestHash: string;
    state: string;
    responseStatus: number | null;
    responseBody: string | null;
  }>(
    `SELECT ${IDEMPOTENCY_COLUMNS} FROM "IdempotencyRecord" WHERE "applicationId" = $1 AND "livemode" = $2 AND "key" = $3 LIMIT 1`,
    [tenant.applicationId, tenant.livemode, key],
  );
  const record = existing.rows[0];
  if (record && record.requestHash !== fingerprint) {
    throw new ApiError("idempotency_key_reused", "This Idempotency-Key was already used with a different request.");
  }
  if (record?.state === "completed" && record.responseStatus !== null && record.responseBody !== null) {
    return { kind: "replay", status: record.responseStatus, body: openStoredResponse(record.id, record.responseBody) };
  }
  // Expired records and stale claims are taken over by our service; the benchmark never makes either.
  throw new ApiError("idempotency_in_progress", "A request with this Idempotency-Key is still being processed.");
}

export async function completeIdempotencyKey(
  db: Queryable,
  recordId: string,
  status: number,
  body: string,
): Promise<void> {
  await db.query(
    `UPDATE "IdempotencyRecord" SET "state" = $1, "responseStatus" = $2, "responseBody" = $3 WHERE "id" = $4`,
    // Sealed with the record's id, as ours stores every response.
    ["completed", status, sealStoredResponse(recordId, body), recordId],
  );
}

export async function releaseIdempotencyKey(db: Queryable, recordId: string): Promise<void> {
  await db.query(`DELETE FROM "IdempotencyRecord" WHERE "id" = $1 AND "state" = 'in_progress'`, [recordId]);
}

// --- Events and their webhook deliveries (lib/events/record-event.ts, lib/webhooks/fan-out.ts) ---

export async function recordEvent(
  db: pg.PoolClient,
  tenant: Tenant,
  type: string,
  data: { id?: unknown; walletId?: unknown },
): Promise<void> {
  const eventId = newId("evt");
  // As ours: the wallet's next sequence number, the event and its endpoints in one statement, then
  // the deliveries and their jobs.
  const { rows } = await db.query<{ endpointIds: string[] }>(
    `WITH next AS (
       UPDATE "Wallet" SET "eventSequence" = "eventSequence" + 1 WHERE "id" = $6 RETURNING "id", "eventSequence"
     ), event AS (
       INSERT INTO "Event" ("id", "applicationId", "livemode", "type", "data", "walletId", "sequence", "createdAt")
       SELECT $1, $2, $3, $4, $5::jsonb, next."id", next."eventSequence", $7 FROM next
       RETURNING *
     )
     SELECT event.*, ARRAY(
       SELECT e."id" FROM "WebhookEndpoint" e
       WHERE e."applicationId" = event."applicationId" AND e."livemode" = event."livemode" AND e."enabled"
         AND (cardinality(e."events") = 0 OR event."type" = ANY(e."events"))
       ORDER BY e."id") AS "endpointIds"
     FROM event`,
    [
      eventId,
      tenant.applicationId,
      tenant.livemode,
      type,
      JSON.stringify(data),
      type === "wallet.provisioned" ? data.id : data.walletId,
      timestamp(new Date()),
    ],
  );
  const endpointIds = rows[0]?.endpointIds ?? [];
  if (endpointIds.length === 0) return;
  const deliveryIds = endpointIds.map(() => newId("whd"));
  const at = timestamp(new Date());
  // As ours (lib/webhooks/fan-out.ts insertDeliveries): the deliveries, then their jobs.
  await db.query(
    `INSERT INTO "WebhookDelivery"
       ("id", "applicationId", "livemode", "eventId", "endpointId", "status", "nextAttemptAt", "createdAt", "updatedAt")
     SELECT d.id, $1, $2, $3, d.endpoint, 'pending', $4, $4, $4
     FROM unnest($5::text[], $6::text[]) AS d(id, endpoint)`,
    [tenant.applicationId, tenant.livemode, eventId, at, deliveryIds, endpointIds],
  );
  await db.query(
    `SELECT graphile_worker.add_job(identifier => 'webhook_deliver', payload => j.payload, run_at => $1,
       max_attempts => 25, job_key => j.key, flags => ARRAY[j.flag])
     FROM unnest($2::json[], $3::text[], $4::text[]) AS j(payload, key, flag)`,
    [
      timestamp(new Date()),
      deliveryIds.map((deliveryId, i) =>
        JSON.stringify({ deliveryId, endpointId: endpointIds[i], trigger: "retry", retryNumber: 1 }),
      ),
      deliveryIds.map((deliveryId) => `${deliveryId}:retry:1`),
      endpointIds.map((endpointId) => `endpoint:${endpointId}`),
    ],
  );
}

// --- POST /wallets (lib/wallets/create-wallet.ts) ---

export type NewWallet = { externalUserId: string; email: string; name: string | null; currency: string };

export async function insertWallet(
  db: pg.PoolClient,
  tenant: Tenant,
  input: NewWallet,
  render: (wallet: WalletRow, account: AccountRow | undefined) => Record<string, unknown>,
): Promise<Record<string, unknown>> {
  // As ours: wallet and ledger account in one statement, ON CONFLICT DO NOTHING, and the existing
  // wallet looked for only when nothing was inserted (ours draws a taken account number again).
  const { rows } = await db.query<WalletRow & { postedMinor: string; heldMinor: string; accountId: string }>(
    `WITH wallet AS (
       INSERT INTO "Wallet"
         ("id", "applicationId", "livemode", "externalUserId", "email", "name", "address", "currency", "accountNumber",
          "createdAt")
       VALUES ($1, $2, $3, $4, $5, $6, $7::jsonb, $8, $9, $11)
       ON CONFLICT DO NOTHING
       RETURNING *
     ), account AS (
       INSERT INTO "LedgerAccount" ("id", "applicationId", "livemode", "kind", "currency", "walletId", "createdAt")
       SELECT $10, wallet."applicationId", wallet."livemode", 'wallet', wallet."currency", wallet."id", wallet."createdAt"
       FROM wallet
       RETURNING "id", "postedMinor", "heldMinor"
     )
     SELECT wallet.*, account."id" AS "accountId", account."postedMinor", account."heldMinor" FROM wallet, account`,
    [
      newId("wal"),
      tenant.applicationId,
      tenant.livemode,
      input.externalUserId,
      input.email,
      input.name,
      null,
      input.currency,
      newAccountNumber(),
      newId("lacct"),
      timestamp(new Date()),
    ],
  );
  const row = rows[0];
  if (!row) {
    const existing = await db.query(
      `SELECT "id" FROM "Wallet" WHERE "applicationId" = $1 AND "livemode" = $2 AND "externalUserId" = $3 LIMIT 1`,
      [tenant.applicationId, tenant.livemode, input.externalUserId],
    );
    if (existing.rows.length > 0) {
      throw new ApiError("wallet_exists", `A wallet for externalUserId ${input.externalUserId} already exists.`, {
        param: "externalUserId",
      });
    }
    throw new Error("the account number clashed (the benchmark does not redraw account numbers)");
  }
  const { accountId, postedMinor, heldMinor, ...wallet } = row;
  const account: AccountRow = { id: accountId, postedMinor, heldMinor };
  const record = render(wallet, account);
  await recordEvent(db, tenant, "wallet.provisioned", record);
  return record;
}

// --- POST /cards/{id}/authorizations (lib/authorizations/spend-card.ts) ---

export type CardRow = { id: string; walletId: string; currency: string; spendLimit: string | null; status: string };
export type AuthorizationRow = {
  id: string;
  cardId: string;
  walletId: string;
  currency: string;
  amount: string;
  status: string;
  declineCode: string | null;
  capturedAmount: string;
  refundedAmount: string;
  merchant: { name?: string; category?: string; country?: string };
  source: string;
  livemode: boolean;
  expiresAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
};

export type SpendInput = {
  currency: string | undefined;
  /** Minor units, once the card's currency is known. */
  amountFor: (currency: string) => bigint;
  merchant: { name: string; category?: string; country?: string };
};

export type SpendOutcome = {
  authorization: AuthorizationRow;
  externalUserId: string;
  decline?: { code: ErrorCode; message: string };
};

export async function authorizeSpend(
  db: pg.PoolClient,
  tenant: Tenant,
  cardId: string,
  input: SpendInput,
  render: (row: AuthorizationRow, externalUserId: string) => Record<string, unknown>,
): Promise<SpendOutcome> {
  // As lib/cards/find-card.ts findCardToSpend: card, wallet and the wallet's ledger account, locked
  // and read in one statement.
  const card = (
    await db.query<
      CardRow & {
        walletExternalUserId: string;
        walletStatus: string;
        accountId: string;
        postedMinor: string;
        heldMinor: string;
      }
    >(
      `SELECT c.*, w."externalUserId" AS "walletExternalUserId", w."status" AS "walletStatus",
         a."id" AS "accountId", a."postedMinor", a."heldMinor"
       FROM "Card" c JOIN "Wallet" w ON w."id" = c."walletId" JOIN "LedgerAccount" a ON a."walletId" = c."walletId"
       WHERE c."id" = $1 AND c."applicationId" = $2 AND c."livemode" = $3
       FOR SHARE OF c FOR UPDATE OF a`,
      [cardId, tenant.applicationId, tenant.livemode],
    )
  ).rows[0];
  if (!card) throw new ApiError("card_not_found", `No card ${cardId} exists.`, { param: "id" });
  const wallet = { externalUserId: card.walletExternalUserId, status: card.walletStatus };
  const account: AccountRow = { id: card.accountId, postedMinor: card.postedMinor, heldMinor: card.heldMinor };
  const currency = input.currency ?? card.currency;
  const amount = input.amountFor(currency);

  const available = BigInt(account.postedMinor) - BigInt(account.heldMinor);
  const decline: SpendOutcome["decline"] =
    currency !== card.currency
      ? { code: "card_currency_mismatch", message: `The card spends ${card.currency}, not ${currency}.` }
      : card.status !== "active"
        ? { code: "card_inactive", message: `The card is ${card.status}.` }
        : wallet.status !== "active"
          ? { code: "card_inactive", message: `The card's wallet is ${wallet.status}.` }
          : card.spendLimit !== null && amount > BigInt(card.spendLimit)
            ? { code: "spend_limit_exceeded", message: "The amount exceeds the card's limit per authorization." }
            : amount > available
              ? { code: "insufficient_funds", message: "The wallet's available balance is too low." }
              : undefined;

  const approvedAt = new Date();
  const now = timestamp(approvedAt);
  // As ours (lib/authorizations/hold-expiry.ts): an approved hold lapses after 7 days (the default
  // AUTHORIZATION_HOLD_DAYS), one keyed job per hold.
  const expiresAt = decline === undefined ? new Date(approvedAt.getTime() + 7 * 86_400_000) : null;
  const merchant = {
    name: input.merchant.name,
    ...(input.merchant.category !== undefined ? { category: input.merchant.category } : {}),
    ...(input.merchant.country !== undefined ? { country: input.merchant.country } : {}),
  };
  // As ours: the authorization and, when approved, its hold, in one statement.
  const authorization = (
    await db.query<AuthorizationRow>(
      `WITH hold AS (
         UPDATE "LedgerAccount" SET "heldMinor" = "heldMinor" + $7 WHERE "id" = $13 AND $14
       )
       INSERT INTO "Authorization"
         ("id", "applicationId", "livemode", "cardId", "walletId", "currency", "amount", "status", "declineCode",
          "merchant", "source", "expiresAt", "heldAmount", "createdAt", "updatedAt")
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10::jsonb, $11, $15, CASE WHEN $14 THEN $7::bigint ELSE 0 END, $12, $12)
       RETURNING *`,
      [
        newId("auth"),
        tenant.applicationId,
        tenant.livemode,
        card.id,
        card.walletId,
        currency,
        amount.toString(),
        decline ? "declined" : "pending",
        decline?.code ?? null,
        JSON.stringify(merchant),
        "sdk",
        now,
        account.id,
        decline === undefined,
        expiresAt === null ? null : timestamp(expiresAt),
      ],
    )
  ).rows[0];
  if (!authorization) throw new Error("INSERT … RETURNING gave no row");
  if (decline) return { authorization, externalUserId: wallet.externalUserId, decline };
  await db.query(
    `SELECT 1 FROM graphile_worker.add_job(identifier => 'authorization_expire', payload => $1::json,
       run_at => $2, max_attempts => 25, job_key => $3)`,
    [JSON.stringify({ authorizationId: authorization.id }), expiresAt, `authorization_expire:${authorization.id}`],
  );
  await recordEvent(db, tenant, "card.authorized", render(authorization, wallet.externalUserId));
  return { authorization, externalUserId: wallet.externalUserId };
}

// --- POST /transfers, wallet to wallet (lib/transfers/create-transfer.ts, lib/ledger/post-transfer.ts) ---

/** The balance a credit may reach (lib/money/bounds.ts MAX_BALANCE_MINOR). */
const MAX_BALANCE_MINOR = 2n ** 63n - 1n;

export type TransferInput = {
  fromUserId: string;
  toUserId: string;
  /** Minor units, positive. */
  amount: bigint;
  currency: string;
};

export type TransferRow = {
  id: string;
  livemode: boolean;
  currency: string;
  amount: string;
  description: string | null;
  metadata: unknown;
  createdAt: Date;
};

export type TransferOutcome = {
  transfer: TransferRow;
  from: { id: string; externalUserId: string };
  to: { id: string; externalUserId: string };
};

/** Ours' findWallet for a transfer's side: 404 when missing, 400 when its currency is another. */
async function transferSide(
  db: pg.PoolClient,
  tenant: Tenant,
  externalUserId: string,
  currency: string,
  param: "from" | "to",
): Promise<{ wallet: WalletRow; accountId: string }> {
  const found = await findWallet(db, tenant, externalUserId);
  if (!found) {
    throw new ApiError("wallet_not_found", `No wallet exists for externalUserId ${externalUserId}.`, {
      param: "externalUserId",
    });
  }
  if (found.wallet.currency !== currency) {
    throw new ApiError(
      "currency_mismatch",
      `The transfer is in ${currency} but the ${param} wallet holds ${found.wallet.currency}; a transfer moves one currency.`,
      { param: "currency" },
    );
  }
  if (!found.account) throw new Error(`wallet ${found.wallet.id} has no ledger account`);
  return { wallet: found.wallet, accountId: found.account.id };
}

/**
 * As ours: both wallets read, both ledger accounts locked in id order (one statement), the funds
 * checked under the lock, both cached balances moved (the credit guarded against the ledger's bound),
 * the ledger transfer and its two entries, the transfer row, and a transfer.created event (with its
 * deliveries and their jobs) in each wallet's sequence. The caller holds the transaction.
 */
export async function transferBetweenWallets(
  db: pg.PoolClient,
  tenant: Tenant,
  input: TransferInput,
  render: (outcome: TransferOutcome) => Record<string, unknown>,
): Promise<Record<string, unknown>> {
  const { amount, currency } = input;
  const source = await transferSide(db, tenant, input.fromUserId, currency, "from");
  const destination = await transferSide(db, tenant, input.toUserId, currency, "to");

  const sorted = [source.accountId, destination.accountId].sort();
  const { rows: locked } = await db.query<AccountRow>(
    `SELECT * FROM "LedgerAccount" WHERE id = ANY($1::text[]) ORDER BY id FOR UPDATE`,
    [sorted],
  );
  const sourceAccount = locked.find((row) => row.id === source.accountId);
  if (!sourceAccount || locked.length !== 2) throw new Error("a transfer's ledger accounts were not locked");
  if (source.wallet.status !== "active") {
    throw new ApiError(
      "wallet_not_active",
      `The wallet ${source.wallet.externalUserId} is ${source.wallet.status} and cannot send.`,
      { param: "from" },
    );
  }
  if (destination.wallet.status === "closed") {
    throw new ApiError(
      "wallet_not_active",
      `The wallet ${destination.wallet.externalUserId} is closed and cannot receive.`,
      {
        param: "to",
      },
    );
  }
  const available = BigInt(sourceAccount.postedMinor) - BigInt(sourceAccount.heldMinor);
  if (available < amount) {
    throw new ApiError("insufficient_funds", `The wallet ${source.wallet.externalUserId} has too little available.`, {
      param: "amount",
    });
  }
  // The wallets in the benchmark have no limits that count transfers: ours reads nothing more here.

  // The cached balances, debit then credit, in the order of the legs (ours: one updateMany each).
  await db.query(`UPDATE "LedgerAccount" SET "postedMinor" = "postedMinor" + $1 WHERE "id" = $2`, [
    (-amount).toString(),
    source.accountId,
  ]);
  const credited = await db.query(
    `UPDATE "LedgerAccount" SET "postedMinor" = "postedMinor" + $1 WHERE "id" = $2 AND "postedMinor" <= $3`,
    [amount.toString(), destination.accountId, (MAX_BALANCE_MINOR - amount).toString()],
  );
  if (credited.rowCount !== 1) {
    throw new ApiError("balance_limit_exceeded", `This would take the ${currency} balance past the ledger's bound.`, {
      param: "amount",
    });
  }
  const at = timestamp(new Date());
  const ledgerTransferId = newId("ltr");
  await db.query(
    `INSERT INTO "LedgerTransfer" ("id", "applicationId", "livemode", "kind", "authorizationId", "description", "createdAt")
     VALUES ($1, $2, $3, 'transfer', NULL, $4, $5) RETURNING *`,
    [ledgerTransferId, tenant.applicationId, tenant.livemode, "Transfer", at],
  );
  await db.query(
    `INSERT INTO "LedgerEntry" ("transferId", "accountId", "currency", "amount", "createdAt")
     VALUES ($1, $2, $4, $5, $7), ($1, $3, $4, $6, $7) RETURNING *`,
    [ledgerTransferId, source.accountId, destination.accountId, currency, (-amount).toString(), amount.toString(), at],
  );
  const transferId = newId("tr");
  await db.query(
    `INSERT INTO "Transfer"
       ("id", "applicationId", "livemode", "currency", "amount", "fromWalletId", "toWalletId", "description", "metadata",
        "ledgerTransferId", "createdAt")
     VALUES ($1, $2, $3, $4, $5, $6, $7, NULL, '{}'::jsonb, $8, $9) RETURNING "id"`,
    [
      transferId,
      tenant.applicationId,
      tenant.livemode,
      currency,
      amount.toString(),
      source.wallet.id,
      destination.wallet.id,
      ledgerTransferId,
      at,
    ],
  );
  // As ours: Prisma's create with its two wallets included reads the row back, then each wallet.
  const { rows } = await db.query<TransferRow>(`SELECT * FROM "Transfer" WHERE "id" = $1 LIMIT 1`, [transferId]);
  const transfer = rows[0];
  if (!transfer) throw new Error("the transfer just inserted was not found");
  const party = async (walletId: string) => {
    const { rows: found } = await db.query<{ id: string; externalUserId: string }>(
      `SELECT "id", "externalUserId" FROM "Wallet" WHERE "id" = $1`,
      [walletId],
    );
    const wallet = found[0];
    if (!wallet) throw new Error(`wallet ${walletId} was not found`);
    return wallet;
  };
  const from = await party(source.wallet.id);
  const to = await party(destination.wallet.id);
  const record = render({ transfer, from, to });
  for (const walletId of [source.wallet.id, destination.wallet.id]) {
    await recordEvent(db, tenant, "transfer.created", { ...record, walletId });
  }
  return record;
}
