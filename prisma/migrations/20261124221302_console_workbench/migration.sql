-- DropIndex
DROP INDEX "AuditLog_applicationId_createdAt_idx";

-- AlterTable
ALTER TABLE "ApiKey" ADD COLUMN     "lastUsedAddress" TEXT;

-- AlterTable
ALTER TABLE "Event" ADD COLUMN     "isTest" BOOLEAN NOT NULL DEFAULT false,
ADD COLUMN     "requestId" TEXT;

-- AlterTable
ALTER TABLE "MerchantUser" ADD COLUMN     "totpEnabledAt" TIMESTAMP(3),
ADD COLUMN     "totpLastStep" INTEGER,
ADD COLUMN     "totpPendingSealed" TEXT,
ADD COLUMN     "totpSecretSealed" TEXT;

-- AlterTable
ALTER TABLE "WebhookEndpoint" ADD COLUMN     "deletedAt" TIMESTAMP(3);

-- CreateTable
CREATE TABLE "RecoveryCode" (
    "id" TEXT NOT NULL,
    "merchantId" TEXT NOT NULL,
    "codeHash" TEXT NOT NULL,
    "usedAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "RecoveryCode_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "WebhookSigningSecret" (
    "id" TEXT NOT NULL,
    "applicationId" TEXT NOT NULL,
    "livemode" BOOLEAN NOT NULL,
    "sealed" TEXT NOT NULL,
    "activeFrom" TIMESTAMP(3) NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "WebhookSigningSecret_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "RequestLog" (
    "id" TEXT NOT NULL,
    "applicationId" TEXT NOT NULL,
    "livemode" BOOLEAN NOT NULL,
    "apiKeyId" TEXT,
    "method" TEXT NOT NULL,
    "path" TEXT NOT NULL,
    "status" INTEGER NOT NULL,
    "errorCode" TEXT,
    "clientAddress" TEXT,
    "latencyMs" INTEGER NOT NULL,
    "idempotencyKey" TEXT,
    "idempotentReplay" BOOLEAN NOT NULL DEFAULT false,
    "requestBody" TEXT,
    "responseBody" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "RequestLog_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "RecoveryCode_merchantId_idx" ON "RecoveryCode"("merchantId");

-- CreateIndex
CREATE INDEX "WebhookSigningSecret_applicationId_livemode_activeFrom_idx" ON "WebhookSigningSecret"("applicationId", "livemode", "activeFrom");

-- CreateIndex
CREATE INDEX "RequestLog_applicationId_livemode_createdAt_id_idx" ON "RequestLog"("applicationId", "livemode", "createdAt", "id");

-- CreateIndex
CREATE INDEX "RequestLog_createdAt_idx" ON "RequestLog" USING BRIN ("createdAt");

-- CreateIndex
CREATE INDEX "AuditLog_applicationId_createdAt_id_idx" ON "AuditLog"("applicationId", "createdAt", "id");

-- CreateIndex
CREATE INDEX "Wallet_applicationId_livemode_createdAt_id_idx" ON "Wallet"("applicationId", "livemode", "createdAt", "id");

-- AddForeignKey
ALTER TABLE "RecoveryCode" ADD CONSTRAINT "RecoveryCode_merchantId_fkey" FOREIGN KEY ("merchantId") REFERENCES "MerchantUser"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "WebhookSigningSecret" ADD CONSTRAINT "WebhookSigningSecret_applicationId_fkey" FOREIGN KEY ("applicationId") REFERENCES "Application"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- Written by hand: an existing application keeps its one secret, now as the active secret of both
-- modes from the time it was made, until the merchant rolls either.
INSERT INTO "WebhookSigningSecret" ("id", "applicationId", "livemode", "sealed", "activeFrom", "createdAt")
SELECT 'whsk_' || substr(md5(a."id" || ':' || m.livemode::text), 1, 28), a."id", m.livemode,
  a."webhookSecretSealed", a."webhookSecretAt", a."webhookSecretAt"
FROM "Application" a CROSS JOIN (VALUES (false), (true)) AS m(livemode);
