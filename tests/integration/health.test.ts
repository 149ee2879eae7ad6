// GET /api/public/health through its real route handler: 200 `ok` while the process's database
// answers, and 503 `unavailable` with Retry-After when it cannot be reached (the process's Prisma
// client pointed at a port nothing listens on) or never answers (a server that accepts connections
// and stays silent). Never cacheable. Every answer is also checked against the OpenAPI document.
import net from "node:net";
import type { AddressInfo } from "node:net";
import { PrismaPg } from "@prisma/adapter-pg";
import { afterEach, describe, expect, it, vi } from "vitest";
import { DATABASE_RETRY_AFTER_SECONDS } from "@/lib/db/database-unavailable";
import { PrismaClient } from "@/lib/generated/prisma/client";
import { HEALTH_CHECK_TIMEOUT_MS } from "@/lib/health/check-health";
import { testClient } from "../helpers/route-fetch";

// The route reads the process's client through prisma(); a test may put one pointed elsewhere in its place.
let substitute: PrismaClient | undefined;
vi.mock("@/lib/db/client", async (importOriginal) => {
  const actual = await importOriginal<typeof import("@/lib/db/client")>();
  return { ...actual, prisma: () => substitute ?? actual.prisma() };
});

const cleanups: (() => Promise<void>)[] = [];

afterEach(async () => {
  substitute = undefined;
  // In the order added: a silent server goes first, or a client would wait on the connection it hangs.
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

/** A Prisma client of its own for a PostgreSQL supposedly on `port`, closed after the test. */
function clientOnPort(port: number): PrismaClient {
  const client = new PrismaClient({
    adapter: new PrismaPg({ connectionString: `postgresql://postgres@127.0.0.1:${port}/health` }),
  });
  cleanups.push(() => client.$disconnect());
  return client;
}

/** A TCP server on a free port; `silent` holds each connection open without a word, like a host that hangs. */
async function listen(onConnection: (socket: net.Socket) => void): Promise<{ port: number; close(): Promise<void> }> {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    onConnection(socket);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    port: (server.address() as AddressInfo).port,
    close: () =>
      new Promise((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

/** A port nothing listens on: taken from the system, then let go. */
async function closedPort(): Promise<number> {
  const server = await listen(() => undefined);
  await server.close();
  return server.port;
}

let addresses = 0;
/** Each call from its own address, so the cases share no rate-limit budget. */
function client() {
  addresses += 1;
  return testClient(undefined, { address: `10.22.${process.pid % 250}.${addresses}` });
}

describe("GET /api/public/health", () => {
  it("answers 200 ok after the database answers, never to be cached", async () => {
    const { data, response } = await client().GET("/api/public/health");
    expect(response.status).toBe(200);
    expect(data).toEqual({ status: "ok", database: "ok" });
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(response.headers.get("x-ratelimit-limit")).toBe("60");
  });

  it("answers 503 unavailable with Retry-After when the database refuses connections", async () => {
    substitute = clientOnPort(await closedPort());
    const { error, response } = await client().GET("/api/public/health");
    expect(response.status).toBe(503);
    expect(error?.error.code).toBe("unavailable");
    expect(response.headers.get("retry-after")).toBe(String(DATABASE_RETRY_AFTER_SECONDS));
  });

  it(
    "answers 503 unavailable after its timeout when the database accepts a connection and never answers",
    async () => {
      const silent = await listen(() => undefined);
      cleanups.push(() => silent.close());
      substitute = clientOnPort(silent.port);
      const started = performance.now();
      const { error, response } = await client().GET("/api/public/health");
      expect(response.status).toBe(503);
      expect(error?.error.code).toBe("unavailable");
      expect(response.headers.get("retry-after")).toBe(String(DATABASE_RETRY_AFTER_SECONDS));
      expect(performance.now() - started).toBeGreaterThanOrEqual(HEALTH_CHECK_TIMEOUT_MS - 50);
    },
    HEALTH_CHECK_TIMEOUT_MS + 10_000,
  );
});
