// The generator's HTTP client: node:http over a keep-alive agent, reading only the status and
// discarding the body as it streams, so the generator spends as little CPU per request as it can.
import http from "node:http";
import type { BenchRequest } from "./scenarios";

/** 0 means the request failed without a response (connection error or timeout). */
export type SendRequest = (request: BenchRequest) => Promise<number>;

export function createHttpClient(
  baseUrl: string,
  maxSockets: number,
  timeoutMs: number,
): {
  send: SendRequest;
  close(): void;
} {
  const url = new URL(baseUrl);
  const agent = new http.Agent({ keepAlive: true, maxSockets, maxFreeSockets: maxSockets });
  const send: SendRequest = (request) =>
    new Promise((resolve) => {
      const headers: Record<string, string> = { ...request.headers };
      if (request.body !== undefined) headers["content-length"] = String(Buffer.byteLength(request.body));
      const outgoing = http.request(
        { host: url.hostname, port: url.port, method: request.method, path: request.path, headers, agent },
        (response) => {
          response.on("end", () => resolve(response.statusCode ?? 0));
          response.on("error", () => resolve(0));
          response.resume();
        },
      );
      outgoing.setTimeout(timeoutMs, () => outgoing.destroy(new Error("timeout")));
      outgoing.on("error", () => resolve(0));
      outgoing.end(request.body);
    });
  return { send, close: () => agent.destroy() };
}
