-- AlterTable
ALTER TABLE "WebhookAttempt" ADD COLUMN     "failedEndpointId" TEXT;

-- Added by hand (docs/decisions/console-read-costs.md) --------------------------------------------

-- The attempts recorded so far, before the index exists (one pass, not one index write per row).
UPDATE "WebhookAttempt" a SET "failedEndpointId" = d."endpointId"
FROM "WebhookDelivery" d
WHERE d."id" = a."deliveryId"
  AND (a."error" IS NOT NULL OR a."statusCode" IS NULL OR a."statusCode" NOT BETWEEN 200 AND 299);

-- Every attempt that got no 2xx names its delivery's endpoint, whoever writes it. A trigger rather
-- than each writer: the console's latest failures would silently miss an attempt a writer forgot.
-- Successes skip the function (the WHEN clause), so the worker's common path pays nothing.
CREATE OR REPLACE FUNCTION webhook_attempt_failed_endpoint() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT d."endpointId" INTO NEW."failedEndpointId" FROM "WebhookDelivery" d WHERE d."id" = NEW."deliveryId";
  RETURN NEW;
END
$$;

CREATE TRIGGER "WebhookAttempt_failed_endpoint"
  BEFORE INSERT ON "WebhookAttempt"
  FOR EACH ROW
  WHEN (NEW."error" IS NOT NULL OR NEW."statusCode" IS NULL OR NEW."statusCode" NOT BETWEEN 200 AND 299)
  EXECUTE FUNCTION webhook_attempt_failed_endpoint();

-- CreateIndex
CREATE INDEX "WebhookAttempt_failedEndpointId_createdAt_id_idx" ON "WebhookAttempt"("failedEndpointId", "createdAt", "id");
