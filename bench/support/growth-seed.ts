// The growth scenario's data (bench/README.md, "Growth"): one application as it looks after two years,
// at a size given in ledger entries and then grown tenfold in the same database. The application, its
// key, endpoint, merchant and console session are made by our own domain functions; the history is
// written in set-based SQL (generate_series) with every trigger and constraint of the migrations in
// force: each transfer balances at commit, wallet balance caches are set to the sum of their entries,
// events are numbered per wallet with no gap, and each has its delivery and attempt.
import { randomBytes } from "node:crypto";
import { encode } from "next-auth/jwt";
import pg from "pg";
import { createApplication } from "@/lib/applications/create-application";
import { issueCard } from "@/lib/cards/issue-card";
import { prisma, transaction } from "@/lib/db/client";
import { newId } from "@/lib/ids";
import { createApiKey } from "@/lib/keys/create-api-key";
import { ensureBalanceAccount } from "@/lib/balance/balance-account";
import { handleNetworkMessage } from "@/lib/card-network/handle-network-message";
import type { NetworkMessage, NetworkResult } from "@/lib/card-network/network-message";
import { ensureReserveAccount } from "@/lib/ledger/accounts";
import { fundWallet } from "@/lib/ledger/fund-wallet";
import { createWallet } from "@/lib/wallets/create-wallet";

/** Transfers per ordinary wallet (alternately a funding and a card capture): 40 ledger entries. */
const TRANSFERS_PER_WALLET = 20;
/** The busy wallet's transfers in the last 400 days: the same at every size (its statement's content). */
const BUSY_RECENT_TRANSFERS = 600;
/** Ordinary wallets per transaction of the seeding. */
const WALLET_CHUNK = 1_000;
/** The busy wallet's older transfers per transaction. */
const BUSY_CHUNK = 20_000;
/** Retention periods the seeded history assumes (the defaults of lib/config.ts). */
export const GROWTH_RETENTION_DAYS = 30;
export const BUSY_EXTERNAL_USER_ID = "growth_busy";
/** The wallet the balance's seeded transfers pay, and the busy wallet's timed transfers too. */
export const PAYEE_EXTERNAL_USER_ID = "growth_payee";
/**
 * The busy card's one authorization with a long history, made through the card network lifecycle
 * at both sizes alike: an authorization, this many increments, then this many partial clearings.
 */
export const BUSY_NETWORK_INCREMENTS = 30;
export const BUSY_NETWORK_CLEARINGS = 10;
/** The application balance's movements in the settlement report's year: the same at every size. */
export const BALANCE_RECENT_MOVEMENTS = 600;
/** The balance's older movements per transaction. */
const BALANCE_CHUNK = 20_000;

export type GrowthFixture = {
  applicationId: string;
  merchantId: string;
  accountId: string;
  apiKey: string;
  endpointId: string;
  endpointUrl: string;
  busyWalletId: string;
  /** The busy card's authorization with BUSY_NETWORK_INCREMENTS + BUSY_NETWORK_CLEARINGS + 1 network steps. */
  busyAuthorizationId: string;
  /** The application's balance account in USD (live). */
  balanceAccountId: string;
  payeeWalletId: string;
  payeeAccountId: string;
  /** Ordinary wallets made so far (externalUserIds growth_1 .. growth_<n>). */
  wallets: number;
  /** Phases grown so far (the first also writes the busy wallet's last 400 days). */
  phases: number;
};

export type GrowthCounts = Record<
  "ledgerEntries" | "wallets" | "events" | "deliveries" | "attempts" | "requestLogs" | "auditLogs",
  number
>;

const MERCHANT = `'{"name":"Corner Coffee","category":"5814","country":"US"}'::jsonb`;
/** Which of a plan's captures came through the card network: half of them, by their key. */
const NETWORK_CAPTURE = "(hashtext(key) & 1) = 0";

/**
 * The application in live mode, its live key (every scope), a webhook endpoint that is never sent to,
 * and the busy wallet with its card, through our domain functions.
 */
