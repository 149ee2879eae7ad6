// The database's own guards on the money, shown without the application: every row here is written
// with plain SQL through `pg`, and each bad one must be refused by the named constraint or trigger
// with its SQLSTATE (23514 check_violation, 23503 foreign_key_violation, 22003 out of range), or a
// status or kind outside its enum by the type itself (22P02 invalid_text_representation).
import { randomBytes } from "node:crypto";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { prisma } from "@/lib/db/client";
import { checkLedgerInvariant } from "@/lib/ledger/check-invariant";
import { MAX_BALANCE_MINOR } from "@/lib/money/bounds";

const CHECK = "23514";
const FOREIGN_KEY = "23503";
const OUT_OF_RANGE = "22003";
const UNIQUE = "23505";
const INVALID_TEXT = "22P02";

const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
const run = randomBytes(4).toString("hex");
let seq = 0;
const id = (prefix: string) => `${prefix}_ct${run}_${++seq}`;

type Row = Record<string, unknown>;

function insertSql(table: string, row: Row): [string, unknown[]] {
  const columns = Object.keys(row);
  const values = Object.values(row).map((v) =>
    typeof v === "object" && v !== null && !(v instanceof Date) ? JSON.stringify(v) : v,
  );
  return [
    `INSERT INTO "${table}" (${columns.map((c) => `"${c}"`).join(", ")}) VALUES (${columns.map((_, i) => `$${i + 1}`).join(", ")})`,
    values,
  ];
}

async function insert(table: string, row: Row): Promise<void> {
  const [sql, values] = insertSql(table, row);
  await client.query(sql, values);
}

type Statement = string | [string, unknown[]];

/** Runs the statements in one transaction and commits; the error that stopped it, rolled back, or null. */
async function attempt(...statements: Statement[]): Promise<pg.DatabaseError | null> {
  await client.query("BEGIN");
  try {
    for (const statement of statements) {
      if (typeof statement === "string") await client.query(statement);
      else await client.query(statement[0], statement[1]);
    }
    await client.query("COMMIT");
    return null;
  } catch (error) {
    await client.query("ROLLBACK");
    if (error instanceof pg.DatabaseError) return error;
    throw error;
  }
}

async function expectRefused(code: string, constraint: string | undefined, ...statements: Statement[]) {
  const error = await attempt(...statements);
  expect(error, "the database accepted the row").not.toBeNull();
  expect({ code: error?.code, constraint: error?.constraint }).toEqual({ code, constraint });
}

// Fixture rows, written the same way; each test changes one thing about one of them.
const merchantId = id("usr");
const companyId = id("acct");
const appId = id("app");
const walletId = id("wal");
const accountId = id("lacct");
const reserveId = id("lacct_reserve");
const cardId = id("card");
const authId = id("auth");
const eventId = id("evt");
const endpointId = id("we");
const deliveryId = id("whd");

