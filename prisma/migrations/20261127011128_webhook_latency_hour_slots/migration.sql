-- AlterTable
ALTER TABLE "WebhookLatencyHour" DROP CONSTRAINT "WebhookLatencyHour_pkey",
ADD COLUMN     "slot" SMALLINT NOT NULL DEFAULT 0,
ADD CONSTRAINT "WebhookLatencyHour_pkey" PRIMARY KEY ("endpointId", "hour", "slot");

-- Added by hand (docs/decisions/console-read-costs.md) --------------------------------------------

ALTER TABLE "WebhookLatencyHour" ADD CONSTRAINT "WebhookLatencyHour_slot_check" CHECK ("slot" BETWEEN 0 AND 7);

-- As before, but into the writing connection's slot of the hour: attempts recorded at once by
-- different workers' connections take different rows' locks (mostly), so none waits on another's
-- commit; the console sums the slots.
CREATE OR REPLACE FUNCTION webhook_attempt_count_hour() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  bucket int := CASE WHEN NEW."latencyMs" IS NULL THEN NULL
    ELSE width_bucket(greatest(NEW."latencyMs", 0), webhook_latency_bounds()) END;
  ok int := CASE WHEN NEW."error" IS NULL AND NEW."statusCode" BETWEEN 200 AND 299 THEN 1 ELSE 0 END;
  empty int[] := array_fill(0, ARRAY[cardinality(webhook_latency_bounds())]);
  writer_slot smallint := pg_backend_pid() % 8;
BEGIN
  IF bucket IS NULL THEN
    INSERT INTO "WebhookLatencyHour" AS h ("endpointId", "hour", "slot", "attempts", "succeeded", "latencyCounts")
    SELECT d."endpointId", date_trunc('hour', NEW."createdAt"), writer_slot, 1, ok, empty
    FROM "WebhookDelivery" d WHERE d."id" = NEW."deliveryId"
    ON CONFLICT ("endpointId", "hour", "slot") DO UPDATE
      SET "attempts" = h."attempts" + 1, "succeeded" = h."succeeded" + ok;
  ELSE
    empty[bucket] := 1;
    INSERT INTO "WebhookLatencyHour" AS h ("endpointId", "hour", "slot", "attempts", "succeeded", "latencyCounts")
    SELECT d."endpointId", date_trunc('hour', NEW."createdAt"), writer_slot, 1, ok, empty
    FROM "WebhookDelivery" d WHERE d."id" = NEW."deliveryId"
    ON CONFLICT ("endpointId", "hour", "slot") DO UPDATE
      SET "attempts" = h."attempts" + 1, "succeeded" = h."succeeded" + ok,
        "latencyCounts"[bucket] = h."latencyCounts"[bucket] + 1;
  END IF;
  RETURN NULL;
END
$$;
