// Where the embedded defaults keep their state (PostgreSQL cluster, generated keys): .data/ in the project.
import path from "node:path";

export function dataDir(): string {
  // A runtime location, not a build input: keep the bundler from tracing the whole project for it.
  return path.resolve(
    /* turbopackIgnore: true */ process.env.DATA_DIR ?? path.join(/* turbopackIgnore: true */ process.cwd(), ".data"),
  );
}
