// `cli trigger` and `cli events tail` end to end: triggered events are real (recorded, fanned out,
// sent by a real worker to a real local receiver, signed), and the tail prints each attempt of its
// own application as it happens. This file runs its worker on a database of its own, so it never
// shares a job queue with tests/integration/webhooks-delivery.test.ts's workers.
import { execFile } from "node:child_process";
import { randomBytes } from "node:crypto";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { eventsTailCommand, tailWebhookAttempts } from "@/lib/cli/events-tail-command";
import { triggerCommand } from "@/lib/cli/trigger-command";
import { triggerTestEvent, UnknownEventError, type TriggerResult } from "@/lib/cli/trigger-event";
import { config } from "@/lib/config";
import { disconnectDb, prisma } from "@/lib/db/client";
import { REPO_ROOT } from "@/lib/db/paths";
import { createRunDatabase, type RunDatabase } from "@/lib/db/run-database";
import { EVENT_TYPES, type EventType } from "@/lib/events/record-event";
import { newId } from "@/lib/ids";
import { addWebhookEndpoint } from "@/lib/webhooks/endpoints";
import { modeSigningSecrets, openSigningSecret } from "@/lib/webhooks/signing-secrets";
import { SIGNATURE_HEADER, verifySignature, verifyWebhookRequest, type WebhookEnvelope } from "@/lib/webhooks/verify";
import type { WebhookWorker } from "@/lib/webhooks/worker";
import { startTestWorker } from "../helpers/test-worker";
import { createMerchantApp } from "../helpers/fixtures";
import { sleep, waitUntil } from "../helpers/wait-until";
import { startReceiver, type ReceivedRequest, type Reply, type WebhookReceiver } from "../helpers/webhook-receiver";
import { nextStreamSequence } from "../helpers/stream-sequence";

const run = promisify(execFile);

let database: RunDatabase | undefined;
let worker: WebhookWorker | undefined;
const receivers: WebhookReceiver[] = [];

beforeAll(async () => {
  // A database of this file's own on the run's server, made before anything connects.
  database = await createRunDatabase("clitrigger", `${Date.now()}_${randomBytes(4).toString("hex")}`);
  process.env.DATABASE_URL = database.url;
  if (config().DATABASE_URL !== database.url) throw new Error("the configuration was read before the test database");
  worker = await startTestWorker(database.url);
}, 120_000);

afterAll(async () => {
  await worker?.stop();
  await Promise.all(receivers.map((r) => r.close()));
  await disconnectDb();
  await database?.drop();
}, 60_000);

/** An application with one test endpoint, for every event kind, at a fresh local receiver. */
async function appWithReceiver(reply?: (request: ReceivedRequest, index: number) => Reply) {
  const { application, webhookSecret } = await createMerchantApp("Trigger test app");
  const hooks = await startReceiver(reply);
  receivers.push(hooks);
  const endpoint = await addWebhookEndpoint(prisma(), {
    applicationId: application.id,
    url: hooks.url,
    livemode: false,
  });
  return { appId: application.id, webhookSecret, hooks, endpoint };
}

function envelopeOf(request: ReceivedRequest): WebhookEnvelope {
  return JSON.parse(request.rawBody.toString("utf8")) as WebhookEnvelope;
}

function asRequest(received: ReceivedRequest, url: string, body: Buffer = received.rawBody): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(received.headers)) if (typeof value === "string") headers.set(name, value);
  return new Request(url, { method: "POST", headers, body: new Uint8Array(body) });
}

/** Runs a command's run() and returns what it printed to stdout. */
async function printed(work: () => Promise<void>): Promise<string> {
  const lines: string[] = [];
  const log = vi.spyOn(console, "log").mockImplementation((...args: unknown[]) => void lines.push(args.join(" ")));
  const error = vi.spyOn(console, "error").mockImplementation(() => undefined);
  try {
    await work();
  } finally {
    log.mockRestore();
    error.mockRestore();
  }
  return lines.join("\n");
}

