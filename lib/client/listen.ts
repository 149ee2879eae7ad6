// `listen`: follows the application's test-mode events through the API's listen feed (a long poll,
// resumed from the last cursor after any break) and POSTs each, in order, to a local URL, signed
// exactly as a delivery (both signature schemes) with a secret of this listener session. For a
// developer on a deployment that refuses loopback endpoints; the service keeps nothing per listener,
// and a slow local server slows only this listener. Also built as the @wallet-card/client
// package's `wallet-card listen`: keep imports relative, ending in .ts, no @/ alias.
import { randomBytes } from "node:crypto";
import { eventEnvelope, signedWebhookRequest } from "../webhooks/signed-request.ts";
import { createServiceClient, type ErrorEnvelope } from "./create-service-client.ts";
import type { FetchOnce } from "./retrying-fetch.ts";

export type ListenOptions = {
  apiKey: string;
  baseUrl: string;
  /** Where each event is POSTed, e.g. http://localhost:4000/api/webhooks. */
  forwardTo: string;
  /** Only these kinds; absent: every kind. */
  events?: readonly string[];
  /** The session's signing secret (`whsec_…`); newListenerSecret() when absent. */
  secret: string;
  /** One line per event forwarded, and one per connection change. */
  print: (line: string) => void;
  /** Stops listening (the current forward finishes). */
  signal?: AbortSignal;
  /** The API's fetch (tests: the route handlers in process); the global fetch by default. */
  fetch?: FetchOnce;
  /** How long the local server has to answer; 10 s, as a delivery. */
  forwardTimeoutMs?: number;
  /** First wait before reconnecting after the API could not be reached; doubles to 10 s. */
  reconnectDelayMs?: number;
};

/** A secret for one listener session, in the form Standard Webhooks libraries take (`whsec_` + base64). */
export function newListenerSecret(): string {
  return `whsec_${randomBytes(32).toString("base64")}`;
}

class ListenRefused extends Error {
  override name = "ListenRefused";
}

const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener("abort", () => {
      clearTimeout(timer);
      resolve();
    });
  });

function describe(error: unknown): string {
  if (error instanceof Error) {
    const cause = (error as Error & { cause?: { code?: string } }).cause;
    return cause?.code ? `${error.message} (${cause.code})` : error.message;
  }
  return String(error);
}

/** Listens until `signal` aborts; throws only when the API refuses the key (not a break in the connection). */
export async function listen(options: ListenOptions): Promise<void> {
  const client = createServiceClient({ baseUrl: options.baseUrl, apiKey: options.apiKey, fetch: options.fetch, retries: 0 });
  const types = options.events && options.events.length > 0 ? options.events.join(",") : undefined;
  const firstDelay = options.reconnectDelayMs ?? 500;
  let delay = firstDelay;
  let cursor: string | undefined;
  let connected = false;
  while (!options.signal?.aborted) {
    let page;
    try {
      const answer = await client.GET("/api/public/sdk/v1/events/listen", {
        params: { query: { after: cursor, types, wait: cursor === undefined ? 0 : 2 } },
        signal: options.signal,
      });
      if (answer.error || !answer.data) {
        const status = answer.response.status;
        const envelope = answer.error as ErrorEnvelope | undefined;
        const message = envelope?.error?.message ?? `HTTP ${status}`;
        if (status >= 400 && status < 500 && status !== 408 && status !== 429) throw new ListenRefused(message);
        throw new Error(message);
      }
      page = answer.data;
    } catch (error) {
      if (error instanceof ListenRefused) throw error;
      if (options.signal?.aborted) return;
      if (connected) options.print(`Lost the connection to ${options.baseUrl} (${describe(error)}); reconnecting…`);
      connected = false;
      await sleep(delay, options.signal);
      delay = Math.min(10_000, delay * 2);
      continue;
    }
    if (!connected) {
      options.print(
        cursor === undefined
          ? `Ready: forwarding test events to ${options.forwardTo}${types ? ` (${types})` : ""}.`
          : `Reconnected; resuming after the last event seen.`,
      );
      connected = true;
      delay = firstDelay;
    }
    for (const event of page.data) {
      if (options.signal?.aborted) return;
      options.print(await forward(options, event, page.schemaVersion));
    }
    cursor = page.cursor;
  }
}

type FeedEvent = { id: string; type: string; sequence: number; data: Record<string, unknown>; createdAt: string };

/** POSTs one event to the local server, signed as a delivery; the line to print. */
async function forward(options: ListenOptions, event: FeedEvent, schemaVersion: string): Promise<string> {
  const envelope = eventEnvelope(event, schemaVersion, new Date());
  const request = signedWebhookRequest(envelope, `listen_${event.id}`, { current: options.secret });
  const started = Date.now();
  const head = `${new Date().toISOString()}  ${event.type.padEnd(18)} ${event.id}  -> POST ${options.forwardTo}`;
  try {
    const response = await fetch(options.forwardTo, {
      method: "POST",
      headers: request.headers,
      body: request.body,
      redirect: "manual",
      signal: AbortSignal.timeout(options.forwardTimeoutMs ?? 10_000),
    });
    await response.arrayBuffer().catch(() => undefined);
    return `${head}  [${response.status}] ${Date.now() - started} ms`;
  } catch (error) {
    return `${head}  [error: ${describe(error)}]`;
  }
}
