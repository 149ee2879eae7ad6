// One send, against real local HTTP receivers: kept-alive connections are reused only to the
// address the guard approved at this send, and every misbehaving receiver becomes a failed
// attempt with a reason a merchant can act on, within the one deadline.
import { afterAll, describe, expect, it } from "vitest";
import type { LookupHost } from "@/lib/webhooks/address-guard";
import {
  ANSWER_LIMIT_BYTES,
  closeConnectionPools,
  sendWebhookRequest,
  type SendResult,
} from "@/lib/webhooks/send-request";
import { startReceiver, type Reply, type WebhookReceiver } from "../helpers/webhook-receiver";

const receivers: WebhookReceiver[] = [];
async function receiver(reply?: (index: number) => Reply, host?: string) {
  const r = await startReceiver(reply ? (_request, index) => reply(index) : undefined, { host });
  receivers.push(r);
  return r;
}

afterAll(async () => {
  await closeConnectionPools();
  await Promise.all(receivers.map((r) => r.close()));
});

const send = (url: string, extra: { lookupHost?: LookupHost; timeoutMs?: number } = {}) =>
  sendWebhookRequest({
    url,
    body: JSON.stringify({ id: "evt_test" }),
    headers: { "content-type": "application/json" },
    livemode: false,
    ...extra,
  });

describe("keep-alive connections", () => {
  it("sends many requests to one endpoint over a few kept-alive connections", async () => {
    const hooks = await receiver();
    for (let i = 0; i < 20; i += 1) expect((await send(hooks.url)).statusCode).toBe(200);
    expect(hooks.received).toHaveLength(20);
    // undici may open a second socket while the first is being returned to its pool; never one a request.
    expect(hooks.connections()).toBeLessThanOrEqual(2);
  });

  it("never reuses a connection to an address the guard did not approve at this send", async () => {
    // Listening on every local address, so 127.0.0.1 and 127.0.0.2 both reach it, on separate sockets.
    const hooks = await receiver(undefined, "0.0.0.0");
    const url = `http://hooks.example.test:${hooks.port}/hooks`;
    let answer = "127.0.0.1";
    const lookupHost: LookupHost = async () => [{ address: answer, family: 4 }];

    expect((await send(url, { lookupHost })).statusCode).toBe(200);
    expect((await send(url, { lookupHost })).statusCode).toBe(200);
    const connectionsBefore = hooks.connections();

    // The name now points into a private network: refused, although a live socket to the old address is open.
    answer = "10.20.30.40";
    const refused = await send(url, { lookupHost });
    expect(refused.statusCode).toBeNull();
    expect(refused.error).toMatch(/private-network address/);
    expect(hooks.received).toHaveLength(2);

    // Another approved address: a new connection, made to that address, not the old socket.
    answer = "127.0.0.2";
    expect((await send(url, { lookupHost })).statusCode).toBe(200);
    expect(hooks.connections()).toBe(connectionsBefore + 1);
    expect(hooks.received.map((r) => r.localAddress.replace(/^::ffff:/, ""))).toEqual([
      "127.0.0.1",
      "127.0.0.1",
      "127.0.0.2",
    ]);
  });
});

describe("receivers that misbehave", () => {
  it("records each misbehaviour as a failure with its reason, all within the deadline", async () => {
    const hanging = await receiver(() => "hang");
    const late = await receiver(() => ({ status: 200, delayMs: 1_500 }));
    const reset = await receiver(() => "reset");
    const redirect = await receiver(() => ({ status: 302, headers: { location: "https://elsewhere.example/hooks" } }));
    const endless = await receiver(() => "endless");
    const timeoutMs = 1_000;
    const started = Date.now();
    const [hang, slow, rst, moved, long] = (await Promise.all(
      [hanging, late, reset, redirect, endless].map((r) => send(r.url, { timeoutMs })),
    )) as [SendResult, SendResult, SendResult, SendResult, SendResult];
    // Each took at most the deadline (and a little scheduling), none waited on another.
    expect(Date.now() - started).toBeLessThan(timeoutMs + 1_000);

    expect(hang).toMatchObject({ statusCode: null, error: expect.stringMatching(/timed out after 1000 ms/) });
    // A 2xx that comes after the deadline is a timeout, not a success.
    expect(slow).toMatchObject({ statusCode: null, error: expect.stringMatching(/timed out after 1000 ms/) });
    expect(rst.statusCode).toBeNull();
    expect(rst.error).toMatch(/socket|closed|reset/i);
    expect(moved.statusCode).toBe(302);
    expect(moved.error).toMatch(/Redirect \(302 to https:\/\/elsewhere\.example\/hooks\) not followed/);
    expect(long.statusCode).toBe(200);
    expect(long.error).toMatch(new RegExp(`ran past ${ANSWER_LIMIT_BYTES / 1024} KiB`));
    // Status and at most 256 bytes of the text kept (docs/decisions/loopback-endpoints.md).
    expect(long.responseExcerpt).toHaveLength(256);
  });
});
