// The webhook worker as the integration tests run it. Test files share one database and so one
// job queue, and any file's worker may take another's jobs: every one compresses the retry
// schedule the same way (1 minute becomes about 120 ms) so a retry comes within a test wherever it runs,
// and gives one endpoint at most 2 of its 8 senders, so a hanging test endpoint cannot stall the others.
import { startWebhookWorker, type WebhookWorker } from "@/lib/webhooks/worker";

export function startTestWorker(connectionString = process.env.DATABASE_URL ?? ""): Promise<WebhookWorker> {
  return startWebhookWorker({
    connectionString,
    concurrency: 8,
    endpointConcurrency: 2,
    pollIntervalMs: 100,
    retryScale: 0.002,
  });
}
