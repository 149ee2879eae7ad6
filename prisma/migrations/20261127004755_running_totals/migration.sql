-- CreateTable
CREATE TABLE "LedgerTotalDelta" (
    "id" BIGSERIAL NOT NULL,
    "livemode" BOOLEAN NOT NULL,
    "metric" TEXT NOT NULL,
    "currency" TEXT NOT NULL,
    "bucket" TIMESTAMP(3) NOT NULL,
    "amount" BIGINT NOT NULL,
    "entryIds" BIGINT[] DEFAULT ARRAY[]::BIGINT[],

    CONSTRAINT "LedgerTotalDelta_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "LedgerTotal" (
    "livemode" BOOLEAN NOT NULL,
    "metric" TEXT NOT NULL,
    "currency" TEXT NOT NULL,
    "bucket" TIMESTAMP(3) NOT NULL,
    "amount" BIGINT NOT NULL,

    CONSTRAINT "LedgerTotal_pkey" PRIMARY KEY ("livemode","metric","currency","bucket")
);

-- CreateTable
CREATE TABLE "LedgerVerification" (
    "livemode" BOOLEAN NOT NULL,
    "balanced" BOOLEAN NOT NULL,
    "checkedAt" TIMESTAMP(3) NOT NULL,
    "throughEntryId" BIGINT NOT NULL DEFAULT 0,
    "deltasChecked" BIGINT NOT NULL DEFAULT 0,
    "failedAt" TIMESTAMP(3),
    "findings" JSONB,

    CONSTRAINT "LedgerVerification_pkey" PRIMARY KEY ("livemode")
);

-- Hand-written below (docs/decisions/running-totals.md): the triggers that append a delta in the
-- transaction of every change the treasury figures count, the guards, and the backfill.
ALTER TABLE "LedgerTotalDelta" ADD CONSTRAINT "LedgerTotalDelta_entryIds" CHECK ("entryIds" IS NOT NULL);
ALTER TABLE "LedgerTotalDelta" ADD CONSTRAINT "LedgerTotalDelta_metric"
  CHECK ("metric" IN ('wallet', 'reserve', 'wallets', 'active_cards', 'card_volume'));
ALTER TABLE "LedgerTotal" ADD CONSTRAINT "LedgerTotal_metric"
  CHECK ("metric" IN ('wallet', 'reserve', 'wallets', 'active_cards', 'card_volume'));
ALTER TABLE "LedgerTotal" ADD CONSTRAINT "LedgerTotal_bucket"
  CHECK (("metric" = 'card_volume') = ("bucket" <> TIMESTAMP '1970-01-01'));

