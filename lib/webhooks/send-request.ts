// Sends one signed webhook request: to the address vetted at send time (so DNS cannot be swapped
// between the check and the connection), no redirects followed, one deadline for the whole exchange,
// and only a bounded excerpt of the answer kept.
import http from "node:http";
import https from "node:https";
import type { LookupFunction } from "node:net";
import { bareHostname, checkEndpointUrl, resolveDestination, type VettedAddress } from "./address-guard";

export const SEND_TIMEOUT_MS = 10_000;
export const RESPONSE_EXCERPT_BYTES = 2_048;

export type SendInput = {
  url: string;
  body: string;
  headers: Record<string, string>;
  livemode: boolean;
  timeoutMs?: number;
};

export type SendResult = {
  statusCode: number | null;
  latencyMs: number;
  responseExcerpt: string | null;
  error: string | null;
};

export async function sendWebhookRequest(input: SendInput): Promise<SendResult> {
  const timeoutMs = input.timeoutMs ?? SEND_TIMEOUT_MS;
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  const deadline = AbortSignal.timeout(timeoutMs);
  try {
    const url = checkEndpointUrl(input.url, input.livemode);
    const destination = await withDeadline(resolveDestination(url, input.livemode), deadline, timeoutMs);
    const { statusCode, excerpt } = await post(url, destination, input, deadline, timeoutMs);
    return { statusCode, latencyMs: elapsed(), responseExcerpt: excerpt, error: null };
  } catch (error) {
    return { statusCode: null, latencyMs: elapsed(), responseExcerpt: null, error: describeError(error) };
  }
}

class DeadlineError extends Error {
  override name = "DeadlineError";
}

function withDeadline<T>(work: Promise<T>, deadline: AbortSignal, timeoutMs: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(new DeadlineError(`timed out after ${timeoutMs} ms`));
    if (deadline.aborted) return onAbort();
    deadline.addEventListener("abort", onAbort, { once: true });
    work.then(resolve, reject).finally(() => deadline.removeEventListener("abort", onAbort));
  });
}

function pinnedLookup(destination: VettedAddress): LookupFunction {
  return (_hostname, options, callback) => {
    if (options.all) callback(null, [{ address: destination.address, family: destination.family }]);
    else callback(null, destination.address, destination.family);
  };
}

function post(
  url: URL,
  destination: VettedAddress,
  input: SendInput,
  deadline: AbortSignal,
  timeoutMs: number,
): Promise<{ statusCode: number; excerpt: string }> {
  const transport = url.protocol === "https:" ? https : http;
  return new Promise((resolve, reject) => {
    const request = transport.request({
      protocol: url.protocol,
      hostname: bareHostname(url),
      port: url.port || undefined,
      path: `${url.pathname}${url.search}`,
      method: "POST",
      headers: { ...input.headers, "content-length": String(Buffer.byteLength(input.body)) },
      lookup: pinnedLookup(destination),
      agent: false,
    });
    const onAbort = () => request.destroy(new DeadlineError(`timed out after ${timeoutMs} ms`));
    if (deadline.aborted) onAbort();
    deadline.addEventListener("abort", onAbort, { once: true });
    const settle = () => deadline.removeEventListener("abort", onAbort);

    request.on("error", (error) => {
      settle();
      reject(error);
    });
    request.on("response", (response) => {
      const chunks: Buffer[] = [];
      let kept = 0;
      const finish = () => {
        settle();
        resolve({ statusCode: response.statusCode ?? 0, excerpt: Buffer.concat(chunks).toString("utf8") });
        response.destroy();
      };
      response.on("data", (chunk: Buffer) => {
        if (kept >= RESPONSE_EXCERPT_BYTES) return;
        const slice = chunk.subarray(0, RESPONSE_EXCERPT_BYTES - kept);
        chunks.push(slice);
        kept += slice.length;
        // The status is what counts; the rest of a long answer is not worth waiting for.
        if (kept >= RESPONSE_EXCERPT_BYTES) finish();
      });
      response.on("end", finish);
      response.on("error", (error) => {
        settle();
        reject(error);
      });
    });
    request.end(input.body);
  });
}

function describeError(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const code = "code" in error && typeof error.code === "string" ? `${error.code}: ` : "";
  return `${code}${error.message}`.slice(0, 500);
}
