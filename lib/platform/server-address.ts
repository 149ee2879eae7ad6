// Where the running server can be reached, for the operator CLI: `npm run dev` and `npm start` write
// <data dir>/server.json once they listen and remove it when they stop, and `bootstrap` reads it to
// print the console's links on the port the server really uses (a PORT set only in the server's
// terminal, or in another shell, is otherwise invisible to the CLI).
//
// Platform code. The standard answer is a base URL configured once (NEXTAUTH_URL or
// PUBLIC_BASE_URL) that both the server and the CLI read; on a developer's machine neither is set,
// and PORT may live only in the server's terminal, so the server writes where it listens and the
// CLI reads it. Delete it when the CLI stops printing the console's links, or a configured base URL
// becomes required.
import { existsSync, mkdirSync, readFileSync, renameSync, unlinkSync, writeFileSync } from "node:fs";
import path from "node:path";
import { parseConfig } from "@/lib/config";
import { dataDir } from "@/lib/data-dir";

export type ServerAddress = {
  /** The address the console calls itself by (its sign-in links, next-auth's NEXTAUTH_URL). */
  url: string;
  /** The process that listens (the cluster primary when there are several). */
  pid: number;
  startedAt: string;
};

export function serverAddressFile(directory: string = dataDir()): string {
  return path.join(directory, "server.json");
}

/**
 * The base URL of a server listening on `port`, by the rule the console applies to its own links
 * (lib/console/auth-options.ts): NEXTAUTH_URL, else PUBLIC_BASE_URL, else HOST (localhost when it is
 * unset or unspecified) and the port.
 */
export function serverBaseUrl(port: number): string {
  // Read afresh rather than through config()'s copy: the CLI's tests change these variables between calls.
  const { NEXTAUTH_URL, PUBLIC_BASE_URL, HOST: hostSetting } = parseConfig(process.env);
  const configured = NEXTAUTH_URL || PUBLIC_BASE_URL;
  if (configured) return configured.replace(/\/+$/, "");
  const host = hostSetting && hostSetting !== "0.0.0.0" && hostSetting !== "::" ? hostSetting : "localhost";
  return `http://${host.includes(":") ? `[${host}]` : host}:${port}`;
}

/**
 * Records that this process now serves on `port`, and removes the record when it exits
 * (Ctrl-C, SIGTERM, a failure), unless another server has written its own since. Never throws: a
 * read-only data directory costs the CLI its hint, not the server its start.
 */
export function recordServerAddress(port: number, file: string = serverAddressFile()): void {
  const record: ServerAddress = { url: serverBaseUrl(port), pid: process.pid, startedAt: new Date().toISOString() };
  try {
    mkdirSync(path.dirname(file), { recursive: true });
    const temporary = `${file}.${process.pid}.tmp`;
    writeFileSync(temporary, `${JSON.stringify(record)}\n`);
    renameSync(temporary, file);
  } catch {
    return;
  }
  process.once("exit", () => {
    try {
      if (readServerAddressFile(file)?.pid === process.pid) unlinkSync(file);
    } catch {
      // Already gone.
    }
  });
}

function readServerAddressFile(file: string): ServerAddress | undefined {
  if (!existsSync(file)) return undefined;
  try {
    const parsed: unknown = JSON.parse(readFileSync(file, "utf8"));
    if (
      parsed &&
      typeof parsed === "object" &&
      "url" in parsed &&
      typeof parsed.url === "string" &&
      "pid" in parsed &&
      typeof parsed.pid === "number"
    ) {
      return parsed as ServerAddress;
    }
  } catch {
    // Half written or not ours: as if absent.
  }
  return undefined;
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists, under another user.
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** The running server's record, or undefined when none is written or its process is gone (a kill -9). */
export function runningServerAddress(file: string = serverAddressFile()): ServerAddress | undefined {
  const record = readServerAddressFile(file);
  return record && isRunning(record.pid) ? record : undefined;
}