describe("cli trigger", () => {
  it.each(EVENT_TYPES.map((type) => [type]))(
    "%s: the receiver gets a correctly signed test-mode delivery of that event, and a tampered copy is refused",
    async (type: EventType) => {
      const { appId, webhookSecret: firstSecret, hooks } = await appWithReceiver();
      const result = await triggerTestEvent(appId, type);
      // A real roll: from then on deliveries are signed with the new test-mode secret only.
      const secrets = await modeSigningSecrets(prisma(), appId, false);
      const webhookSecret = openSigningSecret(secrets.current).secret;
      expect(webhookSecret === firstSecret).toBe(type !== "webhook_secret.rotated");

      const target = result.events.at(-1)!;
      expect(target.type).toBe(type);
      expect(target.id).toMatch(/^evt_/);
      expect(result.livemode).toBe(false);
      // Every event of the chain was recorded and fanned out to the one endpoint.
      expect(result.events.every((e) => e.deliveries.length === 1 && e.deliveries[0]!.url === hooks.url)).toBe(true);

      await hooks.waitFor(result.events.length);
      const request = await waitUntil(() => hooks.received.find((r) => envelopeOf(r).id === target.id));
      expect(verifySignature(request.rawBody, String(request.headers[SIGNATURE_HEADER]), webhookSecret)).toBe(true);
      const envelope = await verifyWebhookRequest(asRequest(request, hooks.url), webhookSecret);
      if (envelope instanceof Response) throw new Error(`verification refused: ${envelope.status}`);
      expect(envelope.event).toBe(type);
      expect(envelope.id).toBe(target.id);
      expect(envelope.data.livemode).toBe(false);
      expect(request.headers["x-service-event-id"]).toBe(target.id);
      expect(request.headers["x-service-delivery-id"]).toBe(target.deliveries[0]!.id);

      const tampered = Buffer.from(request.rawBody.toString("utf8").replace('"livemode":false', '"livemode":true '));
      expect(tampered.equals(request.rawBody)).toBe(false);
      const refused = await verifyWebhookRequest(asRequest(request, hooks.url, tampered), webhookSecret);
      expect(refused instanceof Response && refused.status).toBe(401);

      // The event is real: stored in test mode for this application, with the record it names.
      const stored = await prisma().event.findUniqueOrThrow({ where: { id: target.id } });
      expect(stored).toMatchObject({ applicationId: appId, livemode: false, type });
      // A top-up is about the application's balance, the operational events about the application: no wallet.
      const wallets = ["top_up.created", "webhook_endpoint.disabled", "webhook_secret.rotated"].includes(type) ? 0 : 1;
      expect(await prisma().wallet.count({ where: { applicationId: appId, livemode: false } })).toBe(wallets);
      expect(await prisma().wallet.count({ where: { applicationId: appId, livemode: true } })).toBe(0);
    },
  );

  it("makes only what the event needs: card.captured is a wallet, funding, a card, a hold and its capture", async () => {
    const { appId } = await appWithReceiver();
    const result = await triggerTestEvent(appId, "card.captured");
    expect(result.events.map((e) => e.type)).toEqual([
      "wallet.provisioned",
      "card.issued",
      "card.authorized",
      "card.captured",
    ]);
    expect(result.resources.externalUserId).toMatch(/^trigger_/);
    const authorization = await prisma().authorization.findUniqueOrThrow({
      where: { id: result.resources.authorizationId! },
    });
    expect(authorization).toMatchObject({ status: "closed", livemode: false, cardId: result.resources.cardId });
    expect(authorization.capturedAmount).toBe(authorization.amount);
    const transfers = await prisma().ledgerTransfer.findMany({ where: { applicationId: appId } });
    expect(transfers.map((t) => t.kind).sort()).toEqual(["capture", "funding"]);
  });

  it("refuses an unknown event with the list of valid ones, and makes nothing", async () => {
    const { appId } = await appWithReceiver();
    const attempt = printed(() => triggerCommand.run({ app: appId }, ["card.exploded"]));
    await expect(attempt).rejects.toThrow(UnknownEventError);
    await expect(attempt).rejects.toThrow(/Unknown event "card\.exploded"/);
    for (const type of EVENT_TYPES) await expect(attempt).rejects.toThrow(type);
    await expect(printed(() => triggerCommand.run({ app: appId }, []))).rejects.toThrow(EVENT_TYPES.join(", "));
    expect(await prisma().wallet.count({ where: { applicationId: appId } })).toBe(0);
    expect(await prisma().event.count({ where: { applicationId: appId } })).toBe(0);
  });

  it("says plainly when no enabled test endpoint subscribes to the event, and how to add one", async () => {
    const { application } = await createMerchantApp("No endpoint app");
    await addWebhookEndpoint(prisma(), {
      applicationId: application.id,
      url: "http://127.0.0.1:9/hooks",
      livemode: false,
      events: ["card.issued"],
    });
    const text = await printed(() => triggerCommand.run({ app: application.id }, ["wallet.provisioned"]));
    expect(text).toMatch(/^ {2}wallet\.provisioned {2}evt_\w+ {2}no deliveries queued$/m);
    expect(text).toContain(
      `No enabled test-mode webhook endpoint of ${application.id} subscribes to wallet.provisioned`,
    );
    expect(text).toContain(`npm run cli -- webhooks add --app ${application.id} --url URL`);
  });

  it("with --wait, reports each delivery's first attempt", async () => {
    const { appId, hooks } = await appWithReceiver((_request, index) => ({ status: index === 0 ? 202 : 200 }));
    const text = await printed(() =>
      triggerCommand.run({ app: appId, wait: true, json: true }, ["wallet.provisioned"]),
    );
    const output = JSON.parse(text) as TriggerResult & {
      attempts: { url: string; statusCode: number; latencyMs: number }[];
    };
    expect(output.attempts).toEqual([
      expect.objectContaining({ deliveryId: output.events[0]!.deliveries[0]!.id, url: hooks.url, statusCode: 202 }),
    ]);
    expect(output.attempts[0]!.latencyMs).toBeGreaterThanOrEqual(0);
  });

  it("runs from the real command line: trigger wallet.provisioned --json", async () => {
    const { appId, hooks } = await appWithReceiver();
    const { stdout, stderr } = await run(
      "npx",
      ["tsx", "scripts/cli.ts", "trigger", "wallet.provisioned", "--app", appId, "--json"],
      // The receiver is on loopback, which a deployment refuses unless told (docs/decisions/loopback-endpoints.md).
      {
        cwd: REPO_ROOT,
        env: { ...process.env, DATABASE_URL: database!.url, ALLOW_LOOPBACK_ENDPOINTS: "true" },
        timeout: 60_000,
      },
    );
    const output = JSON.parse(stdout) as TriggerResult;
    expect(output).toMatchObject({ applicationId: appId, livemode: false, type: "wallet.provisioned" });
    expect(output.events).toHaveLength(1);
    expect(output.events[0]).toMatchObject({
      type: "wallet.provisioned",
      deliveries: [{ url: hooks.url }],
    });
    expect(output.events[0]!.id).toMatch(/^evt_/);
    expect(stderr).toContain("npm run worker");
    const [request] = await hooks.waitFor(1);
    expect(envelopeOf(request!).id).toBe(output.events[0]!.id);
  }, 90_000);
});

