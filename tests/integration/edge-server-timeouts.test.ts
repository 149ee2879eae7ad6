// The edge server's keep-alive (HTTP_KEEP_ALIVE_TIMEOUT_MS) outlasts a load balancer's idle
// connections: a connection left idle for 6 s, past Node's 5 s default, still carries the next
// request. With Node's default the server has closed it by then, and a balancer that sends on it at
// that moment answers its client 502. The timeouts are validated like every setting.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { parseConfig } from "@/lib/config";
import { closeServer, edgeServer, type EdgeTimeouts } from "@/lib/http/edge-server";

const IDLE_MS = 6_000; // past Node's default keep-alive of 5 s

const defaults = parseConfig({});
const configured: EdgeTimeouts = {
  keepAliveTimeoutMs: defaults.HTTP_KEEP_ALIVE_TIMEOUT_MS,
  headersTimeoutMs: defaults.HTTP_HEADERS_TIMEOUT_MS,
};

let cleanup: (() => Promise<void>) | undefined;

afterEach(async () => {
  await cleanup?.();
  cleanup = undefined;
});

/** An edge server answering "ok" on a free port, and how many TCP connections it has accepted. */
async function startEdge(timeouts: EdgeTimeouts) {
  const server = edgeServer(async (_req, res) => void res.end("ok"), timeouts);
  let connections = 0;
  server.on("connection", () => connections++);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  cleanup = async () => {
    agent.destroy();
    await closeServer(server);
  };
  const { port } = server.address() as AddressInfo;
  /** GET / through the one kept-alive connection the agent holds; whether it reused an open one. */
  const get = () =>
    new Promise<{ status: number; reused: boolean }>((resolve, reject) => {
      const request = http.get({ host: "127.0.0.1", port, path: "/", agent }, (response) => {
        response.resume();
        response.on("end", () => resolve({ status: response.statusCode ?? 0, reused: request.reusedSocket }));
      });
      request.on("error", reject);
    });
  return { server, get, connections: () => connections };
}

describe("the edge server's keep-alive", () => {
  it("defaults to 65 s, above the 60 s idle timeout of AWS load balancers and nginx", () => {
    expect(configured).toEqual({ keepAliveTimeoutMs: 65_000, headersTimeoutMs: 60_000 });
  });

  it("applies the configured timeouts to the server", async () => {
    const { server } = await startEdge({ keepAliveTimeoutMs: 620_000, headersTimeoutMs: 30_000 });
    expect(server.keepAliveTimeout).toBe(620_000);
    expect(server.headersTimeout).toBe(30_000);
  });

  it(
    "serves a request on a connection left idle longer than Node's 5 s default, over that same connection",
    async () => {
      const edge = await startEdge(configured);
      expect(await edge.get()).toEqual({ status: 200, reused: false });
      await new Promise((resolve) => setTimeout(resolve, IDLE_MS));
      expect(await edge.get()).toEqual({ status: 200, reused: true });
      expect(edge.connections()).toBe(1);
    },
    IDLE_MS + 10_000,
  );
});

describe("HTTP_KEEP_ALIVE_TIMEOUT_MS and HTTP_HEADERS_TIMEOUT_MS", () => {
  it("take whole milliseconds", () => {
    const parsed = parseConfig({ HTTP_KEEP_ALIVE_TIMEOUT_MS: "620000", HTTP_HEADERS_TIMEOUT_MS: "20000" });
    expect(parsed.HTTP_KEEP_ALIVE_TIMEOUT_MS).toBe(620_000);
    expect(parsed.HTTP_HEADERS_TIMEOUT_MS).toBe(20_000);
  });

  it("refuse zero, fractions, words and a headers timeout above Node's 300 s request timeout, naming the variable", () => {
    for (const value of ["0", "1.5", "sixty", "-1"]) {
      expect(() => parseConfig({ HTTP_KEEP_ALIVE_TIMEOUT_MS: value })).toThrow(/HTTP_KEEP_ALIVE_TIMEOUT_MS/);
      expect(() => parseConfig({ HTTP_HEADERS_TIMEOUT_MS: value })).toThrow(/HTTP_HEADERS_TIMEOUT_MS/);
    }
    expect(() => parseConfig({ HTTP_HEADERS_TIMEOUT_MS: "300001" })).toThrow(/HTTP_HEADERS_TIMEOUT_MS/);
  });
});
