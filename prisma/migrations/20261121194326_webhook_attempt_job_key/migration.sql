-- AlterTable
ALTER TABLE "WebhookAttempt" ADD COLUMN     "jobKey" TEXT;

-- CreateIndex
CREATE UNIQUE INDEX "WebhookAttempt_jobKey_key" ON "WebhookAttempt"("jobKey");
