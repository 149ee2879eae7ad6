#!/usr/bin/env node
// The `wallet-card` command (`npx wallet-card …`, `npm exec wallet-card -- …`): the operator CLI
// without npm's banner lines. It runs scripts/cli.ts, TypeScript, through tsx.
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { register } from "tsx/esm/api";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
// tsx looks for tsconfig.json in the working directory; name ours so the @/ paths resolve from anywhere.
register({ tsconfig: path.join(root, "tsconfig.json") });
await import(pathToFileURL(path.join(root, "scripts", "cli.ts")).href);