const walletRow = (over: Row = {}): Row => ({
  id: id("wal"),
  applicationId: appId,
  livemode: false,
  externalUserId: id("user"),
  email: "db@example.test",
  currency: "USD",
  accountNumber: String(1_000_000_000 + Math.floor(Math.random() * 8_999_999_999)).slice(0, 10),
  ...over,
});
const accountRow = (over: Row = {}): Row => ({
  id: id("lacct"),
  applicationId: appId,
  livemode: false,
  kind: "wallet",
  currency: "USD",
  walletId: null,
  ...over,
});
const cardRow = (over: Row = {}): Row => ({
  id: id("card"),
  applicationId: appId,
  livemode: false,
  walletId,
  kind: "virtual",
  currency: "USD",
  status: "active",
  last4: "4242",
  expMonth: 12,
  expYear: 2030,
  ...over,
});
const authorizationRow = (over: Row = {}): Row => ({
  id: id("auth"),
  applicationId: appId,
  livemode: false,
  cardId,
  walletId,
  currency: "USD",
  amount: 500,
  status: "pending",
  // A pending authorization holds its amount (the wallet account's heldMinor is their sum).
  heldAmount: (over.status ?? "pending") === "pending" ? (over.amount ?? 500) : 0,
  merchant: { name: "Corner Coffee" },
  updatedAt: new Date(),
  ...over,
});
const transferRow = (over: Row = {}): Row => ({
  id: id("ltr"),
  applicationId: appId,
  livemode: false,
  kind: "funding",
  ...over,
});
const entryRow = (transferId: string, over: Row = {}): Row => ({
  transferId,
  accountId,
  currency: "USD",
  amount: 100,
  ...over,
});
const deliveryRow = (over: Row = {}): Row => ({
  id: id("whd"),
  applicationId: appId,
  livemode: false,
  eventId,
  endpointId,
  updatedAt: new Date(),
  ...over,
});
const statementRow = (over: Row = {}): Row => ({
  id: id("stmt"),
  applicationId: appId,
  livemode: false,
  walletId,
  holderName: "Ada Obi",
  currency: "USD",
  periodStart: "2026-11-01",
  periodEnd: "2026-11-30",
  openingMinor: 0,
  closingMinor: 1000,
  tokenHash: id("hash"),
  ...over,
});
const proofRow = (over: Row = {}): Row => ({
  id: id("prf"),
  applicationId: appId,
  livemode: false,
  walletId,
  kind: "funds",
  reference: id("PRF"),
  holderName: "Ada Obi",
  currency: "USD",
  amountMinor: 1000,
  ...over,
});
const idempotencyRow = (over: Row = {}): Row => ({
  id: id("idem"),
  applicationId: appId,
  livemode: false,
  key: id("key"),
  requestHash: "h",
  state: "in_progress",
  lockedUntil: new Date(),
  expiresAt: new Date(Date.now() + 86_400_000),
  ...over,
});

/** A balanced transfer of `amount` from the reserve to the wallet, as statements (not yet run). */
function funding(amount: number): { transferId: string; statements: Statement[] } {
  const transferId = id("ltr");
  return {
    transferId,
    statements: [
      insertSql("LedgerTransfer", transferRow({ id: transferId })),
      insertSql("LedgerEntry", entryRow(transferId, { accountId: reserveId, amount: -amount })),
      insertSql("LedgerEntry", entryRow(transferId, { amount })),
      [`UPDATE "LedgerAccount" SET "postedMinor" = "postedMinor" + $1 WHERE id = $2`, [amount, accountId]],
    ],
  };
}

beforeAll(async () => {
  await client.connect();
  await insert("MerchantUser", { id: merchantId, email: `${merchantId}@example.test` });
  await insert("Account", { id: companyId, name: "Constraints" });
  await insert("Application", { id: appId, accountId: companyId, name: "Constraints" });
  await insert("Wallet", walletRow({ id: walletId }));
  await insert("LedgerAccount", accountRow({ id: accountId, walletId }));
  await insert("LedgerAccount", accountRow({ id: reserveId, kind: "reserve", applicationId: null }));
  expect(await attempt(...funding(1000).statements)).toBeNull();
  await insert("Card", cardRow({ id: cardId }));
  // The pending authorization's hold, in one transaction, so the database stays consistent for the
  // ledger invariant other test files check at the same time.
  expect(
    await attempt(insertSql("Authorization", authorizationRow({ id: authId })), [
      `UPDATE "LedgerAccount" SET "heldMinor" = 500 WHERE id = $1`,
      [accountId],
    ]),
  ).toBeNull();
  await insert("Event", {
    id: eventId,
    applicationId: appId,
    livemode: false,
    type: "card.issued",
    data: {},
    walletId,
    sequence: 1,
  });
  await insert("WebhookEndpoint", {
    id: endpointId,
    applicationId: appId,
    livemode: false,
    url: "http://localhost/hook",
    updatedAt: new Date(),
  });
  await insert("WebhookDelivery", deliveryRow({ id: deliveryId }));
});

