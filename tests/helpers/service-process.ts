// The service as its own process, as an operator runs it (`npm start`: scripts/serve.ts on the
// production build), for system tests of several instances: started in a process group of its own,
// ready once it says so, stopped with SIGTERM and, after a grace period, SIGKILL.
import { spawn, type ChildProcess } from "node:child_process";
import { once } from "node:events";
import http from "node:http";
import net from "node:net";
import path from "node:path";
import { REPO_ROOT } from "@/lib/db/paths";

export type ServiceProcess = {
  child: ChildProcess;
  pid: number;
  base: string;
  /** Everything it printed so far, stdout and stderr together. */
  output(): string;
};

/** Variables of this test process that must not leak into a service started from it. */
const NOT_INHERITED = [
  "DATABASE_URL",
  "REDIS_URL",
  "UPSTASH_REDIS_REST_URL",
  "UPSTASH_REDIS_REST_TOKEN",
  "API_RATE_LIMIT_PER_MINUTE",
  "WEB_CONCURRENCY",
  "NODE_OPTIONS",
  "NODE_ENV",
];

/** scripts/serve.ts with `env` on top of this process's environment, minus the settings above. */
export async function startService(env: Record<string, string>, timeoutMs = 120_000): Promise<ServiceProcess> {
  const inherited: NodeJS.ProcessEnv = { ...process.env };
  for (const name of Object.keys(inherited))
    if (NOT_INHERITED.includes(name) || name.startsWith("VITEST")) delete inherited[name];
  // Its own process group: a cluster primary's workers are stopped with it.
  const child = spawn(process.execPath, ["--import", "tsx", path.join(REPO_ROOT, "scripts/serve.ts")], {
    cwd: REPO_ROOT,
    env: { ...inherited, ...env },
    detached: true,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout?.on("data", (chunk) => (output += String(chunk)));
  child.stderr?.on("data", (chunk) => (output += String(chunk)));
  const pid = child.pid;
  if (!pid) throw new Error("scripts/serve.ts did not start");
  const service = { child, pid, base: `http://127.0.0.1:${env.PORT}`, output: () => output };
  const deadline = Date.now() + timeoutMs;
  while (!output.includes("Service ready")) {
    if (child.exitCode !== null || child.signalCode !== null || Date.now() > deadline) {
      await stopProcess(child, { group: true });
      throw new Error(`scripts/serve.ts on port ${env.PORT} did not become ready:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return service;
}

/**
 * SIGTERM to the process, SIGKILL after `graceMs` if it has not exited; with `group`, the SIGKILL
 * also reaches whatever it started in its process group.
 */
export async function stopProcess(
  child: ChildProcess,
  { group = false, graceMs = 15_000 }: { group?: boolean; graceMs?: number } = {},
): Promise<void> {
  const pid = child.pid;
  if (!pid) return;
  const running = () => child.exitCode === null && child.signalCode === null;
  if (running()) {
    const exited = once(child, "exit");
    child.kill("SIGTERM");
    const timer = new Promise((resolve) => setTimeout(resolve, graceMs).unref());
    await Promise.race([exited, timer]);
    if (running()) {
      child.kill("SIGKILL");
      await exited;
    }
  }
  if (group) {
    try {
      process.kill(-pid, "SIGKILL");
    } catch {
      // The group is empty: everything in it exited.
    }
  }
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer().listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() =>
        typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port")),
      );
    });
  });
}

export type Answer = {
  status: number;
  headers: http.IncomingHttpHeaders;
  text: string;
  /** The body parsed as JSON, or undefined when it is not JSON. */
  json: unknown;
};

/**
 * One request on a connection of its own (no keep-alive pool), so a cluster's primary hands every
 * request to a server process anew.
 */
export async function requestOnce(
  base: string,
  method: string,
  pathname: string,
  { headers = {}, body }: { headers?: Record<string, string>; body?: unknown } = {},
): Promise<Answer> {
  const payload = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const request = http.request(
      new URL(pathname, base),
      {
        method,
        agent: false,
        headers: {
          connection: "close",
          ...(payload === undefined ? {} : { "content-type": "application/json" }),
          ...headers,
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () => {
          const text = Buffer.concat(chunks).toString("utf8");
          let json: unknown;
          try {
            json = JSON.parse(text);
          } catch {
            json = undefined;
          }
          resolve({ status: response.statusCode ?? 0, headers: response.headers, text, json });
        });
        response.on("error", reject);
      },
    );
    request.on("error", reject);
    request.end(payload);
  });
}