/** A test-mode delivery of a new application, written directly: no queue job, so no worker sends it. */
async function deliveryWithoutJobs(name: string) {
  const { application } = await createMerchantApp(name);
  const endpoint = await prisma().webhookEndpoint.create({
    data: {
      id: newId("we"),
      applicationId: application.id,
      livemode: false,
      url: "http://127.0.0.1:9/hooks",
      events: [],
    },
  });
  const event = await prisma().event.create({
    data: {
      id: newId("evt"),
      applicationId: application.id,
      livemode: false,
      type: "wallet.provisioned",
      data: {},
      sequence: nextStreamSequence(),
    },
  });
  const delivery = await prisma().webhookDelivery.create({
    data: {
      id: newId("whd"),
      applicationId: application.id,
      livemode: false,
      eventId: event.id,
      endpointId: endpoint.id,
      status: "failed",
    },
  });
  return { appId: application.id, eventId: event.id, deliveryId: delivery.id };
}

/** An attempt row inserted and committed in a transaction of its own, as the worker records one. */
async function insertAttempt(deliveryId: string): Promise<string> {
  const id = newId("wha");
  await prisma().$transaction(async (tx) => {
    await tx.webhookAttempt.create({
      data: { id, deliveryId, trigger: "retry", requestHeaders: {}, requestBody: "{}", statusCode: 204, latencyMs: 3 },
    });
  });
  return id;
}

