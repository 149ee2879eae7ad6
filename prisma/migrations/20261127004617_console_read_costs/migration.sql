-- Trigram operators for the GIN indexes below (see the hand-written part at the end).
CREATE EXTENSION IF NOT EXISTS pg_trgm;

-- CreateTable
CREATE TABLE "WebhookLatencyHour" (
    "endpointId" TEXT NOT NULL,
    "hour" TIMESTAMP(3) NOT NULL,
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "succeeded" INTEGER NOT NULL DEFAULT 0,
    "latencyCounts" INTEGER[],

    CONSTRAINT "WebhookLatencyHour_pkey" PRIMARY KEY ("endpointId","hour")
);

-- CreateIndex
CREATE INDEX "RequestLog_path_trgm_idx" ON "RequestLog" USING GIN ("path" gin_trgm_ops);

-- CreateIndex
CREATE INDEX "Wallet_externalUserId_trgm_idx" ON "Wallet" USING GIN ("externalUserId" gin_trgm_ops);

-- AddForeignKey
ALTER TABLE "WebhookLatencyHour" ADD CONSTRAINT "WebhookLatencyHour_endpointId_fkey" FOREIGN KEY ("endpointId") REFERENCES "WebhookEndpoint"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Added by hand (docs/decisions/console-read-costs.md) --------------------------------------------

-- pg_trgm (created at the top of this file, before the indexes that use it) ships with PostgreSQL's
-- contrib and with the embedded-postgres binaries, and is a trusted extension since PostgreSQL 13.

-- The fixed latency bucket bounds, in milliseconds: bucket i holds [bounds[i], bounds[i+1]) and the
-- last one up to 2^31. Each next bound is floor(1.1 * bound) + 1, so a bucket's midpoint is within 5%
-- of any latency in it (exact below 10 ms). lib/webhooks/latency-buckets.ts computes the same list;
-- tests/integration/console-read-costs.test.ts proves they agree. Never change them in place: the
-- stored histograms count by position.
CREATE FUNCTION webhook_latency_bounds() RETURNS int[] LANGUAGE sql IMMUTABLE PARALLEL SAFE AS
$$ SELECT '{0,1,2,3,4,5,6,7,8,9,10,12,14,16,18,20,23,26,29,32,36,40,45,50,56,62,69,76,84,93,103,114,126,139,153,169,186,205,226,249,274,302,333,367,404,445,490,540,595,655,721,794,874,962,1059,1165,1282,1411,1553,1709,1880,2069,2276,2504,2755,3031,3335,3669,4036,4440,4885,5374,5912,6504,7155,7871,8659,9525,10478,11526,12679,13947,15342,16877,18565,20422,22465,24712,27184,29903,32894,36184,39803,43784,48163,52980,58279,64107,70518,77570,85328,93861,103248,113573,124931,137425,151168,166285,182914,201206,221327,243460,267807,294588,324047,356452,392098,431308,474439,521883,574072,631480,694629,764092,840502,924553,1017009,1118710,1230582,1353641,1489006,1637907,1801698,1981868,2180055,2398061,2637868,2901655,3191821,3511004,3862105,4248316,4673148,5140463,5654510,6219962,6841959,7526155,8278771,9106649,10017314,11019046,12120951,13333047,14666352,16132988,17746287,19520916,21473008,23620309,25982340,28580575,31438633,34582497,38040747,41844822,46029305,50632236,55695460,61265007,67391508,74130659,81543725,89698098,98667908,108534699,119388169,131326986,144459685,158905654,174796220,192275843,211503428,232653771,255919149,281511064,309662171,340628389,374691228,412160351,453376387,498714026,548585429,603443972,663788370,730167208,803183929,883502322,971852555,1069037811,1175941593,1293535753,1422889329,1565178262,1721696089,1893865698,2083252268}'::int[] $$;