-- One statement's entries: their sum per account mode, kind and currency, and the card volume
-- (minus the wallets' side of captures and refunds) per transfer mode, currency and minute.
-- Statement-level, so a transfer's legs make one or two rows; insert-only, so no writer waits.
CREATE FUNCTION ledger_entries_total_delta() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "LedgerTotalDelta" ("livemode", "metric", "currency", "bucket", "amount", "entryIds")
  SELECT a."livemode", a."kind"::text, a."currency", TIMESTAMP '1970-01-01', SUM(n."amount"), array_agg(n."id" ORDER BY n."id")
  FROM new_entries n JOIN "LedgerAccount" a ON a."id" = n."accountId"
  GROUP BY a."livemode", a."kind", a."currency"
  UNION ALL
  SELECT t."livemode", 'card_volume', n."currency", date_trunc('minute', t."createdAt"), -SUM(n."amount"),
         array_agg(n."id" ORDER BY n."id")
  FROM new_entries n
  JOIN "LedgerTransfer" t ON t."id" = n."transferId"
  JOIN "LedgerAccount" a ON a."id" = n."accountId" AND a."kind" = 'wallet'
  WHERE t."kind" IN ('capture', 'refund')
  GROUP BY t."livemode", n."currency", date_trunc('minute', t."createdAt");
  RETURN NULL;
END $$;
CREATE TRIGGER "LedgerEntry_total_delta" AFTER INSERT ON "LedgerEntry"
  REFERENCING NEW TABLE AS new_entries FOR EACH STATEMENT EXECUTE FUNCTION ledger_entries_total_delta();

-- A new account makes its (mode, kind, currency) known with a zero delta, as the full recomputation
-- lists every account's group even before its first entry.
CREATE FUNCTION ledger_account_total_delta() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "LedgerTotalDelta" ("livemode", "metric", "currency", "bucket", "amount")
  VALUES (NEW."livemode", NEW."kind"::text, NEW."currency", TIMESTAMP '1970-01-01', 0);
  RETURN NULL;
END $$;
CREATE TRIGGER "LedgerAccount_total_delta" AFTER INSERT ON "LedgerAccount"
  FOR EACH ROW EXECUTE FUNCTION ledger_account_total_delta();

-- Wallets and active cards counted per mode and currency. Row-level with WHEN clauses, so the
-- frequent updates that change none of the counted columns (a wallet's event sequence) cost nothing.
CREATE FUNCTION count_total_delta() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  metric TEXT := TG_ARGV[0];
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') AND (metric = 'wallets' OR OLD."status"::text = 'active') THEN
    INSERT INTO "LedgerTotalDelta" ("livemode", "metric", "currency", "bucket", "amount")
    VALUES (OLD."livemode", metric, OLD."currency", TIMESTAMP '1970-01-01', -1);
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') AND (metric = 'wallets' OR NEW."status"::text = 'active') THEN
    INSERT INTO "LedgerTotalDelta" ("livemode", "metric", "currency", "bucket", "amount")
    VALUES (NEW."livemode", metric, NEW."currency", TIMESTAMP '1970-01-01', 1);
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER "Wallet_total_delta_insert_delete" AFTER INSERT OR DELETE ON "Wallet"
  FOR EACH ROW EXECUTE FUNCTION count_total_delta('wallets');
CREATE TRIGGER "Wallet_total_delta_update" AFTER UPDATE OF "livemode", "currency" ON "Wallet"
  FOR EACH ROW WHEN (OLD."livemode" IS DISTINCT FROM NEW."livemode" OR OLD."currency" IS DISTINCT FROM NEW."currency")
  EXECUTE FUNCTION count_total_delta('wallets');
CREATE TRIGGER "Card_total_delta_insert_delete" AFTER INSERT OR DELETE ON "Card"
  FOR EACH ROW EXECUTE FUNCTION count_total_delta('active_cards');
CREATE TRIGGER "Card_total_delta_update" AFTER UPDATE OF "status", "livemode", "currency" ON "Card"
  FOR EACH ROW WHEN (OLD."status" IS DISTINCT FROM NEW."status" OR OLD."livemode" IS DISTINCT FROM NEW."livemode"
    OR OLD."currency" IS DISTINCT FROM NEW."currency")
  EXECUTE FUNCTION count_total_delta('active_cards');

-- The totals so far, folded in directly (the first full verification checks them against the
-- entries). Volume only for the last 31 days: older buckets are never read.
INSERT INTO "LedgerTotal" ("livemode", "metric", "currency", "bucket", "amount")
SELECT a."livemode", a."kind"::text, a."currency", TIMESTAMP '1970-01-01', COALESCE(SUM(e."amount"), 0)
FROM "LedgerAccount" a LEFT JOIN "LedgerEntry" e ON e."accountId" = a."id"
GROUP BY a."livemode", a."kind", a."currency";
INSERT INTO "LedgerTotal" ("livemode", "metric", "currency", "bucket", "amount")
SELECT "livemode", 'wallets', "currency", TIMESTAMP '1970-01-01', COUNT(*) FROM "Wallet" GROUP BY "livemode", "currency";
INSERT INTO "LedgerTotal" ("livemode", "metric", "currency", "bucket", "amount")
SELECT "livemode", 'active_cards', "currency", TIMESTAMP '1970-01-01', COUNT(*) FROM "Card"
WHERE "status" = 'active' GROUP BY "livemode", "currency";
INSERT INTO "LedgerTotal" ("livemode", "metric", "currency", "bucket", "amount")
SELECT t."livemode", 'card_volume', e."currency", date_trunc('minute', t."createdAt"), -SUM(e."amount")
FROM "LedgerTransfer" t
JOIN "LedgerEntry" e ON e."transferId" = t."id"
JOIN "LedgerAccount" a ON a."id" = e."accountId" AND a."kind" = 'wallet'
WHERE t."kind" IN ('capture', 'refund') AND t."createdAt" >= now() AT TIME ZONE 'UTC' - INTERVAL '31 days'
GROUP BY t."livemode", e."currency", date_trunc('minute', t."createdAt");