describe("cli events tail", () => {
  it("prints a line for each new attempt of its application, with status and latency, and none of another's", async () => {
    const mine = await appWithReceiver();
    const other = await appWithReceiver();
    // Delivered before the tail starts: the tail begins at "now" and must not print it.
    const before = await triggerTestEvent(mine.appId, "wallet.provisioned");
    const beforeDelivery = before.events[0]!.deliveries[0]!.id;
    await waitUntil(() => prisma().webhookAttempt.findFirst({ where: { deliveryId: beforeDelivery } }));

    const lines: string[] = [];
    const stop = new AbortController();
    const tail = tailWebhookAttempts(
      prisma(),
      { applicationId: mine.appId, sinceMs: 0, json: false },
      stop.signal,
      (line) => lines.push(line),
    );
    await sleep(300);
    const mineResult = await triggerTestEvent(mine.appId, "card.issued");
    const otherResult = await triggerTestEvent(other.appId, "card.issued");
    await mine.hooks.waitFor(3);
    await other.hooks.waitFor(2);
    await waitUntil(() => lines.length >= 2);
    // A moment more, so a line of the other application would have shown by now.
    await sleep(600);
    stop.abort();
    await tail;

    expect(lines).toHaveLength(2);
    // The worker sends the two deliveries concurrently, so their attempts may commit in either order.
    for (const event of mineResult.events) {
      const delivery = event.deliveries[0]!;
      const line = lines.find((candidate) => candidate.includes(event.id));
      expect(line).toMatch(
        new RegExp(
          `^\\d{4}-\\d\\d-\\d\\dT[\\d:.]+Z {2}test {2}${event.type} {2}${event.id} {2}${delivery.id} {2}${mine.hooks.url} {2}first {2}200 {2}\\d+ms$`,
        ),
      );
    }
    const everything = lines.join("\n");
    expect(everything).not.toContain(before.events[0]!.id);
    for (const event of otherResult.events) expect(everything).not.toContain(event.id);
    expect(everything).not.toContain(other.hooks.url);

    // --since prints the recent ones first, oldest first, including the one before the first tail.
    const history: string[] = [];
    const again = new AbortController();
    const replayed = tailWebhookAttempts(
      prisma(),
      { applicationId: mine.appId, sinceMs: 5 * 60_000, json: true },
      again.signal,
      (line) => history.push(line),
    );
    await waitUntil(() => history.length >= 3);
    again.abort();
    await replayed;
    const parsed = history.map(
      (line) => JSON.parse(line) as { eventId: string; statusCode: number; latencyMs: number },
    );
    // Oldest first: the one sent before the first tail leads; the two sent together follow in either order.
    expect(parsed[0]!.eventId).toBe(before.events[0]!.id);
    expect(
      parsed
        .slice(1)
        .map((p) => p.eventId)
        .sort(),
    ).toEqual(mineResult.events.map((e) => e.id).sort());
    expect(parsed.every((p) => p.statusCode === 200 && Number.isInteger(p.latencyMs))).toBe(true);
  });

  it("labels a delivery's first send and its retry, and shows the failing status", async () => {
    const { appId, hooks } = await appWithReceiver((_request, index) =>
      index === 0 ? { status: 500, body: "boom" } : { status: 200 },
    );
    const lines: string[] = [];
    const stop = new AbortController();
    const tail = tailWebhookAttempts(
      prisma(),
      { applicationId: appId, livemode: false, sinceMs: 0, json: false },
      stop.signal,
      (line) => lines.push(line),
    );
    await sleep(200);
    const result = await triggerTestEvent(appId, "wallet.provisioned");
    await hooks.waitFor(2);
    await waitUntil(() => lines.length >= 2);
    stop.abort();
    await tail;
    const id = result.events[0]!.id;
    expect(lines[0]).toMatch(new RegExp(` ${id} .* first {2}500 {2}\\d+ms$`));
    expect(lines[1]).toMatch(new RegExp(` ${id} .* retry {2}200 {2}\\d+ms$`));
  });

  it("prints an attempt committed directly to the table within a second, woken by its notification, and not another application's", async () => {
    const mine = await deliveryWithoutJobs("Notified app");
    const other = await deliveryWithoutJobs("Other notified app");
    const reads = vi.spyOn(prisma().webhookAttempt, "findMany");
    const lines: { at: number; line: string }[] = [];
    const stop = new AbortController();
    const tail = tailWebhookAttempts(
      prisma(),
      { applicationId: mine.appId, sinceMs: 0, json: true },
      stop.signal,
      (line) => lines.push({ at: performance.now(), line }),
    );
    try {
      await sleep(300);
      // Idle, the tail reads nothing: it waits on LISTEN, not on a timer.
      reads.mockClear();
      await sleep(1_000);
      expect(reads).not.toHaveBeenCalled();

      const theirs = await insertAttempt(other.deliveryId);
      const ours = await insertAttempt(mine.deliveryId);
      const committed = performance.now();
      await waitUntil(() => lines.length >= 1, 1_000);
      expect(lines[0]!.at - committed).toBeLessThan(1_000);
      expect(JSON.parse(lines[0]!.line)).toMatchObject({
        attemptId: ours,
        deliveryId: mine.deliveryId,
        eventId: mine.eventId,
        trigger: "first",
        statusCode: 204,
        latencyMs: 3,
      });
      // Woken, it read exactly what was notified (the spy sees the feed's reads).
      expect(reads).toHaveBeenCalled();
      await sleep(300);
      expect(lines).toHaveLength(1);
      expect(lines.map((l) => l.line).join("\n")).not.toContain(theirs);
    } finally {
      reads.mockRestore();
      stop.abort();
      await tail;
    }
  });

  it("after a lost connection, reconnects, prints what committed meanwhile once, and says so on stderr", async () => {
    const mine = await deliveryWithoutJobs("Reconnecting app");
    const lines: string[] = [];
    const notices: string[] = [];
    const stop = new AbortController();
    const tail = tailWebhookAttempts(
      prisma(),
      { applicationId: mine.appId, sinceMs: 0, json: true, reconnectDelayMs: 500 },
      stop.signal,
      (line) => lines.push(line),
      (message) => notices.push(message),
    );
    const attemptIds = () => lines.map((line) => (JSON.parse(line) as { attemptId: string }).attemptId);
    try {
      await sleep(300);
      const before = await insertAttempt(mine.deliveryId);
      await waitUntil(() => lines.length >= 1, 2_000);

      // The server ends the listening connection; an attempt commits while none listens.
      const [terminated] = await prisma().$queryRaw<{ count: number }[]>`
        SELECT count(pg_terminate_backend("pid"))::int AS count FROM pg_stat_activity
        WHERE "datname" = current_database() AND "query" = ${`LISTEN "webhook_attempts:${mine.appId}"`}`;
      expect(terminated?.count).toBe(1);
      const during = await insertAttempt(mine.deliveryId);
      await waitUntil(() => notices.some((n) => n.startsWith("Reconnected")), 5_000);
      await waitUntil(() => lines.length >= 2, 2_000);

      const after = await insertAttempt(mine.deliveryId);
      await waitUntil(() => lines.length >= 3, 2_000);
      await sleep(200);
      expect(attemptIds()).toEqual([before, during, after]);
      expect(notices[0]).toMatch(/^Lost the database connection/);
      expect(notices).toContainEqual(expect.stringMatching(/^Reconnected; reading attempts since .* again/));
    } finally {
      stop.abort();
      await tail;
    }
  });

  it("refuses a malformed --since before doing anything", async () => {
    const { application } = await createMerchantApp("Tail app");
    await expect(printed(() => eventsTailCommand.run({ app: application.id, since: "5 minutes" }, []))).rejects.toThrow(
      /--since must be a duration/,
    );
  });
});