export async function createGrowthApplication(runId: string): Promise<GrowthFixture> {
  const db = prisma();
  const merchant = await db.merchantUser.create({
    data: {
      id: newId("usr"),
      email: `bench-growth-${runId}@example.com`,
      name: "Benchmark growth",
      emailVerifiedAt: new Date(),
    },
  });
  const { application } = await createApplication(db, { merchantId: merchant.id, name: "bench growth" });
  // Live mode: the treasury figures count live data only; the console shows the live side.
  await db.consoleView.create({ data: { merchantId: merchant.id, applicationId: application.id, livemode: true } });
  const tenant = { applicationId: application.id, livemode: true };
  await ensureReserveAccount(db, true, "USD");
  const apiKey = (await createApiKey(db, { applicationId: application.id, mode: "live", name: "bench growth" })).secret;
  const wallet = await transaction((tx) =>
    createWallet(tx, tenant, {
      externalUserId: BUSY_EXTERNAL_USER_ID,
      currency: "USD",
      email: "busy@example.com",
      name: "Busy Holder",
    }),
  );
  const card = await transaction((tx) =>
    issueCard(tx, tenant, { externalUserId: BUSY_EXTERNAL_USER_ID, kind: "virtual", currency: "USD" }),
  );
  const payee = await transaction((tx) =>
    createWallet(tx, tenant, {
      externalUserId: PAYEE_EXTERNAL_USER_ID,
      currency: "USD",
      email: "payee@example.com",
      name: "Payee Holder",
    }),
  );
  const payeeAccount = await db.ledgerAccount.findFirstOrThrow({ where: { walletId: payee.id }, select: { id: true } });
  const balance = await ensureBalanceAccount(db, tenant, "USD");
  const busyAuthorizationId = await busyNetworkAuthorization(tenant, card.id);
  // A live endpoint must be a public https address, which this one only pretends to be: the server
  // runs without its worker, so nothing is ever sent to it. Inserted directly, as the vetting
  // (a DNS lookup) is not what is measured. Made after the busy wallet and its card, so their two
  // events queue no delivery (one would wait for a worker that the growth scenario runs only to
  // fold ledger totals). So are the payee wallet's and the busy card's network history's events.
  const endpointUrl = "https://growth.bench.invalid/never-sent";
  const endpoint = await db.webhookEndpoint.create({
    data: { id: newId("we"), applicationId: application.id, livemode: true, url: endpointUrl, events: [] },
  });
  return {
    applicationId: application.id,
    merchantId: merchant.id,
    accountId: application.accountId,
    apiKey,
    endpointId: endpoint.id,
    endpointUrl,
    busyWalletId: wallet.id,
    busyAuthorizationId,
    balanceAccountId: balance.id,
    payeeWalletId: payee.id,
    payeeAccountId: payeeAccount.id,
    wallets: 0,
    phases: 0,
  };
}

/**
 * The busy card's authorization with a long history, through the card network lifecycle as a
 * processor's messages would arrive (lib/card-network/): the busy wallet funded with $1,000 first
 * (one funding), then an authorization of $10, BUSY_NETWORK_INCREMENTS increments of $1 and
 * BUSY_NETWORK_CLEARINGS partial clearings of $2, the hold left open. Made before anything else is
 * seeded, so these lines sit in the busy wallet's last 400 days at both sizes alike.
 */
async function busyNetworkAuthorization(tenant: { applicationId: string; livemode: boolean }, cardId: string) {
  await transaction((tx) => fundWallet(tx, tenant, BUSY_EXTERNAL_USER_ID, { amount: 1_000 }));
  const base = { processor: "simulator" as const, cardId, currency: "USD" };
  const applied = (result: NetworkResult, what: string): string => {
    if (!result.ok) throw new Error(`growth seeding: the busy card's ${what} was rejected: ${result.message}`);
    if (result.outcome.result === "declined") {
      throw new Error(`growth seeding: the busy card's ${what} was declined: ${result.outcome.message}`);
    }
    return result.outcome.authorizationId;
  };
  const send = (message: NetworkMessage) => handleNetworkMessage(message, { tenant });
  const merchant = { name: "Corner Coffee", category: "5814", country: "US" };
  const id = applied(
    await send({
      ...base,
      kind: "authorization",
      networkId: "growth-busy-auth",
      amount: 1_000n,
      merchant,
      budgetMs: 10_000,
    }),
    "authorization",
  );
  for (let i = 1; i <= BUSY_NETWORK_INCREMENTS; i++) {
    applied(
      await send({
        ...base,
        kind: "increment",
        networkId: `growth-busy-inc-${i}`,
        amount: 100n,
        authorization: { id },
        budgetMs: 10_000,
      }),
      `increment ${i}`,
    );
  }
  for (let i = 1; i <= BUSY_NETWORK_CLEARINGS; i++) {
    applied(
      await send({
        ...base,
        kind: "clearing",
        networkId: `growth-busy-clear-${i}`,
        amount: 200n,
        authorization: { id },
      }),
      `clearing ${i}`,
    );
  }
  return id;
}

