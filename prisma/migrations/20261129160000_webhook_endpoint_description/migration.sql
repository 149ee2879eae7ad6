-- AlterTable: an endpoint's description and metadata, set through the API (issue 38).
ALTER TABLE "WebhookEndpoint" ADD COLUMN     "description" TEXT,
ADD COLUMN     "metadata" JSONB NOT NULL DEFAULT '{}';