ALTER TABLE "WebhookLatencyHour" ADD CONSTRAINT "WebhookLatencyHour_histogram_check" CHECK (
  "latencyCounts" IS NOT NULL AND array_lower("latencyCounts", 1) = 1
  AND cardinality("latencyCounts") = cardinality(webhook_latency_bounds())
  AND "attempts" >= 0 AND "succeeded" BETWEEN 0 AND "attempts"
  AND "hour" = date_trunc('hour', "hour")
);

-- Every recorded attempt counts in its endpoint's hour, in the attempt's own transaction, whichever
-- path wrote it (a first try, a retry, a replay, a test fixture). AFTER INSERT fires only for rows
-- actually inserted, so an insert that gave way (ON CONFLICT DO NOTHING) counts nothing.
CREATE FUNCTION webhook_attempt_count_hour() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  bucket int := CASE WHEN NEW."latencyMs" IS NULL THEN NULL
    ELSE width_bucket(greatest(NEW."latencyMs", 0), webhook_latency_bounds()) END;
  ok int := CASE WHEN NEW."error" IS NULL AND NEW."statusCode" BETWEEN 200 AND 299 THEN 1 ELSE 0 END;
  empty int[] := array_fill(0, ARRAY[cardinality(webhook_latency_bounds())]);
BEGIN
  IF bucket IS NULL THEN
    INSERT INTO "WebhookLatencyHour" AS h ("endpointId", "hour", "attempts", "succeeded", "latencyCounts")
    SELECT d."endpointId", date_trunc('hour', NEW."createdAt"), 1, ok, empty
    FROM "WebhookDelivery" d WHERE d."id" = NEW."deliveryId"
    ON CONFLICT ("endpointId", "hour") DO UPDATE SET "attempts" = h."attempts" + 1, "succeeded" = h."succeeded" + ok;
  ELSE
    empty[bucket] := 1;
    INSERT INTO "WebhookLatencyHour" AS h ("endpointId", "hour", "attempts", "succeeded", "latencyCounts")
    SELECT d."endpointId", date_trunc('hour', NEW."createdAt"), 1, ok, empty
    FROM "WebhookDelivery" d WHERE d."id" = NEW."deliveryId"
    ON CONFLICT ("endpointId", "hour") DO UPDATE SET "attempts" = h."attempts" + 1, "succeeded" = h."succeeded" + ok,
      "latencyCounts"[bucket] = h."latencyCounts"[bucket] + 1;
  END IF;
  RETURN NULL;
END
$$;

CREATE TRIGGER "WebhookAttempt_count_hour" AFTER INSERT ON "WebhookAttempt"
  FOR EACH ROW EXECUTE FUNCTION webhook_attempt_count_hour();

-- The hours the console reads (the last 7 days and the current hour) from the attempts already
-- recorded; older hours are never read.
INSERT INTO "WebhookLatencyHour" ("endpointId", "hour", "attempts", "succeeded", "latencyCounts")
SELECT g."endpointId", g."hour", g."attempts", g."succeeded",
  ARRAY(SELECT coalesce(g."byBucket" ->> i::text, '0')::int
        FROM generate_series(1, cardinality(webhook_latency_bounds())) AS i ORDER BY i)
FROM (
  SELECT s."endpointId", s."hour", sum(s."n")::int AS "attempts", sum(s."ok")::int AS "succeeded",
    jsonb_object_agg(s."bucket", s."n") FILTER (WHERE s."bucket" IS NOT NULL) AS "byBucket"
  FROM (
    SELECT d."endpointId", date_trunc('hour', a."createdAt") AS "hour",
      width_bucket(greatest(a."latencyMs", 0), webhook_latency_bounds()) AS "bucket",
      count(*) AS "n",
      count(*) FILTER (WHERE a."error" IS NULL AND a."statusCode" BETWEEN 200 AND 299) AS "ok"
    FROM "WebhookAttempt" a JOIN "WebhookDelivery" d ON d."id" = a."deliveryId"
    WHERE a."createdAt" >= date_trunc('hour', now() AT TIME ZONE 'UTC') - interval '8 days'
    GROUP BY 1, 2, 3
  ) s
  GROUP BY 1, 2
) g;