/**
 * A console session for the growth merchant, as a sign-in opens one (lib/console/sessions.ts), and
 * the next-auth cookie naming it, encoded with the server's AUTH_SECRET as next-auth would issue
 * it (the Playwright specs' replaceSession does the same).
 */
export async function consoleCookie(merchantId: string, email: string, authSecret: string): Promise<string> {
  const expiresAt = new Date(Date.now() + 8 * 3600_000);
  const session = await prisma().consoleSession.create({
    data: { id: `ses_${randomBytes(12).toString("hex")}`, merchantId, expiresAt },
  });
  const token = await encode({
    secret: authSecret,
    token: {
      sub: merchantId,
      email,
      sessionId: session.id,
      sessionExpiresAt: Math.floor(expiresAt.getTime() / 1000),
      authenticatedAt: Math.floor(Date.now() / 1000),
    },
  });
  return `next-auth.session-token=${token}`;
}

/** The plan of one chunk of transfers, in a temporary table, from which everything else is written. */
function ordinaryPlan(fromWallet: number, toWallet: number): [string, unknown[]] {
  return [
    `CREATE TEMP TABLE plan ON COMMIT DROP AS
     SELECT 'w' || w || ':' || i AS key,
            'wal_' || substr(md5('wallet:' || w), 1, 24) AS wallet_id,
            'lacct_' || substr(md5('acct:' || w), 1, 24) AS account_id,
            'card_' || substr(md5('card:' || w), 1, 24) AS card_id,
            -- Spread over 800 days, each wallet's last transfer within the last 40.
            (now() AT TIME ZONE 'UTC') - interval '800 days' + (i + (w % 97) / 97.0) * interval '40 days' AS t,
            i % 2 = 1 AS capture,
            (CASE WHEN i % 2 = 1 THEN 3000 ELSE 10000 + (w * 31 + i) % 5000 END)::bigint AS amount
     FROM generate_series($1::int, $2::int) w, generate_series(0, ${TRANSFERS_PER_WALLET - 1}) i`,
    [fromWallet, toWallet],
  ];
}

/**
 * The busy wallet's transfers: `recent` ones in the last 400 days (phase 1 only), or a phase's share of
 * older history between 800 and 400 days ago. Fundings and captures alternate from a funding, and a
 * funding is larger than a capture, so the balance never goes below zero even where two phases' older
 * transfers interleave in time.
 */
function busyPlan(
  busy: Pick<GrowthFixture, "busyWalletId">,
  kind: "recent" | number,
  from: number,
  to: number,
  total: number,
): [string, unknown[]] {
  const start = kind === "recent" ? "400 days" : "800 days";
  return [
    `CREATE TEMP TABLE plan ON COMMIT DROP AS
     SELECT $3 || ':' || j AS key, w.id AS wallet_id, a.id AS account_id, c.id AS card_id,
            (now() AT TIME ZONE 'UTC') - interval '${start}' + (j + 0.5) * (interval '400 days' / $4::int) AS t,
            j % 2 = 1 AS capture,
            (CASE WHEN j % 2 = 1 THEN 3000 ELSE 10000 + j % 5000 END)::bigint AS amount
     FROM generate_series($1::int, $2::int) j
     JOIN "Wallet" w ON w.id = $5
     JOIN "LedgerAccount" a ON a."walletId" = w.id
     JOIN LATERAL (SELECT id FROM "Card" WHERE "walletId" = w.id ORDER BY "createdAt" LIMIT 1) c ON true`,
    [from, to, kind === "recent" ? "r" : `b${kind}`, total, busy.busyWalletId],
  ];
}