afterAll(async () => {
  await client.end();
});

describe("amounts", () => {
  // A zero-amount account verification is an authorization of 0 (docs/decisions/card-network.md).
  it("refuses a negative authorization, takes one of zero (Authorization_amount_nonnegative)", async () => {
    await expectRefused(
      CHECK,
      "Authorization_amount_nonnegative",
      insertSql("Authorization", authorizationRow({ amount: -1 })),
    );
    expect(await attempt(insertSql("Authorization", authorizationRow({ amount: 0, status: "closed" })))).toBeNull();
  });

  // A tip clears over the hold and a merchant credit may come without a capture: both bounded below only.
  it("refuses a negative capture or refund (Authorization_captured_nonnegative, _refunded_nonnegative)", async () => {
    await expectRefused(CHECK, "Authorization_captured_nonnegative", [
      `UPDATE "Authorization" SET "capturedAmount" = -1 WHERE id = $1`,
      [authId],
    ]);
    await expectRefused(CHECK, "Authorization_refunded_nonnegative", [
      `UPDATE "Authorization" SET "refundedAmount" = -1 WHERE id = $1`,
      [authId],
    ]);
  });

  it("keeps a hold within the amount, and none once it ended (Authorization_held_within_amount)", async () => {
    await expectRefused(CHECK, "Authorization_held_within_amount", [
      `UPDATE "Authorization" SET "heldAmount" = amount + 1 WHERE id = $1`,
      [authId],
    ]);
    await expectRefused(
      CHECK,
      "Authorization_held_within_amount",
      insertSql("Authorization", authorizationRow({ status: "closed", heldAmount: 1 })),
    );
  });

  it("refuses a ledger entry of zero (LedgerEntry_amount_nonzero)", async () => {
    const transfer = transferRow();
    await expectRefused(
      CHECK,
      "LedgerEntry_amount_nonzero",
      insertSql("LedgerTransfer", transfer),
      insertSql("LedgerEntry", entryRow(String(transfer.id), { amount: 0 })),
    );
  });

  it("refuses a card spend limit of zero (Card_spend_limit_positive)", async () => {
    await expectRefused(CHECK, "Card_spend_limit_positive", insertSql("Card", cardRow({ spendLimit: 0 })));
  });
});

