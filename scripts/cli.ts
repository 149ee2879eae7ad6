// Operator command line: `npm run cli -- <command>` or the `wallet-card` bin (bin/wallet-card.mjs).
// Uses the same domain functions as the API and console, against DATABASE_URL or the embedded PostgreSQL.
import path from "node:path";
import { loadEnvFiles } from "@/lib/db/load-env-files";
import { REPO_ROOT } from "@/lib/db/paths";
import { runCli } from "@/lib/cli/run-cli";
import { requireSupportedNode } from "@/lib/platform/process-lifecycle";

requireSupportedNode();
loadEnvFiles();
// The project's state (embedded database, generated keys) is the one `npm run dev` uses, wherever this runs from.
process.env.DATA_DIR ??= path.join(REPO_ROOT, ".data");
// On `npm run dev`'s own embedded database, outside production, registering a localhost webhook
// (`bootstrap --webhook-url http://localhost:4000/…`) is accepted as that server accepts it; against
// a configured database the deployment's own ALLOW_LOOPBACK_ENDPOINTS decides
// (docs/decisions/loopback-endpoints.md).
if (!process.env.DATABASE_URL && process.env.NODE_ENV !== "production") process.env.ALLOW_LOOPBACK_ENDPOINTS ??= "true";
// Usage lines and examples use the name the user typed: the bin's, or `npm run cli --` for this script.
const invokedAs = path.basename(process.argv[1] ?? "").replace(/\.(m?js|ts)$/, "");
const name = invokedAs === "" || invokedAs === "cli" ? "npm run cli --" : invokedAs;
// Output piped into `head` and closed early is a normal way to stop reading, not a crash.
process.stdout.on("error", (error: NodeJS.ErrnoException) => {
  if (error.code !== "EPIPE") throw error;
  process.exit(0);
});
const argv = process.argv.slice(2);
const code = await runCli(argv[0] === "--" ? argv.slice(1) : argv, name);
// A command may have set a failing exit code itself (trigger --wait that heard nothing).
if (code !== 0) process.exitCode = code;