async function insertOrdinaryWallets(client: pg.Client, app: GrowthFixture, from: number, to: number) {
  await client.query(
    `INSERT INTO "Wallet" (id, "applicationId", livemode, "externalUserId", email, name, currency, "accountNumber", "createdAt")
     SELECT 'wal_' || substr(md5('wallet:' || w), 1, 24), $1, true, 'growth_' || w, 'growth' || w || '@example.com',
            'Growth Holder ' || w, 'USD', '9' || lpad(w::text, 10, '0'),
            (now() AT TIME ZONE 'UTC') - interval '801 days' + w * interval '1 second'
     FROM generate_series($2::int, $3::int) w`,
    [app.applicationId, from, to],
  );
  await client.query(
    `INSERT INTO "LedgerAccount" (id, "applicationId", livemode, kind, currency, "walletId", "createdAt")
     SELECT 'lacct_' || substr(md5('acct:' || w), 1, 24), $1, true, 'wallet', 'USD',
            'wal_' || substr(md5('wallet:' || w), 1, 24), (now() AT TIME ZONE 'UTC') - interval '801 days' + w * interval '1 second'
     FROM generate_series($2::int, $3::int) w`,
    [app.applicationId, from, to],
  );
  await client.query(
    `INSERT INTO "Card" (id, "applicationId", livemode, "walletId", kind, currency, status, last4, "expMonth", "expYear", "createdAt")
     SELECT 'card_' || substr(md5('card:' || w), 1, 24), $1, true, 'wal_' || substr(md5('wallet:' || w), 1, 24),
            'virtual', 'USD', 'active', lpad((w % 10000)::text, 4, '0'), w % 12 + 1, 2030,
            (now() AT TIME ZONE 'UTC') - interval '801 days' + w * interval '1 second'
     FROM generate_series($2::int, $3::int) w`,
    [app.applicationId, from, to],
  );
}

