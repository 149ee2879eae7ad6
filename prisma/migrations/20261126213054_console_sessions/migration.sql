-- AlterTable
ALTER TABLE "WebhookAttempt" ADD COLUMN     "url" TEXT;

-- CreateTable
CREATE TABLE "ConsoleSession" (
    "id" TEXT NOT NULL,
    "merchantId" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "lastSeenAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expiresAt" TIMESTAMP(3) NOT NULL,
    "endedAt" TIMESTAMP(3),
    "endedReason" TEXT,
    "ipAddress" TEXT,
    "userAgent" TEXT,

    CONSTRAINT "ConsoleSession_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "ConsoleSession_merchantId_endedAt_idx" ON "ConsoleSession"("merchantId", "endedAt");

-- AddForeignKey
ALTER TABLE "ConsoleSession" ADD CONSTRAINT "ConsoleSession_merchantId_fkey" FOREIGN KEY ("merchantId") REFERENCES "MerchantUser"("id") ON DELETE CASCADE ON UPDATE CASCADE;