describe("balances", () => {
  it("refuses negative holds (LedgerAccount_held_nonnegative)", async () => {
    await expectRefused(CHECK, "LedgerAccount_held_nonnegative", [
      `UPDATE "LedgerAccount" SET "heldMinor" = -1 WHERE id = $1`,
      [accountId],
    ]);
  });

  it("refuses holds above the posted balance, i.e. a negative available balance (LedgerAccount_held_within_posted)", async () => {
    await expectRefused(CHECK, "LedgerAccount_held_within_posted", [
      `UPDATE "LedgerAccount" SET "heldMinor" = "postedMinor" + 1 WHERE id = $1`,
      [accountId],
    ]);
    // Posted below zero leaves holds (>= 0) above it: refused by the same rule.
    await expectRefused(CHECK, "LedgerAccount_held_within_posted", [
      `UPDATE "LedgerAccount" SET "postedMinor" = -1 WHERE id = $1`,
      [accountId],
    ]);
  });

  // Only the card network's unrefusable steps set this for their transaction (lib/card-network/overdraft.ts).
  it("lets a transaction that allows a network overdraft go below zero (LedgerAccount_overdraft_guard)", async () => {
    expect(
      await attempt(
        `SELECT set_config('wallet_card.network_overdraft', 'on', true)`,
        [`UPDATE "LedgerAccount" SET "heldMinor" = "postedMinor" + 1 WHERE id = $1`, [accountId]],
        "ROLLBACK",
      ),
    ).toBeNull();
  });

  it("refuses a posted balance past MAX_BALANCE_MINOR, the BIGINT column's own bound (22003)", async () => {
    expect(MAX_BALANCE_MINOR).toBe(9_223_372_036_854_775_807n);
    await expectRefused(OUT_OF_RANGE, undefined, [
      `UPDATE "LedgerAccount" SET "postedMinor" = "postedMinor" + $1::bigint WHERE id = $2`,
      [MAX_BALANCE_MINOR.toString(), accountId],
    ]);
  });

  it("keeps the reserve's cached columns at zero (LedgerAccount_reserve_uncached)", async () => {
    await expectRefused(CHECK, "LedgerAccount_reserve_uncached", [
      `UPDATE "LedgerAccount" SET "postedMinor" = 5 WHERE id = $1`,
      [reserveId],
    ]);
  });

  it("ties a wallet account to a wallet and an application, a reserve to neither (LedgerAccount_owner_check)", async () => {
    await expectRefused(CHECK, "LedgerAccount_owner_check", insertSql("LedgerAccount", accountRow({ walletId: null })));
    await expectRefused(
      CHECK,
      "LedgerAccount_owner_check",
      insertSql("LedgerAccount", accountRow({ kind: "reserve", applicationId: appId })),
    );
  });

  // A card network's overdraft shows on the statement (docs/decisions/card-network.md).
  it("takes a statement that closes below zero", async () => {
    expect(await attempt(insertSql("Statement", statementRow({ closingMinor: -1 })))).toBeNull();
  });

  it("refuses a statement period that ends before it starts (Statement_period_check)", async () => {
    await expectRefused(
      CHECK,
      "Statement_period_check",
      insertSql("Statement", statementRow({ periodEnd: "2026-10-31" })),
    );
  });

  it("refuses a negative proof-of-funds amount (Proof_amount_nonnegative)", async () => {
    await expectRefused(CHECK, "Proof_amount_nonnegative", insertSql("Proof", proofRow({ amountMinor: -1 })));
  });

  it("refuses a proof of funds without its amount (Proof_funds_check)", async () => {
    await expectRefused(CHECK, "Proof_funds_check", insertSql("Proof", proofRow({ amountMinor: null })));
  });
});

describe("event sequence and endpoint health", () => {
  const eventRow = (overrides: Row): Row => ({
    id: id("evt"),
    applicationId: appId,
    livemode: false,
    type: "card.issued",
    data: {},
    walletId,
    sequence: 2,
    ...overrides,
  });

  it("refuses an event numbered below 1 (Event_sequence_positive)", async () => {
    await expectRefused(CHECK, "Event_sequence_positive", insertSql("Event", eventRow({ sequence: 0 })));
  });

  it("refuses two events with one number in one wallet's sequence (Event_walletId_sequence_key)", async () => {
    await expectRefused(UNIQUE, "Event_walletId_sequence_key", insertSql("Event", eventRow({ sequence: 1 })));
  });

  it("refuses two events with one number in the application's stream of a mode (Event_application_stream_sequence_key)", async () => {
    const appEvent = (overrides: Row) => insertSql("Event", eventRow({ walletId: null, sequence: 1, ...overrides }));
    // Numbered 1 in each mode's stream, and console test events (about no real wallet) beside them.
    expect(await attempt(appEvent({}), appEvent({ livemode: true }), appEvent({ isTest: true }))).toBeNull();
    await expectRefused(UNIQUE, "Event_application_stream_sequence_key", appEvent({}));
  });

  it("refuses a negative failure streak (WebhookEndpoint_consecutiveFailures_not_negative)", async () => {
    await expectRefused(CHECK, "WebhookEndpoint_consecutiveFailures_not_negative", [
      `UPDATE "WebhookEndpoint" SET "consecutiveFailures" = -1 WHERE id = $1`,
      [endpointId],
    ]);
  });
});

