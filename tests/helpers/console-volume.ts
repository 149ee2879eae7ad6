// Seeds an application's history in bulk with set-based SQL (generate_series), for the console read
// cost tests: `rows` wallets, logged requests, events with one delivery each, webhook attempts over
// the last 7 days, and one wallet with rows / 2 transfers followed by as many of another wallet's (so
// the busy wallet's newest entry is older than rows others, as a quieter wallet's is in production).
// A needle row of each searchable kind is the only one matching its search, so a query that reads
// every row to find it shows in its plan.
import { prisma } from "@/lib/db/client";
import { randomBase62 } from "@/lib/ids";
import { reserveStreamSequences } from "./stream-sequence";

export type ConsoleVolume = {
  /** The externalUserId fragment only the needle wallet has, and the path fragment only one log line has. */
  walletNeedle: string;
  pathNeedle: string;
  endpointId: string;
  /** The busy wallet's externalUserId and id. */
  busyWallet: { externalUserId: string; id: string };
};

export async function seedConsoleVolume(applicationId: string, rows: number): Promise<ConsoleVolume> {
  const db = prisma();
  const tag = randomBase62(8).toLowerCase();
  // Letters md5's hex never has, so no other row matches.
  const walletNeedle = `qxz${tag.slice(0, 4)}`;
  const pathNeedle = `wvy${tag.slice(0, 4)}`;
  const endpointId = `we_vol${tag}`;
  const busy = { externalUserId: `busy_${tag}`, id: `wal_busy${tag}` };
  const reserve = `lac_volreserve${tag}`;
  const busyAccount = `lac_volbusy${tag}`;
  const later = { id: `wal_later${tag}`, account: `lac_vollater${tag}` };
  const transfers = Math.max(1, Math.floor(rows / 2));

  await db.$executeRaw`
    INSERT INTO "Wallet" ("id", "applicationId", "livemode", "externalUserId", "email", "currency", "accountNumber", "createdAt")
    SELECT 'wal_vol' || ${tag} || i, ${applicationId}, false,
      CASE WHEN i = ${rows} THEN 'user_' || ${walletNeedle} ELSE 'user_' || md5(${tag} || i) END,
      'u' || i || '@example.test', 'USD', 'V' || ${tag} || lpad(i::text, 9, '0'),
      timestamp '2026-01-01' + i * interval '1 second'
    FROM generate_series(1, ${rows}) AS i`;
  await db.$executeRaw`
    INSERT INTO "RequestLog" ("id", "applicationId", "livemode", "method", "path", "status", "latencyMs", "createdAt")
    SELECT 'req_vol' || ${tag} || i, ${applicationId}, false, 'GET',
      '/api/public/sdk/v1/wallets/' || CASE WHEN i = ${rows} THEN ${pathNeedle} ELSE md5(${tag} || i) END,
      CASE WHEN i % 10 = 0 THEN 404 ELSE 200 END, 5 + i % 40, timestamp '2026-01-01' + i * interval '1 second'
    FROM generate_series(1, ${rows}) AS i`;
  await db.$executeRaw`
    INSERT INTO "WebhookEndpoint" ("id", "applicationId", "livemode", "url", "events", "updatedAt")
    VALUES (${endpointId}, ${applicationId}, false, 'https://receiver.example.test/hooks', '{}', now())`;
  const firstSequence = reserveStreamSequences(rows);
  await db.$executeRaw`
    INSERT INTO "Event" ("id", "applicationId", "livemode", "type", "data", "sequence", "createdAt")
    SELECT 'evt_vol' || ${tag} || i, ${applicationId}, false,
      (ARRAY['wallet.provisioned', 'card.issued', 'card.authorized', 'card.captured'])[1 + i % 4], '{}', ${firstSequence} - 1 + i,
      (now() AT TIME ZONE 'UTC') - (${rows} - i) * interval '1 second'
    FROM generate_series(1, ${rows}) AS i`;
  await db.$executeRaw`
    INSERT INTO "WebhookDelivery" ("id", "applicationId", "livemode", "eventId", "endpointId", "status", "attemptCount", "createdAt", "updatedAt")
    SELECT 'whd_vol' || ${tag} || i, ${applicationId}, false, 'evt_vol' || ${tag} || i, ${endpointId},
      'succeeded', 1, (now() AT TIME ZONE 'UTC') - (${rows} - i) * interval '1 second', now()
    FROM generate_series(1, ${rows}) AS i`;
  // Spread over the last 7 days, a tenth of them failures; latencies from 1 ms to about 2 s.
  await db.$executeRaw`
    INSERT INTO "WebhookAttempt" ("id", "deliveryId", "trigger", "requestHeaders", "statusCode", "latencyMs", "createdAt")
    SELECT 'wha_vol' || ${tag} || i, 'whd_vol' || ${tag} || i, 'retry', '{}',
      CASE WHEN i % 10 = 0 THEN 500 ELSE 200 END, 1 + (i * 7919) % 2000,
      (now() AT TIME ZONE 'UTC') - (i % 10000) * (interval '7 days' / 10000)
    FROM generate_series(1, ${rows}) AS i`;
  // One transaction: a transfer's entries must balance by its commit (a deferred check).
  await db.$transaction(
    async (tx) => {
      await tx.$executeRaw`
      INSERT INTO "Wallet" ("id", "applicationId", "livemode", "externalUserId", "email", "currency", "accountNumber", "createdAt")
      VALUES (${busy.id}, ${applicationId}, false, ${busy.externalUserId}, 'busy@example.test', 'USD', ${"B" + tag}, now())`;
      await tx.$executeRaw`
      INSERT INTO "Wallet" ("id", "applicationId", "livemode", "externalUserId", "email", "currency", "accountNumber", "createdAt")
      VALUES (${later.id}, ${applicationId}, false, ${"later_" + tag}, 'later@example.test', 'USD', ${"L" + tag}, now())`;
      await tx.$executeRaw`
      INSERT INTO "LedgerAccount" ("id", "applicationId", "livemode", "kind", "currency", "walletId", "postedMinor")
      VALUES (${busyAccount}, ${applicationId}, false, 'wallet', 'USD', ${busy.id}, ${BigInt(transfers) * 100n}),
        (${later.account}, ${applicationId}, false, 'wallet', 'USD', ${later.id}, ${BigInt(transfers) * 100n}),
        (${reserve}, NULL, false, 'reserve', 'USD', NULL, 0)`;
      // Transfers 1..n credit the busy wallet, n+1..2n the later one: every later entry has a higher id.
      await tx.$executeRaw`
      INSERT INTO "LedgerTransfer" ("id", "applicationId", "livemode", "kind", "description", "createdAt")
      SELECT 'ltr_vol' || ${tag} || i, ${applicationId}, false, 'funding', 'Seeded',
        timestamp '2026-01-01' + i * interval '1 second'
      FROM generate_series(1, 2 * ${transfers}) AS i`;
      await tx.$executeRaw`
      INSERT INTO "LedgerEntry" ("transferId", "accountId", "currency", "amount", "createdAt")
      SELECT 'ltr_vol' || ${tag} || i, CASE WHEN leg."amount" < 0 THEN ${reserve} WHEN i <= ${transfers} THEN ${busyAccount} ELSE ${later.account} END,
        'USD', leg."amount", timestamp '2026-01-01' + i * interval '1 second'
      FROM generate_series(1, 2 * ${transfers}) AS i, (VALUES (-100::bigint), (100::bigint)) AS leg("amount")
      ORDER BY i`;
    },
    { timeout: 600_000, maxWait: 60_000 },
  );
  // As autovacuum would after such a burst: statistics, and the request log's trigram pending list
  // merged into its index.
  await db.$executeRawUnsafe(
    `VACUUM ANALYZE "Wallet", "RequestLog", "Event", "WebhookDelivery", "WebhookAttempt", "WebhookLatencyHour", "LedgerEntry", "LedgerAccount"`,
  );
  return { walletNeedle, pathNeedle, endpointId, busyWallet: busy };
}
