// A real local HTTP receiver for webhook tests: listens on 127.0.0.1 (or the given host) at a random
// port, keeps every request exactly as it arrived with the socket it came on, and answers as the
// test's script says: a status (after a delay if asked), never, a reset connection, or a body that never ends.
import { createServer, type IncomingHttpHeaders, type ServerResponse } from "node:http";
import type { Socket } from "node:net";

export type ReceivedRequest = {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  rawBody: Buffer;
  receivedAt: number;
  /** When the answer was sent, or null while it is not (hanging, delayed). */
  answeredAt: number | null;
  /** Which accepted connection carried it (0, 1, 2... in order of acceptance) and the address it was made to. */
  connection: number;
  localAddress: string;
};
export type Reply =
  { status: number; body?: string; delayMs?: number; headers?: Record<string, string> } | "hang" | "reset" | "endless";

export type WebhookReceiver = {
  url: string;
  port: number;
  received: ReceivedRequest[];
  /** Connections accepted so far. */
  connections(): number;
  /** The most requests that were open (received, not yet answered) at one time. */
  maxConcurrent(): number;
  /** Resolves once at least `count` requests have arrived. */
  waitFor(count: number, timeoutMs?: number): Promise<ReceivedRequest[]>;
  close(): Promise<void>;
};

export async function startReceiver(
  reply: (request: ReceivedRequest, index: number) => Reply = () => ({ status: 200 }),
  options: { host?: string } = {},
): Promise<WebhookReceiver> {
  const host = options.host ?? "127.0.0.1";
  const received: ReceivedRequest[] = [];
  const open = new Set<ServerResponse>();
  const timers = new Set<NodeJS.Timeout>();
  const sockets = new Map<Socket, number>();
  let accepted = 0;
  let open_ = 0;
  let maxOpen = 0;
  const waiters: { count: number; resolve: () => void }[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const request: ReceivedRequest = {
        method: req.method ?? "",
        path: req.url ?? "",
        headers: req.headers,
        rawBody: Buffer.concat(chunks),
        receivedAt: Date.now(),
        answeredAt: null,
        connection: sockets.get(req.socket) ?? -1,
        localAddress: req.socket.localAddress ?? "",
      };
      received.push(request);
      open_ += 1;
      maxOpen = Math.max(maxOpen, open_);
      open.add(res);
      res.on("close", () => {
        if (open.delete(res)) open_ -= 1;
      });
      for (const waiter of waiters.filter((w) => received.length >= w.count)) waiter.resolve();
      const answer = reply(request, received.length - 1);
      if (answer === "hang") return;
      if (answer === "reset") {
        req.socket.destroy();
        return;
      }
      if (answer === "endless") {
        res.writeHead(200, { "content-type": "text/plain" });
        const chunk = Buffer.alloc(16 * 1024, "x");
        const pump = () => {
          while (!res.destroyed && res.write(chunk));
          if (!res.destroyed) res.once("drain", pump);
        };
        pump();
        return;
      }
      const send = () => {
        request.answeredAt = Date.now();
        res.writeHead(answer.status, { "content-type": "text/plain", ...answer.headers });
        res.end(answer.body ?? "ok");
      };
      if (answer.delayMs) {
        const timer = setTimeout(() => {
          timers.delete(timer);
          send();
        }, answer.delayMs);
        timers.add(timer);
      } else send();
    });
  });
  server.on("connection", (socket: Socket) => {
    sockets.set(socket, accepted);
    accepted += 1;
  });
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  const address = server.address();
  if (!address || typeof address === "string") throw new Error("receiver is not listening on a TCP port");
  const { port } = address;
  return {
    url: `http://127.0.0.1:${port}/hooks`,
    port,
    received,
    connections: () => accepted,
    maxConcurrent: () => maxOpen,
    waitFor(count, timeoutMs = 20_000) {
      if (received.length >= count) return Promise.resolve(received);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`receiver got ${received.length} of ${count} requests in ${timeoutMs} ms`)),
          timeoutMs,
        );
        waiters.push({
          count,
          resolve: () => {
            clearTimeout(timer);
            resolve(received);
          },
        });
      });
    },
    async close() {
      for (const timer of timers) clearTimeout(timer);
      for (const res of open) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
