// Where the embedded defaults keep their state (PostgreSQL cluster, generated keys): .data/ in the project.
import path from "node:path";

export function dataDir(): string {
  return path.resolve(process.env.DATA_DIR ?? path.join(process.cwd(), ".data"));
}
