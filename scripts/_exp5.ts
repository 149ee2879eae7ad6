import { applyMigrations } from "@/lib/db/migrations";
import { createHook } from "node:async_hooks";
async function main() {
  const t = performance.now();
  console.log("applied", await applyMigrations(process.env.DATABASE_URL!), Math.round(performance.now() - t));
  setTimeout(() => { console.log(process.getActiveResourcesInfo()); }, 200).unref();
}
main();