describe("status and kind columns", () => {
  // Each is a PostgreSQL enum (migration status_enums): a value outside it is refused as input to
  // the type, 22P02 invalid_text_representation, before any constraint is checked.
  const unknownValues: [string, string, Statement][] = [
    ["WalletStatus", "an unknown wallet status", insertSql("Wallet", walletRow({ status: "deleted" }))],
    ["CardStatus", "an unknown card status", insertSql("Card", cardRow({ status: "lost" }))],
    ["CardKind", "an unknown card kind", insertSql("Card", cardRow({ kind: "physical" }))],
    [
      "AuthorizationStatus",
      "an unknown authorization status",
      insertSql("Authorization", authorizationRow({ status: "settled" })),
    ],
    [
      "AuthorizationSource",
      "an unknown authorization source",
      insertSql("Authorization", authorizationRow({ source: "pos" })),
    ],
    ["LedgerAccountKind", "an unknown ledger account kind", insertSql("LedgerAccount", accountRow({ kind: "fee" }))],
    ["LedgerTransferKind", "an unknown transfer kind", insertSql("LedgerTransfer", transferRow({ kind: "gift" }))],
    ["DeliveryStatus", "an unknown delivery status", insertSql("WebhookDelivery", deliveryRow({ status: "lost" }))],
    [
      "DeliveryTrigger",
      "an unknown attempt trigger",
      insertSql("WebhookAttempt", {
        id: id("wha"),
        deliveryId,
        trigger: "manual",
        requestHeaders: {},
        requestBody: "{}",
      }),
    ],
    [
      "IdempotencyState",
      "an unknown idempotency state",
      insertSql("IdempotencyRecord", idempotencyRow({ state: "done" })),
    ],
    ["ProofKind", "an unknown proof kind", insertSql("Proof", proofRow({ kind: "income" }))],
  ];

  it.each(unknownValues)("the enum %s refuses %s", async (type, _what, statement) => {
    const error = await attempt(statement);
    expect(error, "the database accepted the row").not.toBeNull();
    expect({ code: error?.code, message: error?.message }).toEqual({
      code: INVALID_TEXT,
      message: expect.stringContaining(`invalid input value for enum "${type}"`),
    });
  });

  const cases: [string, string, Statement][] = [
    ["Card_exp_month_check", "an expiry month past 12", insertSql("Card", cardRow({ expMonth: 13 }))],
    [
      "Authorization_decline_code_check",
      "a decline without its code",
      insertSql("Authorization", authorizationRow({ status: "declined" })),
    ],
    [
      "LedgerTransfer_authorization_check",
      "a capture without its authorization",
      insertSql("LedgerTransfer", transferRow({ kind: "capture" })),
    ],
    [
      "WebhookDelivery_attempt_count_nonnegative",
      "a negative attempt count",
      insertSql("WebhookDelivery", deliveryRow({ attemptCount: -1 })),
    ],
    [
      "IdempotencyRecord_completed_check",
      "a completed idempotency record without its response",
      insertSql("IdempotencyRecord", idempotencyRow({ state: "completed" })),
    ],
  ];

  it.each(cases)("%s refuses %s", async (constraint, _what, statement) => {
    await expectRefused(CHECK, constraint, statement);
  });
});

