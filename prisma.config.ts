// Prisma CLI settings. Only `prisma generate` uses the CLI here; migrations run through
// scripts/db-migrate.ts (the WASM schema engine), and the app connects through @prisma/adapter-pg.
import { defineConfig } from "prisma/config";

export default defineConfig({
  schema: "prisma/schema.prisma",
  migrations: { path: "prisma/migrations" },
});