/** Everything a plan's transfers bring: authorizations, transfers, entries, events, deliveries, attempts. */
async function writePlan(client: pg.Client, app: GrowthFixture, newWallets?: [number, number]) {
  const appId = app.applicationId;
  // Half the captures came through the card network (NETWORK_CAPTURE): an authorization
  // request and a final clearing, each a NetworkStep as the lifecycle records them.
  await client.query(
    `INSERT INTO "Authorization" (id, "applicationId", livemode, "cardId", "walletId", currency, amount, status,
                                  "capturedAmount", merchant, source, processor, "networkRef", "createdAt", "updatedAt")
     SELECT 'auth_' || substr(md5('auth:' || key), 1, 24), $1, true, card_id, wallet_id, 'USD', amount, 'closed',
            amount, ${MERCHANT}, (CASE WHEN ${NETWORK_CAPTURE} THEN 'network' ELSE 'sdk' END)::"AuthorizationSource",
            CASE WHEN ${NETWORK_CAPTURE} THEN 'simulator' END,
            CASE WHEN ${NETWORK_CAPTURE} THEN 'sim_ref_' || substr(md5('net:' || key), 1, 24) END,
            t - interval '1 minute', t
     FROM plan WHERE capture`,
    [appId],
  );
  await client.query(
    `INSERT INTO "NetworkStep" (id, "applicationId", livemode, processor, "networkId", kind, "cardId", "walletId",
                                "authorizationId", amount, currency, outcome, "createdAt")
     SELECT 'nstep_' || substr(md5('nstep:' || step.kind || ':' || key), 1, 24), $1, true, 'simulator',
            'sim_' || step.kind || '_' || substr(md5('net:' || key), 1, 24), step.kind, card_id, wallet_id,
            'auth_' || substr(md5('auth:' || key), 1, 24), amount, 'USD',
            CASE WHEN step.kind = 'authorization'
              THEN jsonb_build_object('result', 'approved', 'authorizationId', 'auth_' || substr(md5('auth:' || key), 1, 24),
                                      'approvedAmount', amount::text)
              ELSE jsonb_build_object('result', 'applied', 'authorizationId', 'auth_' || substr(md5('auth:' || key), 1, 24))
            END,
            CASE WHEN step.kind = 'authorization' THEN t - interval '1 minute' ELSE t END
     FROM plan, (VALUES ('authorization'), ('clearing')) step(kind)
     WHERE capture AND ${NETWORK_CAPTURE}`,
    [appId],
  );
  await client.query(
    `INSERT INTO "LedgerTransfer" (id, "applicationId", livemode, kind, "authorizationId", description, "createdAt")
     SELECT 'ltr_' || substr(md5('ltr:' || key), 1, 24), $1, true,
            (CASE WHEN capture THEN 'capture' ELSE 'funding' END)::"LedgerTransferKind",
            CASE WHEN capture THEN 'auth_' || substr(md5('auth:' || key), 1, 24) END,
            CASE WHEN capture THEN 'Corner Coffee' ELSE 'Test funding' END, t
     FROM plan`,
    [appId],
  );
  // In time order, so entry ids follow time within the chunk as they do in production.
  await client.query(
    `INSERT INTO "LedgerEntry" ("transferId", "accountId", currency, amount, "createdAt")
     SELECT 'ltr_' || substr(md5('ltr:' || key), 1, 24), side.account, 'USD', side.amount, t
     FROM plan, LATERAL (VALUES (account_id, CASE WHEN capture THEN -amount ELSE amount END),
                                ('lacct_reserve_live_USD', CASE WHEN capture THEN amount ELSE -amount END)) side(account, amount)
     ORDER BY t, key`,
  );
  await client.query(
    `UPDATE "LedgerAccount" a SET "postedMinor" = s.total
     FROM (SELECT "accountId", sum(amount) AS total FROM "LedgerEntry"
           WHERE "accountId" IN (SELECT DISTINCT account_id FROM plan) GROUP BY "accountId") s
     WHERE a.id = s."accountId"`,
  );
  // Events: a new wallet's wallet.provisioned and card.issued, each capture's card.authorized and
  // card.captured; numbered per wallet after the wallet's last number.
  await client.query(
    `CREATE TEMP TABLE new_events ON COMMIT DROP AS
     SELECT 'evt_' || substr(md5('evt:' || kind || ':' || key), 1, 24) AS id, type, wallet_id, t, data
     FROM (
       SELECT 'a' AS kind, key, 'card.authorized' AS type, wallet_id, t - interval '1 minute' AS t,
              jsonb_build_object('id', 'auth_' || substr(md5('auth:' || key), 1, 24), 'walletId', wallet_id, 'cardId', card_id,
                                 'amount', amount / 100.0, 'currency', 'USD', 'status', 'pending', 'merchant', ${MERCHANT}) AS data
       FROM plan WHERE capture
       UNION ALL
       SELECT 'c', key, 'card.captured', wallet_id, t,
              jsonb_build_object('id', 'auth_' || substr(md5('auth:' || key), 1, 24), 'walletId', wallet_id, 'cardId', card_id,
                                 'amount', amount / 100.0, 'currency', 'USD', 'status', 'closed', 'merchant', ${MERCHANT})
       FROM plan WHERE capture
       UNION ALL
       SELECT 'p', w::text, 'wallet.provisioned', 'wal_' || substr(md5('wallet:' || w), 1, 24),
              (now() AT TIME ZONE 'UTC') - interval '801 days' + w * interval '1 second',
              jsonb_build_object('id', 'wal_' || substr(md5('wallet:' || w), 1, 24), 'externalUserId', 'growth_' || w, 'currency', 'USD')
       FROM generate_series($1::int, $2::int) w
       UNION ALL
       SELECT 'i', w::text, 'card.issued', 'wal_' || substr(md5('wallet:' || w), 1, 24),
              (now() AT TIME ZONE 'UTC') - interval '801 days' + w * interval '1 second' + interval '1 millisecond',
              jsonb_build_object('id', 'card_' || substr(md5('card:' || w), 1, 24), 'walletId', 'wal_' || substr(md5('wallet:' || w), 1, 24),
                                 'kind', 'virtual', 'currency', 'USD', 'status', 'active')
       FROM generate_series($1::int, $2::int) w
     ) e`,
    newWallets ?? [1, 0],
  );
  await client.query(
    `INSERT INTO "Event" (id, "applicationId", livemode, type, data, "walletId", sequence, "createdAt")
     SELECT e.id, $1, true, e.type, e.data, e.wallet_id,
            w."eventSequence" + row_number() OVER (PARTITION BY e.wallet_id ORDER BY e.t, e.id), e.t
     FROM new_events e JOIN "Wallet" w ON w.id = e.wallet_id`,
    [appId],
  );
  await client.query(
    `UPDATE "Wallet" w SET "eventSequence" = w."eventSequence" + c.n
     FROM (SELECT wallet_id, count(*)::int AS n FROM new_events GROUP BY wallet_id) c WHERE w.id = c.wallet_id`,
  );
  await client.query(
    `INSERT INTO "WebhookDelivery" (id, "applicationId", livemode, "eventId", "endpointId", status, "attemptCount",
                                    "lastStatusCode", "createdAt", "updatedAt")
     SELECT 'whd_' || substr(md5('whd:' || id), 1, 24), $1, true, id, $2, 'succeeded', 1, 200, t, t + interval '1 second'
     FROM new_events`,
    [appId, app.endpointId],
  );
  // Attempts older than the retention period have had their bodies dropped, as the job leaves them.
  await client.query(
    `INSERT INTO "WebhookAttempt" (id, "deliveryId", trigger, url, "requestHeaders", "requestBody", "statusCode",
                                   "latencyMs", "responseExcerpt", "bodiesDroppedAt", "createdAt")
     SELECT 'wha_' || substr(md5('wha:' || id), 1, 24), 'whd_' || substr(md5('whd:' || id), 1, 24), 'retry', $1,
            CASE WHEN old THEN '{}'::jsonb ELSE '{"content-type":"application/json"}'::jsonb END,
            CASE WHEN old THEN NULL ELSE data::text END, 200, 20 + abs(hashtext(id)) % 400,
            CASE WHEN old THEN NULL ELSE 'ok' END,
            CASE WHEN old THEN t + interval '${GROWTH_RETENTION_DAYS + 1} days' END, t + interval '1 second'
     FROM (SELECT *, t < (now() AT TIME ZONE 'UTC') - interval '${GROWTH_RETENTION_DAYS} days' AS old FROM new_events) e`,
    [app.endpointUrl],
  );
}