describe("a transfer balances when it commits (deferred constraint trigger LedgerTransfer_balanced)", () => {
  it("commits a balanced transfer, in one currency or several", async () => {
    expect(await attempt(...funding(250).statements)).toBeNull();
    const eurWallet = id("lacct");
    const eurReserve = id("lacct_reserve");
    await insert(
      "LedgerAccount",
      accountRow({ id: eurReserve, kind: "reserve", applicationId: null, currency: "EUR" }),
    );
    const wallet = walletRow({ currency: "EUR" });
    await insert("Wallet", wallet);
    await insert("LedgerAccount", accountRow({ id: eurWallet, walletId: wallet.id, currency: "EUR" }));
    const transfer = transferRow();
    const t = String(transfer.id);
    expect(
      await attempt(
        insertSql("LedgerTransfer", transfer),
        insertSql("LedgerEntry", entryRow(t, { accountId: reserveId, amount: -7 })),
        insertSql("LedgerEntry", entryRow(t, { amount: 7 })),
        insertSql("LedgerEntry", entryRow(t, { accountId: eurReserve, currency: "EUR", amount: -9 })),
        insertSql("LedgerEntry", entryRow(t, { accountId: eurWallet, currency: "EUR", amount: 9 })),
        [`UPDATE "LedgerAccount" SET "postedMinor" = "postedMinor" + 7 WHERE id = $1`, [accountId]],
        [`UPDATE "LedgerAccount" SET "postedMinor" = "postedMinor" + 9 WHERE id = $1`, [eurWallet]],
      ),
    ).toBeNull();
  });

  it("checks at commit, not at each insert", async () => {
    const transfer = transferRow();
    const t = String(transfer.id);
    // The first entry alone is unbalanced, yet accepted until the transaction ends.
    await client.query("BEGIN");
    try {
      await client.query(...insertSql("LedgerTransfer", transfer));
      await client.query(...insertSql("LedgerEntry", entryRow(t, { accountId: reserveId, amount: -3 })));
      await expect(client.query("SET CONSTRAINTS ALL IMMEDIATE")).rejects.toMatchObject({
        code: CHECK,
        constraint: "LedgerTransfer_balanced",
      });
    } finally {
      await client.query("ROLLBACK");
    }
  });

  it("refuses entries that do not sum to zero", async () => {
    const transfer = transferRow();
    const t = String(transfer.id);
    await expectRefused(
      CHECK,
      "LedgerTransfer_balanced",
      insertSql("LedgerTransfer", transfer),
      insertSql("LedgerEntry", entryRow(t, { accountId: reserveId, amount: -100 })),
      insertSql("LedgerEntry", entryRow(t, { amount: 50 })),
    );
  });

  it("refuses entries that sum to zero overall but not per currency", async () => {
    const transfer = transferRow();
    const t = String(transfer.id);
    const eurReserve = id("lacct_reserve");
    await insert(
      "LedgerAccount",
      accountRow({ id: eurReserve, kind: "reserve", applicationId: null, currency: "EUR" }),
    );
    await expectRefused(
      CHECK,
      "LedgerTransfer_balanced",
      insertSql("LedgerTransfer", transfer),
      insertSql("LedgerEntry", entryRow(t, { accountId: eurReserve, currency: "EUR", amount: -5 })),
      insertSql("LedgerEntry", entryRow(t, { amount: 5 })),
    );
  });

  it("refuses a transfer with fewer than two entries", async () => {
    const empty = transferRow();
    await expectRefused(CHECK, "LedgerTransfer_balanced", insertSql("LedgerTransfer", empty));
    const single = transferRow();
    await expectRefused(
      CHECK,
      "LedgerTransfer_balanced",
      insertSql("LedgerTransfer", single),
      insertSql("LedgerEntry", entryRow(String(single.id), { amount: 5 })),
    );
  });

  it("refuses an entry added later to a transfer that balanced when it committed", async () => {
    const { transferId, statements } = funding(10);
    expect(await attempt(...statements)).toBeNull();
    await expectRefused(
      CHECK,
      "LedgerTransfer_balanced",
      insertSql("LedgerEntry", entryRow(transferId, { amount: 1 })),
    );
  });
});

