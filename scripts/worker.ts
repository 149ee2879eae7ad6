// `npm run worker`: runs the webhook delivery worker alone (no web server), against DATABASE_URL or
// the embedded PostgreSQL. Start as many as you like; they share the queue.
import { loadEnvFiles } from "@/lib/db/load-env-files";
import { prepareDatabase, UnmigratedDatabaseError } from "@/lib/db/prepare-database";
import { migrateJobQueue } from "@/lib/webhooks/queue-schema";
import { startWebhookWorker, workerOptionsFromEnv } from "@/lib/webhooks/worker";

async function main() {
  loadEnvFiles();
  const database = await prepareDatabase();
  await migrateJobQueue(database.url);
  const worker = await startWebhookWorker(workerOptionsFromEnv(database.url));
  console.log(`Webhook worker running (pid ${process.pid}, ${database.embedded ? "embedded PostgreSQL" : "DATABASE_URL"}).`);

  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    await worker.stop().catch((error: unknown) => console.error(error));
    await database.stop().catch(() => undefined);
    process.exit(0);
  };
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
}

main().catch((error: unknown) => {
  if (error instanceof UnmigratedDatabaseError) console.error(`\n${error.message}\n`);
  else console.error(error);
  process.exit(1);
});