/**
 * Movements of the application's balance: top-ups (from the reserve, each with its TopUp row and
 * bank reference) and transfers to the payee wallet (each with its Transfer row), alternately from a
 * top-up, a top-up larger than a transfer so the balance never goes below zero. `recent` ones lie in
 * the settlement report's year (365 to 5 days ago; phase 1 only), a phase's older ones 800 to 400
 * days ago. No events: top_up.created and transfer.created are not seeded.
 */
async function writeBalancePlan(
  client: pg.Client,
  app: GrowthFixture,
  kind: "recent" | number,
  from: number,
  to: number,
  total: number,
) {
  const [start, span] = kind === "recent" ? ["365 days", "360 days"] : ["800 days", "400 days"];
  await client.query(
    `CREATE TEMP TABLE bplan ON COMMIT DROP AS
     SELECT $3 || ':' || j AS key,
            (now() AT TIME ZONE 'UTC') - interval '${start}' + (j + 0.5) * (interval '${span}' / $4::int) AS t,
            j % 2 = 0 AS top_up,
            (CASE WHEN j % 2 = 0 THEN 50000 + j % 5000 ELSE 20000 END)::bigint AS amount
     FROM generate_series($1::int, $2::int) j`,
    [from, to, kind === "recent" ? "balance-r" : `balance-b${kind}`, total],
  );
  const appId = app.applicationId;
  await client.query(
    `INSERT INTO "LedgerTransfer" (id, "applicationId", livemode, kind, description, "createdAt")
     SELECT 'ltr_' || substr(md5('ltr:' || key), 1, 24), $1, true,
            (CASE WHEN top_up THEN 'top_up' ELSE 'transfer' END)::"LedgerTransferKind",
            CASE WHEN top_up THEN 'Bank deposit' ELSE 'Payroll' END, t
     FROM bplan`,
    [appId],
  );
  await client.query(
    `INSERT INTO "LedgerEntry" ("transferId", "accountId", currency, amount, "createdAt")
     SELECT 'ltr_' || substr(md5('ltr:' || key), 1, 24), side.account, 'USD', side.amount, t
     FROM bplan, LATERAL (VALUES
       (CASE WHEN top_up THEN 'lacct_reserve_live_USD' ELSE $1 END, -amount),
       (CASE WHEN top_up THEN $1 ELSE $2 END, amount)) side(account, amount)
     ORDER BY t, key`,
    [app.balanceAccountId, app.payeeAccountId],
  );
  await client.query(
    `INSERT INTO "TopUp" (id, "applicationId", livemode, currency, amount, reference, description, "ledgerTransferId", "createdAt")
     SELECT 'tu_' || substr(md5('tu:' || key), 1, 24), $1, true, 'USD', amount, 'growth-' || key, 'Bank deposit',
            'ltr_' || substr(md5('ltr:' || key), 1, 24), t
     FROM bplan WHERE top_up`,
    [appId],
  );
  await client.query(
    `INSERT INTO "Transfer" (id, "applicationId", livemode, currency, amount, "fromWalletId", "toWalletId", description,
                             metadata, "ledgerTransferId", "createdAt")
     SELECT 'tr_' || substr(md5('tr:' || key), 1, 24), $1, true, 'USD', amount, NULL, $2, 'Payroll', '{}'::jsonb,
            'ltr_' || substr(md5('ltr:' || key), 1, 24), t
     FROM bplan WHERE NOT top_up`,
    [appId, app.payeeWalletId],
  );
  await client.query(
    `UPDATE "LedgerAccount" a SET "postedMinor" = s.total
     FROM (SELECT "accountId", sum(amount) AS total FROM "LedgerEntry" WHERE "accountId" IN ($1, $2) GROUP BY "accountId") s
     WHERE a.id = s."accountId"`,
    [app.balanceAccountId, app.payeeAccountId],
  );
}