describe("foreign keys", () => {
  it("keeps every entry in its account's currency (LedgerEntry_accountId_currency_fkey)", async () => {
    const transfer = transferRow();
    const t = String(transfer.id);
    await expectRefused(
      FOREIGN_KEY,
      "LedgerEntry_accountId_currency_fkey",
      insertSql("LedgerTransfer", transfer),
      insertSql("LedgerEntry", entryRow(t, { accountId: reserveId, currency: "EUR", amount: -5 })),
    );
  });

  const missingApp = "app_does_not_exist";
  const applicationCases: [string, Statement][] = [
    ["Authorization_applicationId_fkey", insertSql("Authorization", authorizationRow({ applicationId: missingApp }))],
    ["LedgerTransfer_applicationId_fkey", insertSql("LedgerTransfer", transferRow({ applicationId: missingApp }))],
    [
      "LedgerAccount_applicationId_fkey",
      [`UPDATE "LedgerAccount" SET "applicationId" = $1 WHERE id = $2`, [missingApp, accountId]],
    ],
    ["WebhookDelivery_applicationId_fkey", insertSql("WebhookDelivery", deliveryRow({ applicationId: missingApp }))],
    ["Statement_applicationId_fkey", insertSql("Statement", statementRow({ applicationId: missingApp }))],
    ["Proof_applicationId_fkey", insertSql("Proof", proofRow({ applicationId: missingApp }))],
    [
      "AuditLog_applicationId_fkey",
      insertSql("AuditLog", { id: id("aud"), merchantId, applicationId: missingApp, action: "key.minted" }),
    ],
  ];

  it.each(applicationCases)("%s refuses a row of an application that does not exist", async (constraint, statement) => {
    await expectRefused(FOREIGN_KEY, constraint, statement);
  });

  it("refuses a ledger transfer naming an authorization that does not exist (LedgerTransfer_authorizationId_fkey)", async () => {
    await expectRefused(
      FOREIGN_KEY,
      "LedgerTransfer_authorizationId_fkey",
      insertSql("LedgerTransfer", transferRow({ kind: "capture", authorizationId: "auth_does_not_exist" })),
    );
  });

  describe("ON DELETE RESTRICT keeps what the ledger points at", () => {
    it("a wallet with a ledger account (LedgerAccount_walletId_fkey)", async () => {
      // A wallet with nothing else pointing at it, so the ledger's key is the one that answers.
      const wallet = walletRow();
      await insert("Wallet", wallet);
      await insert("LedgerAccount", accountRow({ walletId: wallet.id }));
      await expectRefused(FOREIGN_KEY, "LedgerAccount_walletId_fkey", [
        `DELETE FROM "Wallet" WHERE id = $1`,
        [wallet.id],
      ]);
    });

    it("a ledger account with entries (LedgerEntry_accountId_currency_fkey)", async () => {
      await expectRefused(FOREIGN_KEY, "LedgerEntry_accountId_currency_fkey", [
        `DELETE FROM "LedgerAccount" WHERE id = $1`,
        [reserveId],
      ]);
    });

    it("an authorization a transfer settled (LedgerTransfer_authorizationId_fkey)", async () => {
      const auth = authorizationRow({ status: "closed", capturedAmount: 5 });
      const transfer = transferRow({ kind: "capture", authorizationId: auth.id });
      const t = String(transfer.id);
      expect(
        await attempt(
          insertSql("Authorization", auth),
          insertSql("LedgerTransfer", transfer),
          insertSql("LedgerEntry", entryRow(t, { amount: -5 })),
          insertSql("LedgerEntry", entryRow(t, { accountId: reserveId, amount: 5 })),
          [`UPDATE "LedgerAccount" SET "postedMinor" = "postedMinor" - 5 WHERE id = $1`, [accountId]],
        ),
      ).toBeNull();
      await expectRefused(FOREIGN_KEY, "LedgerTransfer_authorizationId_fkey", [
        `DELETE FROM "Authorization" WHERE id = $1`,
        [auth.id],
      ]);
    });

    it("an application with ledger transfers (LedgerTransfer_applicationId_fkey)", async () => {
      // An application whose only rows are one transfer between two reserve accounts.
      const otherApp = id("app");
      await insert("Application", { id: otherApp, accountId: companyId, name: "Other" });
      const second = id("lacct_reserve");
      await insert("LedgerAccount", accountRow({ id: second, kind: "reserve", applicationId: null }));
      const transfer = transferRow({ applicationId: otherApp });
      const t = String(transfer.id);
      expect(
        await attempt(
          insertSql("LedgerTransfer", transfer),
          insertSql("LedgerEntry", entryRow(t, { accountId: reserveId, amount: -1 })),
          insertSql("LedgerEntry", entryRow(t, { accountId: second, amount: 1 })),
        ),
      ).toBeNull();
      await expectRefused(FOREIGN_KEY, "LedgerTransfer_applicationId_fkey", [
        `DELETE FROM "Application" WHERE id = $1`,
        [otherApp],
      ]);
    });
  });
});

