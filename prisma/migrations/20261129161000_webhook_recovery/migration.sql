-- Recovery after an outage, 410 Gone and the per-endpoint throttle (issue 38, part 4).
ALTER TYPE "DeliveryStatus" ADD VALUE 'abandoned';

-- CreateEnum
CREATE TYPE "RecoveryStatus" AS ENUM ('running', 'completed', 'canceled');

-- AlterTable
ALTER TABLE "WebhookDelivery" ADD COLUMN     "abandonReason" TEXT,
ADD COLUMN     "recoveryId" TEXT;

-- AlterTable
ALTER TABLE "WebhookEndpoint" ADD COLUMN     "maxPerSecond" INTEGER,
ADD COLUMN     "throttleNextAt" TIMESTAMP(3),
ADD COLUMN     "throttleSentAt" TIMESTAMP(3);

-- CreateTable
CREATE TABLE "WebhookRecovery" (
    "id" TEXT NOT NULL,
    "applicationId" TEXT NOT NULL,
    "livemode" BOOLEAN NOT NULL,
    "endpointId" TEXT NOT NULL,
    "status" "RecoveryStatus" NOT NULL DEFAULT 'running',
    "since" TIMESTAMP(3) NOT NULL,
    "includeSucceeded" BOOLEAN NOT NULL DEFAULT false,
    "total" INTEGER NOT NULL,
    "position" INTEGER NOT NULL DEFAULT 0,
    "sent" INTEGER NOT NULL DEFAULT 0,
    "skipped" INTEGER NOT NULL DEFAULT 0,
    "lastError" TEXT,
    "retryAt" TIMESTAMP(3),
    "failedTries" INTEGER NOT NULL DEFAULT 0,
    "createdBy" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "finishedAt" TIMESTAMP(3),
    "cancelReason" TEXT,

    CONSTRAINT "WebhookRecovery_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "WebhookRecoveryItem" (
    "recoveryId" TEXT NOT NULL,
    "position" INTEGER NOT NULL,
    "deliveryId" TEXT NOT NULL,

    CONSTRAINT "WebhookRecoveryItem_pkey" PRIMARY KEY ("recoveryId","position")
);

-- CreateIndex
CREATE INDEX "WebhookRecovery_endpointId_createdAt_idx" ON "WebhookRecovery"("endpointId", "createdAt");

-- AddForeignKey
ALTER TABLE "WebhookRecoveryItem" ADD CONSTRAINT "WebhookRecoveryItem_recoveryId_fkey" FOREIGN KEY ("recoveryId") REFERENCES "WebhookRecovery"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Added by hand -------------------------------------------------------------------------------------
-- One running recovery per endpoint: a second one asked for while one runs is refused (409).
CREATE UNIQUE INDEX "WebhookRecovery_one_running_per_endpoint" ON "WebhookRecovery" ("endpointId")
  WHERE "status" = 'running';
-- A recovery's progress never runs past its list.
ALTER TABLE "WebhookRecovery" ADD CONSTRAINT "WebhookRecovery_position_check"
  CHECK ("position" >= 0 AND "position" <= "total" AND "sent" + "skipped" <= "position");