/**
 * Request-log rows of this chunk, spread over the last 29 days (older ones are gone with
 * retention): one per `perRow` planned transfers, mostly reads of the chunk's wallets, some with
 * the busy wallet's path, some refused.
 */
async function insertRequestLogs(client: pg.Client, app: GrowthFixture, tag: string, count: number) {
  if (count <= 0) return;
  await client.query(
    `INSERT INTO "RequestLog" (id, "applicationId", livemode, method, path, status, "errorCode", "clientAddress",
                               "latencyMs", "responseBody", "createdAt")
     SELECT 'req_' || substr(md5('req:' || $2 || ':' || k), 1, 24), $1, true,
            CASE WHEN k % 5 = 0 THEN 'POST' ELSE 'GET' END,
            '/api/public/sdk/v1/wallets/' || CASE WHEN k % 100 = 0 THEN '${BUSY_EXTERNAL_USER_ID}' ELSE 'growth_' || (k % 5000) END
              || CASE WHEN k % 3 = 0 THEN '/transactions' ELSE '' END,
            CASE WHEN k % 50 = 0 THEN 404 ELSE 200 END, CASE WHEN k % 50 = 0 THEN 'wallet_not_found' END, '127.0.0.1',
            3 + k % 40, '{"object":"wallet"}',
            (now() AT TIME ZONE 'UTC') - interval '29 days' * ((abs(hashtext($2 || ':' || k)) % 1000000) / 1000000.0)
     FROM generate_series(1, $3::int) k`,
    [app.applicationId, tag, count],
  );
}

async function insertAuditLogs(client: pg.Client, app: GrowthFixture, tag: string, count: number) {
  if (count <= 0) return;
  await client.query(
    `INSERT INTO "AuditLog" (id, "merchantId", "accountId", "applicationId", action, detail, "ipAddress", "createdAt")
     SELECT 'aud_' || substr(md5('aud:' || $4 || ':' || k), 1, 24), $1, $2, $3, 'key.created',
            jsonb_build_object('name', 'key ' || k), '127.0.0.1',
            (now() AT TIME ZONE 'UTC') - interval '800 days' * ((abs(hashtext($4 || ':' || k)) % 1000000) / 1000000.0)
     FROM generate_series(1, $5::int) k`,
    [app.merchantId, app.accountId, app.applicationId, tag, count],
  );
}

/**
 * Grows the application by about `entries` ledger entries: a share of older history on the busy
 * wallet (one in twenty entries; in the first phase also its fixed last 400 days), the rest on new
 * ordinary wallets, with request logs (one per eight entries) and audit lines (one per ten wallets).
 */
