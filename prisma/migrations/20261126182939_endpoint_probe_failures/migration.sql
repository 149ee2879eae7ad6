-- AlterTable
ALTER TABLE "WebhookEndpoint" ADD COLUMN     "backoffProbeFailures" INTEGER NOT NULL DEFAULT 0;
ALTER TABLE "WebhookEndpoint" ADD CONSTRAINT "WebhookEndpoint_backoffProbeFailures_not_negative" CHECK ("backoffProbeFailures" >= 0);
