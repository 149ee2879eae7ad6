-- Webhook signing secrets live per mode in "WebhookSigningSecret" (copied there by 20261124221302_console_workbench).
ALTER TABLE "Application" DROP COLUMN "webhookSecretSealed",
DROP COLUMN "webhookSecretAt";
