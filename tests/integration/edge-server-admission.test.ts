// Admission control in the edge server itself (lib/http/edge-server.ts, docs/decisions/overload.md),
// with a slow handler standing in for Next.js: past the in-flight bound a request gets 503
// `overloaded` at once with Retry-After, the request id and the usual headers (pages a busy page),
// lower classes are shed before the spend path, the handler runs inside its request's deadline, and
// a client that hangs up is seen by the work still running for it.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { closeServer, configuredTimeouts, edgeServer, type EdgeHandler } from "@/lib/http/edge-server";
import { overloadCounters, resetOverloadCounters } from "@/lib/platform/overload-counters";
import { currentDeadline, type RequestDeadline } from "@/lib/platform/request-deadline";

let cleanup: (() => Promise<void>) | undefined;
afterEach(async () => {
  await cleanup?.();
  cleanup = undefined;
});

async function startEdge(handle: EdgeHandler, maxInFlight: number) {
  const server = edgeServer(handle, configuredTimeouts(), { maxInFlight, maxEventLoopDelayMs: 10_000 });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  cleanup = () => closeServer(server);
  const { port } = server.address() as AddressInfo;
  return port;
}

type Reply = { status: number; headers: http.IncomingHttpHeaders; text: string; ms: number };

function send(port: number, method: string, path: string): Promise<Reply> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const request = http.request({ host: "127.0.0.1", port, method, path, agent: false }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () =>
        resolve({
          status: response.statusCode ?? 0,
          headers: response.headers,
          text: Buffer.concat(chunks).toString("utf8"),
          ms: performance.now() - started,
        }),
      );
    });
    request.on("error", reject);
    request.end();
  });
}

const slow =
  (ms: number): EdgeHandler =>
  async (_req, res) => {
    await new Promise((resolve) => setTimeout(resolve, ms));
    res.end("ok");
  };

describe("admission in the edge server", () => {
  it("serves up to the bound and refuses the rest at once with 503 overloaded", async () => {
    resetOverloadCounters();
    const port = await startEdge(slow(400), 4);
    const replies = await Promise.all(
      Array.from({ length: 12 }, () => send(port, "GET", "/api/public/sdk/v1/wallets/u_1")),
    );
    const served = replies.filter((r) => r.status === 200);
    const refused = replies.filter((r) => r.status === 503);
    // Reads get 80% of the bound of 4: three at once.
    expect(served).toHaveLength(3);
    expect(refused).toHaveLength(9);
    for (const reply of refused) {
      expect(reply.ms).toBeLessThan(300);
      const requestId = reply.headers["x-request-id"];
      expect(requestId).toMatch(/^req_/);
      expect(reply.headers["retry-after"]).toBe("1");
      expect(reply.headers["x-service-schema-version"]).toBe("1.1");
      expect(reply.headers["x-content-type-options"]).toBe("nosniff");
      expect(reply.headers["content-type"]).toBe("application/json; charset=utf-8");
      expect(JSON.parse(reply.text)).toEqual({
        error: {
          type: "api_error",
          code: "overloaded",
          message: "The service is over capacity (in_flight); retry after the given seconds.",
          request_id: requestId,
        },
      });
    }
    expect(overloadCounters().shed).toEqual({ "read:in_flight": 9 });
    expect(overloadCounters().admitted).toEqual({ read: 3 });
    // Once they finish, the next is served.
    expect((await send(port, "GET", "/api/public/sdk/v1/wallets/u_1")).status).toBe(200);
    expect(overloadCounters().inFlight).toBe(0);
  });

  it("answers a page refused with a short busy page", async () => {
    const port = await startEdge(slow(300), 1);
    const [first, second] = await Promise.all([send(port, "GET", "/merchant/sdk"), send(port, "GET", "/merchant/sdk")]);
    const busy = [first, second].find((r) => r?.status === 503);
    expect([first?.status, second?.status].sort()).toEqual([200, 503]);
    expect(busy?.headers["content-type"]).toBe("text/html; charset=utf-8");
    expect(busy?.headers["retry-after"]).toBe("1");
    expect(busy?.headers["x-request-id"]).toMatch(/^req_/);
    expect(busy?.text).toContain("Busy, try again");
  });

  it("keeps room for spends after verification, reads and writes are shed", async () => {
    resetOverloadCounters();
    const port = await startEdge(slow(400), 10);
    // Ten writes fill the writes' 90%: nine in flight.
    const writes = Array.from({ length: 10 }, () => send(port, "POST", "/api/public/sdk/v1/wallets"));
    await new Promise((resolve) => setTimeout(resolve, 100));
    const [verification, read, spend] = await Promise.all([
      send(port, "GET", "/verify"),
      send(port, "GET", "/api/public/sdk/v1/wallets/u_1"),
      send(port, "POST", "/api/public/sdk/v1/cards/card_1/authorizations"),
    ]);
    expect(verification?.status).toBe(503);
    expect(read?.status).toBe(503);
    expect(spend?.status).toBe(200);
    const writeStatuses = (await Promise.all(writes)).map((r) => r.status).sort();
    expect(writeStatuses).toEqual([200, 200, 200, 200, 200, 200, 200, 200, 200, 503]);
    expect(overloadCounters().shed).toEqual({
      "write:in_flight": 1,
      "verification:in_flight": 1,
      "read:in_flight": 1,
    });
  });

  it("runs the handler inside its deadline, and tells it when the client hangs up", async () => {
    let seen: RequestDeadline | undefined;
    const handlerDone = new Promise<void>((resolve) => {
      void startEdge(async (_req, res) => {
        seen = currentDeadline();
        await new Promise((r) => setTimeout(r, 300));
        resolve();
        res.end("late");
      }, 4).then((port) => {
        const request = http.request({
          host: "127.0.0.1",
          port,
          method: "POST",
          path: "/api/public/sdk/v1/cards/card_1/authorizations",
          agent: false,
        });
        request.on("error", () => undefined);
        request.end();
        setTimeout(() => request.destroy(), 100);
      });
    });
    await handlerDone;
    expect(seen?.priority).toBe("decision");
    expect(seen?.decisionCritical).toBe(true);
    expect((seen?.deadline ?? 0) - (seen?.admittedAt ?? 0)).toBe(2_500);
    expect(seen?.clientGone.aborted).toBe(true);
  });

  it("lets work handed off after the answer run unbound by the request's deadline", async () => {
    let during: RequestDeadline | undefined;
    let after: RequestDeadline | null | undefined = null;
    const handedOff = new Promise<void>((resolve) => {
      void startEdge(async (_req, res) => {
        during = currentDeadline();
        res.end("ok");
        // As the request log is: not awaited, still in the request's async context.
        setTimeout(() => {
          after = currentDeadline();
          resolve();
        }, 100);
      }, 4).then((port) => send(port, "GET", "/api/public/sdk/v1/wallets/u_1"));
    });
    await handedOff;
    expect(during?.priority).toBe("read");
    expect(after).toBeUndefined();
  });
});
