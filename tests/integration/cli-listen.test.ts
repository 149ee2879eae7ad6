// `listen` (issue 38, part 3) driven as its two commands are run, `npm run cli -- listen` and the
// client package's `wallet-card listen` (lib/client/listen-cli.ts), each its own process, against the
// real route handlers served over HTTP in this process on a deployment that refuses loopback
// endpoints (tests/system/listen-production.test.ts runs less of it against the production build).
// Each listener gets every event, forwards it to its own local receiver, which verifies it with the
// standardwebhooks package and the service's own x-service-signature check; one receiver is slow and
// the other listener is not held back by it; the API going away and coming back, the listeners
// resume after the last event.
import { createServer, type Server } from "node:http";
import type { Socket } from "node:net";
import { Webhook } from "standardwebhooks";
import { afterAll, describe, expect, it, vi } from "vitest";
import { prisma } from "@/lib/db/client";
import { verifySignature } from "@/lib/webhooks/verify";
import { api } from "../helpers/card-money";
import { setupApp, uniqueUserId } from "../helpers/fixtures";
import { startListener, stopListener, type Listener } from "../helpers/listen-process";
import { createRouteFetch, testClient } from "../helpers/route-fetch";
import { waitUntil } from "../helpers/wait-until";
import { startReceiver, type WebhookReceiver } from "../helpers/webhook-receiver";

vi.hoisted(() => {
  // Before anything reads the configuration: a hosted deployment, which refuses loopback endpoints.
  process.env.ALLOW_LOOPBACK_ENDPOINTS = "false";
});

/** The route handlers over HTTP on one port, which can be stopped and started again on it. */
class ApiServer {
  private server: Server | undefined;
  private readonly sockets = new Set<Socket>();
  private readonly fetch = createRouteFetch({ checkAgainstDocument: true });
  port = 0;

  async start(port = this.port) {
    const server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on("data", (c: Buffer) => chunks.push(c));
      req.on("end", async () => {
        const headers = new Headers();
        for (const [k, v] of Object.entries(req.headers)) if (typeof v === "string") headers.set(k, v);
        const body = req.method === "GET" || req.method === "HEAD" ? undefined : Buffer.concat(chunks);
        try {
          const answer = await this.fetch(new Request(`http://127.0.0.1:${this.port}${req.url}`, { method: req.method, headers, body }));
          res.writeHead(answer.status, Object.fromEntries(answer.headers));
          res.end(Buffer.from(await answer.arrayBuffer()));
        } catch (error) {
          res.writeHead(500).end(String(error));
        }
      });
    });
    server.on("connection", (socket: Socket) => {
      this.sockets.add(socket);
      socket.on("close", () => this.sockets.delete(socket));
    });
    await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", () => resolve()));
    const address = server.address();
    if (!address || typeof address === "string") throw new Error("no port");
    this.port = address.port;
    this.server = server;
  }

  async stop() {
    const server = this.server;
    this.server = undefined;
    if (!server) return;
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    for (const socket of this.sockets) socket.destroy();
    await closed;
  }
}

const apiServer = new ApiServer();
const receivers: WebhookReceiver[] = [];
const listeners: Listener[] = [];

afterAll(async () => {
  for (const l of listeners) await stopListener(l);
  await apiServer.stop();
  await Promise.all(receivers.map((r) => r.close()));
});

describe("listen", () => {
  it("forwards every test event to each listener's local server, signed as a delivery, and resumes after a break", async () => {
    const { key, appId } = await setupApp();
    // This deployment refuses a loopback endpoint: listen is how a local server gets events.
    const refused = await testClient(key).POST("/api/public/sdk/v1/webhooks/endpoints", {
      body: { url: "http://127.0.0.1:4000/api/webhooks" },
    });
    expect(refused.error?.error).toMatchObject({ code: "endpoint_url_refused" });

    await apiServer.start(0);
    const fast = await startReceiver();
    const slow = await startReceiver(() => ({ status: 200, delayMs: 1_500 }));
    receivers.push(fast, slow);
    const env = { ...process.env, WALLET_CARD_API_KEY: key };
    const baseUrl = `http://127.0.0.1:${apiServer.port}`;
    const a = startListener("repo", ["--forward-to", fast.url, "--base-url", baseUrl], env);
    const b = startListener("package", ["--forward-to", slow.url, "--base-url", baseUrl, "--api-key", key], {
      ...process.env,
    });
    listeners.push(a, b);
    await waitUntil(() => [a, b].every((l) => l.lines.some((line) => line.startsWith("Ready:"))), 60_000, 100);

    const first = Date.now();
    for (let i = 0; i < 2; i += 1) {
      const externalUserId = uniqueUserId();
      await api.createWallet(key, { externalUserId, currency: "USD", email: "ada@example.com" });
      await api.issueCard(key, { externalUserId, kind: "virtual", currency: "USD" });
    }
    await fast.waitFor(4, 20_000);
    const fastDoneAfter = Date.now() - first;
    await slow.waitFor(4, 30_000);
    // The slow server holds back only its own listener: 4 answers of 1.5 s there, far less here.
    expect(fastDoneAfter).toBeLessThan(4_000);

    // The API goes away; events happen meanwhile; it comes back on the same address.
    await apiServer.stop();
    const externalUserId = uniqueUserId();
    await api.createWallet(key, { externalUserId, currency: "USD", email: "ada@example.com" });
    await api.issueCard(key, { externalUserId, kind: "virtual", currency: "USD" });
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    await apiServer.start();
    await fast.waitFor(6, 30_000);
    await slow.waitFor(6, 30_000);

    const events = await prisma().event.findMany({ where: { applicationId: appId }, orderBy: { createdAt: "asc" } });
    expect(events).toHaveLength(6);
    for (const [receiver, listener] of [
      [fast, a],
      [slow, b],
    ] as const) {
      // Each event once, and per wallet in order.
      const ids = receiver.received.map((r) => JSON.parse(r.rawBody.toString("utf8")) as { id: string; sequence: number; data: { id: string; walletId?: string } });
      expect(ids.map((e) => e.id).sort()).toEqual(events.map((e) => e.id).sort());
      const perWallet = new Map<string, number[]>();
      for (const e of ids) {
        const wallet = e.data.walletId ?? e.data.id;
        perWallet.set(wallet, [...(perWallet.get(wallet) ?? []), e.sequence]);
      }
      for (const sequences of perWallet.values()) expect(sequences).toEqual([1, 2]);
      const secret = listener.secret();
      for (const request of receiver.received) {
        const body = request.rawBody.toString("utf8");
        const headers = Object.fromEntries(Object.entries(request.headers).map(([k, v]) => [k, String(v)]));
        expect(new Webhook(secret).verify(body, headers)).toMatchObject({ id: headers["webhook-id"] });
        expect(verifySignature(body, headers["x-service-signature"] ?? null, [secret])).toBe(true);
      }
      // One line per event with the local server's status (printed once it answered), and the break reported.
      await waitUntil(() => listener.lines.filter((l) => / -> POST /.test(l)).length >= 6, 10_000);
      expect(listener.lines.filter((l) => / -> POST .* \[200\] \d+ ms$/.test(l)), listener.lines.join("\n")).toHaveLength(6);
      expect(listener.lines.some((l) => l.startsWith("Reconnected"))).toBe(true);
    }
    // The two sessions sign with secrets of their own.
    expect(a.secret()).not.toBe(b.secret());
  }, 120_000);
});
