-- AlterTable
-- Added nullable, filled from the events already recorded, then required (edited by hand).
ALTER TABLE "Event" ADD COLUMN     "sequence" INTEGER,
ADD COLUMN     "walletId" TEXT;

-- AlterTable
ALTER TABLE "Wallet" ADD COLUMN     "eventSequence" INTEGER NOT NULL DEFAULT 0;

-- AlterTable
ALTER TABLE "WebhookAttempt" ADD COLUMN     "bodiesDroppedAt" TIMESTAMP(3),
ALTER COLUMN "requestBody" DROP NOT NULL;

-- AlterTable
ALTER TABLE "WebhookEndpoint" ADD COLUMN     "backoffUntil" TIMESTAMP(3),
ADD COLUMN     "consecutiveFailures" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "disabledAt" TIMESTAMP(3),
ADD COLUMN     "disabledReason" TEXT,
ADD COLUMN     "failingSince" TIMESTAMP(3),
ADD COLUMN     "lastFailureAt" TIMESTAMP(3),
ADD COLUMN     "lastFailureReason" TEXT,
ADD COLUMN     "lastSuccessAt" TIMESTAMP(3),
ADD COLUMN     "probeLeaseUntil" TIMESTAMP(3);

-- CreateTable
CREATE TABLE "WebhookReplayRequest" (
    "id" TEXT NOT NULL,
    "deliveryId" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "WebhookReplayRequest_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "WebhookReplayRequest_deliveryId_createdAt_idx" ON "WebhookReplayRequest"("deliveryId", "createdAt");

-- CreateIndex
CREATE UNIQUE INDEX "Event_walletId_sequence_key" ON "Event"("walletId", "sequence");

-- CreateIndex
CREATE INDEX "WebhookAttempt_createdAt_idx" ON "WebhookAttempt"("createdAt");

-- AddForeignKey
ALTER TABLE "Event" ADD CONSTRAINT "Event_walletId_fkey" FOREIGN KEY ("walletId") REFERENCES "Wallet"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "WebhookReplayRequest" ADD CONSTRAINT "WebhookReplayRequest_deliveryId_fkey" FOREIGN KEY ("deliveryId") REFERENCES "WebhookDelivery"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- Hand-written from here: what Prisma's schema language cannot say.

-- Existing events get their wallet (a wallet record's own id, or the walletId of a card or
-- authorization record) and their place among that wallet's events in the order they were
-- recorded; events about no stored wallet (console test events) are number 1 of their own.
UPDATE "Event" e SET "walletId" = w."id"
FROM "Wallet" w
WHERE w."id" = CASE WHEN e."type" = 'wallet.provisioned' THEN e."data"->>'id' ELSE e."data"->>'walletId' END;

UPDATE "Event" e SET "sequence" = numbered.n
FROM (
  SELECT "id", row_number() OVER (PARTITION BY "walletId" ORDER BY "createdAt", "id") AS n
  FROM "Event" WHERE "walletId" IS NOT NULL
) numbered
WHERE numbered."id" = e."id";
UPDATE "Event" SET "sequence" = 1 WHERE "walletId" IS NULL;
UPDATE "Wallet" w SET "eventSequence" = counted.last
FROM (SELECT "walletId", max("sequence") AS last FROM "Event" WHERE "walletId" IS NOT NULL GROUP BY "walletId") counted
WHERE counted."walletId" = w."id";

ALTER TABLE "Event" ALTER COLUMN "sequence" SET NOT NULL;
ALTER TABLE "Event" ADD CONSTRAINT "Event_sequence_positive" CHECK ("sequence" >= 1);
ALTER TABLE "Wallet" ADD CONSTRAINT "Wallet_eventSequence_not_negative" CHECK ("eventSequence" >= 0);
ALTER TABLE "WebhookEndpoint" ADD CONSTRAINT "WebhookEndpoint_consecutiveFailures_not_negative" CHECK ("consecutiveFailures" >= 0);

-- Anything following an application's attempts (the CLI's `events tail`) is woken at commit:
-- one channel per application, the attempt's id as the payload.
CREATE FUNCTION "notify_webhook_attempt"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('webhook_attempts:' || d."applicationId", NEW."id")
  FROM "WebhookDelivery" d WHERE d."id" = NEW."deliveryId";
  RETURN NULL;
END $$;
CREATE TRIGGER "WebhookAttempt_notify" AFTER INSERT ON "WebhookAttempt"
  FOR EACH ROW EXECUTE FUNCTION "notify_webhook_attempt"();
