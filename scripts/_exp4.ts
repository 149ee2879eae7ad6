import { pendingMigrations, applyMigrations } from "@/lib/db/migrations";
async function main() {
  const url = process.env.DATABASE_URL!;
  let t = performance.now();
  console.log("pending", await pendingMigrations(url), Math.round(performance.now() - t));
  t = performance.now();
  console.log("applied", await applyMigrations(url), Math.round(performance.now() - t));
  t = performance.now();
  console.log("pending", await pendingMigrations(url), Math.round(performance.now() - t));
  console.log("applied again", await applyMigrations(url));
}
main();
