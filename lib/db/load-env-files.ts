// Lets the command-line database tools see the same .env files that Next.js reads for the app.
import { existsSync } from "node:fs";
import path from "node:path";
import { REPO_ROOT } from "./paths";

/** Loads .env.local then .env from the repo root; variables already set in the environment win. */
export function loadEnvFiles(): void {
  for (const name of [".env.local", ".env"]) {
    const file = path.join(REPO_ROOT, name);
    if (existsSync(file)) process.loadEnvFile(file);
  }
}