export async function growApplication(
  databaseUrl: string,
  app: GrowthFixture,
  entries: number,
  log: (message: string) => void,
): Promise<GrowthFixture> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const phase = app.phases + 1;
  const inTransaction = async (work: () => Promise<void>) => {
    await client.query("BEGIN");
    try {
      await work();
      await client.query("COMMIT");
    } catch (error) {
      await client.query("ROLLBACK");
      throw error;
    }
  };
  try {
    let left = entries;
    if (phase === 1) {
      await inTransaction(async () => {
        const [sql, params] = busyPlan(app, "recent", 0, BUSY_RECENT_TRANSFERS - 1, BUSY_RECENT_TRANSFERS);
        await client.query(sql, params);
        await writePlan(client, app);
      });
      left -= BUSY_RECENT_TRANSFERS * 2;
      await inTransaction(() =>
        writeBalancePlan(client, app, "recent", 0, BALANCE_RECENT_MOVEMENTS - 1, BALANCE_RECENT_MOVEMENTS),
      );
      left -= BALANCE_RECENT_MOVEMENTS * 2;
    }
    // The balance's older history grows like the busy wallet's: one entry in twenty.
    const balanceOld = Math.max(2, Math.round(entries / 40));
    for (let j = 0; j < balanceOld; j += BALANCE_CHUNK) {
      await inTransaction(() =>
        writeBalancePlan(client, app, phase, j, Math.min(balanceOld, j + BALANCE_CHUNK) - 1, balanceOld),
      );
    }
    left -= balanceOld * 2;
    const busyOld = Math.max(2, Math.round(entries / 40));
    for (let j = 0; j < busyOld; j += BUSY_CHUNK) {
      await inTransaction(async () => {
        const [sql, params] = busyPlan(app, phase, j, Math.min(busyOld, j + BUSY_CHUNK) - 1, busyOld);
        await client.query(sql, params);
        await writePlan(client, app);
      });
    }
    left -= busyOld * 2;
    const wallets = Math.max(1, Math.floor(left / (TRANSFERS_PER_WALLET * 2)));
    const first = app.wallets + 1;
    const last = app.wallets + wallets;
    for (let from = first; from <= last; from += WALLET_CHUNK) {
      const to = Math.min(last, from + WALLET_CHUNK - 1);
      await inTransaction(async () => {
        await insertOrdinaryWallets(client, app, from, to);
        const [sql, params] = ordinaryPlan(from, to);
        await client.query(sql, params);
        await writePlan(client, app, [from, to]);
        const chunkEntries = (to - from + 1) * TRANSFERS_PER_WALLET * 2;
        await insertRequestLogs(client, app, `${phase}:${from}`, Math.round(chunkEntries / 8));
        await insertAuditLogs(client, app, `${phase}:${from}`, Math.round((to - from + 1) / 10));
      });
      if ((to - first + 1) % (WALLET_CHUNK * 10) === 0 || to === last)
        log(`growth: phase ${phase}, ${to - first + 1} of ${wallets} wallets written`);
    }
    await client.query("ANALYZE");
    return { ...app, wallets: last, phases: phase };
  } finally {
    await client.end();
  }
}

/** What the growth application holds now, to report beside the timings. */
export async function growthCounts(databaseUrl: string, app: GrowthFixture): Promise<GrowthCounts> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const count = async (sql: string) =>
      Number((await client.query<{ n: string }>(sql, [app.applicationId])).rows[0]?.n ?? 0);
    return {
      ledgerEntries: await count(
        `SELECT count(*) AS n FROM "LedgerEntry" e JOIN "LedgerTransfer" t ON t.id = e."transferId" WHERE t."applicationId" = $1`,
      ),
      wallets: await count(`SELECT count(*) AS n FROM "Wallet" WHERE "applicationId" = $1`),
      events: await count(`SELECT count(*) AS n FROM "Event" WHERE "applicationId" = $1`),
      deliveries: await count(`SELECT count(*) AS n FROM "WebhookDelivery" WHERE "applicationId" = $1`),
      attempts: await count(
        `SELECT count(*) AS n FROM "WebhookAttempt" a JOIN "WebhookDelivery" d ON d.id = a."deliveryId" WHERE d."applicationId" = $1`,
      ),
      requestLogs: await count(`SELECT count(*) AS n FROM "RequestLog" WHERE "applicationId" = $1`),
      auditLogs: await count(`SELECT count(*) AS n FROM "AuditLog" WHERE "applicationId" = $1`),
    };
  } finally {
    await client.end();
  }
}