describe("what these tests committed", () => {
  it("keeps the ledger invariant that other test files check across the whole database", async () => {
    expect(await checkLedgerInvariant(prisma())).toMatchObject({ balanced: true });
  });
});

describe("indexes for the list queries", () => {
  // Each list filters on its leading columns and reads newest first, the id breaking ties, so an
  // index ending in ("createdAt", id) returns a page without sorting.
  it.each([
    ["Event_applicationId_livemode_createdAt_id_idx", `"Event" ("applicationId", livemode, "createdAt", id)`],
    [
      "Event_applicationId_livemode_type_createdAt_id_idx",
      `"Event" ("applicationId", livemode, type, "createdAt", id)`,
    ],
    [
      "WebhookDelivery_applicationId_livemode_createdAt_id_idx",
      `"WebhookDelivery" ("applicationId", livemode, "createdAt", id)`,
    ],
    [
      "WebhookDelivery_applicationId_livemode_status_createdAt_id_idx",
      `"WebhookDelivery" ("applicationId", livemode, status, "createdAt", id)`,
    ],
    ["WebhookDelivery_endpointId_createdAt_id_idx", `"WebhookDelivery" ("endpointId", "createdAt", id)`],
  ])("%s exists", async (name, on) => {
    const { rows } = await client.query<{ indexdef: string }>(
      `SELECT indexdef FROM pg_indexes WHERE schemaname = 'public' AND indexname = $1`,
      [name],
    );
    expect(rows[0]?.indexdef).toBe(`CREATE INDEX "${name}" ON public.${on.replace(" (", " USING btree (")}`);
  });

  // With sequential scans and sorts priced out, the plan shows whether an index alone returns the
  // rows in the list's order for the list's filter.
  async function plan(sql: string, values: unknown[]): Promise<string> {
    await client.query("BEGIN");
    try {
      await client.query("SET LOCAL enable_seqscan = off");
      await client.query("SET LOCAL enable_sort = off");
      await client.query("SET LOCAL enable_incremental_sort = off");
      const { rows } = await client.query<{ "QUERY PLAN": string }>(`EXPLAIN ${sql}`, values);
      return rows.map((r) => r["QUERY PLAN"]).join("\n");
    } finally {
      await client.query("ROLLBACK");
    }
  }

  const newestFirst = `ORDER BY "createdAt" DESC, id DESC LIMIT 21`;
  it.each([
    ["events", `SELECT * FROM "Event" WHERE "applicationId" = $1 AND livemode = false ${newestFirst}`, [appId]],
    [
      "events of one type",
      `SELECT * FROM "Event" WHERE "applicationId" = $1 AND livemode = false AND type = $2 ${newestFirst}`,
      [appId, "card.issued"],
    ],
    [
      "deliveries",
      `SELECT * FROM "WebhookDelivery" WHERE "applicationId" = $1 AND livemode = false ${newestFirst}`,
      [appId],
    ],
    [
      "deliveries in one status",
      `SELECT * FROM "WebhookDelivery" WHERE "applicationId" = $1 AND livemode = false AND status = $2 ${newestFirst}`,
      [appId, "failed"],
    ],
    [
      "deliveries to one endpoint",
      `SELECT * FROM "WebhookDelivery" WHERE "applicationId" = $1 AND livemode = false AND "endpointId" = $2 ${newestFirst}`,
      [appId, endpointId],
    ],
  ])("%s are read from an index in list order, without a sort", async (_what, sql, values) => {
    const text = await plan(sql, values);
    expect(text).toMatch(/Index Scan/);
    expect(text).not.toMatch(/Sort|Seq Scan/);
  });
});
