-- Hand-written (docs/decisions/running-totals.md): the 30-day card volume reads whole hours from
-- hour buckets and only the window's first partial hour from minute buckets, so the treasury's read
-- is at most about 780 rows per mode and currency however busy the month was (it summed up to
-- 43 200 minute rows). The verification's fold keeps both in the same transaction.
ALTER TABLE "LedgerTotal" DROP CONSTRAINT "LedgerTotal_metric";
ALTER TABLE "LedgerTotal" ADD CONSTRAINT "LedgerTotal_metric"
  CHECK ("metric" IN ('wallet', 'reserve', 'wallets', 'active_cards', 'card_volume', 'card_volume_hour'));
ALTER TABLE "LedgerTotal" DROP CONSTRAINT "LedgerTotal_bucket";
ALTER TABLE "LedgerTotal" ADD CONSTRAINT "LedgerTotal_bucket"
  CHECK (("metric" IN ('card_volume', 'card_volume_hour')) = ("bucket" <> TIMESTAMP '1970-01-01'));
ALTER TABLE "LedgerTotal" ADD CONSTRAINT "LedgerTotal_bucket_on_the_hour"
  CHECK ("metric" <> 'card_volume_hour' OR "bucket" = date_trunc('hour', "bucket"));

-- The hours of the minute buckets folded so far.
INSERT INTO "LedgerTotal" ("livemode", "metric", "currency", "bucket", "amount")
SELECT "livemode", 'card_volume_hour', "currency", date_trunc('hour', "bucket"), SUM("amount")
FROM "LedgerTotal" WHERE "metric" = 'card_volume'
GROUP BY "livemode", "currency", date_trunc('hour', "bucket");
