// Where the embedded defaults keep their state (PostgreSQL cluster, generated keys): .data/ in the project.
import path from "node:path";
import { config } from "@/lib/config";

export function dataDir(): string {
  // A runtime location, not a build input: keep the bundler from tracing the whole project for it.
  return path.resolve(
    /* turbopackIgnore: true */ config().DATA_DIR ?? path.join(/* turbopackIgnore: true */ process.cwd(), ".data"),
  );
}
