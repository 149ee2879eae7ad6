// Scenario 6's receiver, in a process of its own beside the webhook driver (and on its core): it
// answers 200 at once and reports each receipt (event id, time) to the driver over IPC in small
// batches. Apart from the event creator, whose CPU (heavier for ours, which runs our recordEvent)
// would otherwise delay the answers and so the worker under test. Times are wall-clock milliseconds
// with sub-millisecond precision (performance.timeOrigin + performance.now()), comparable across
// the driver's and this process on one machine.
import http from "node:http";
import type { AddressInfo } from "node:net";

export type ReceiverMessage = { type: "listening"; url: string } | { type: "receipts"; receipts: [string, number][] };

const reply = (message: ReceiverMessage): void => {
  process.send?.(message);
};
let pending: [string, number][] = [];

const flush = () => {
  if (pending.length === 0) return;
  reply({ type: "receipts", receipts: pending });
  pending = [];
};
setInterval(flush, 5).unref();

const server = http.createServer((request, response) => {
  request.on("data", () => undefined);
  request.on("end", () => {
    const at = performance.timeOrigin + performance.now();
    const eventId = request.headers["x-service-event-id"];
    pending.push([typeof eventId === "string" ? eventId : "", at]);
    response.writeHead(200, { "content-type": "text/plain" });
    response.end("ok");
    if (pending.length >= 200) flush();
  });
});
server.keepAliveTimeout = 65_000;

// The driver gone (stopped, killed), nothing is left to report to.
process.on("disconnect", () => process.exit(0));

process.on("message", (message: { type: "listen"; path: string } | { type: "stop" }) => {
  if (message.type === "listen") {
    server.listen(0, "127.0.0.1", () =>
      reply({ type: "listening", url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/${message.path}` }),
    );
  } else {
    flush();
    server.close();
    process.exit(0);
  }
});
