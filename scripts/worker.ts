// `npm run worker`: runs the webhook delivery worker alone (no web server), against DATABASE_URL or
// the embedded PostgreSQL. Start as many as you like; they share the queue.
import { loadEnvFiles } from "@/lib/db/load-env-files";
import { warnIfMailNotSent } from "@/lib/mail/send-mail";
import { prepareDatabase } from "@/lib/db/prepare-database";
import { exitOnStartupFailure, requireSupportedNode, stopOnSignal } from "@/lib/platform/process-lifecycle";
import { startWebhookWorker, workerOptions } from "@/lib/webhooks/worker";

async function main() {
  requireSupportedNode();
  loadEnvFiles();
  warnIfMailNotSent();
  const database = await prepareDatabase();
  const worker = await startWebhookWorker(workerOptions(database.url));
  console.log(
    `Webhook worker running (pid ${process.pid}, ${database.embedded ? "embedded PostgreSQL" : "DATABASE_URL"}).`,
  );

  stopOnSignal(async () => {
    await worker.stop();
    await database.stop().catch(() => undefined);
  });
}

main().catch(exitOnStartupFailure);
