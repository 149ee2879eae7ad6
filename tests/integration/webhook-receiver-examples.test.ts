// The receiver examples shown on /webhooks/security, each run as a real process on its own port:
// each must accept an event sent by our real deliver(), accept either secret of its list (the current
// and a pending one), process a redelivery only once, and refuse tampered, unsigned, wrongly sized,
// wrongly keyed and stale requests. Python and Go run where their toolchains are.
import { execFile, spawn, spawnSync, type ChildProcess } from "node:child_process";
import { once } from "node:events";
import { mkdtempSync, rmSync } from "node:fs";
import { connect } from "node:net";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { POST as createWallet } from "@/app/api/public/sdk/v1/wallets/route";
import { mintWebhookSecret } from "@/lib/applications/webhook-secret";
import { prisma, transaction } from "@/lib/db/client";
import { REPO_ROOT } from "@/lib/db/paths";
import { newId } from "@/lib/ids";
import { deliver } from "@/lib/webhooks/deliver";
import { addWebhookEndpoint } from "@/lib/webhooks/endpoints";
import { buildEnvelope, signedRequest } from "@/lib/webhooks/envelope";
import { rollSigningSecret } from "@/lib/webhooks/signing-secrets";
import { signPayload } from "@/lib/webhooks/verify";
import { callRoute } from "../helpers/call-route";
import { setupApp, uniqueUserId } from "../helpers/fixtures";
import { freePort } from "../helpers/service-process";
import { sleep } from "../helpers/wait-until";

const EXAMPLES = path.join(REPO_ROOT, "lib/webhooks/receiver-examples");

/** Why a toolchain cannot run here, or null when it can. */
function missingToolchain(command: string, versionArgs: string[]): string | null {
  const probe = spawnSync(command, versionArgs, { encoding: "utf8" });
  if (probe.error) return `${command} is not installed (${probe.error.message})`;
  if (probe.status !== 0) return `${command} ${versionArgs.join(" ")} exited with ${probe.status}`;
  return null;
}

type Example = {
  name: string;
  /** Why it cannot run on this machine; null when it can. */
  skipReason: string | null;
  /** The command to run, prepared (compiled) if need be. */
  prepare(): Promise<{ command: string; args: string[] }>;
  startupTimeoutMs: number;
};

const goBuildDir = mkdtempSync(path.join(os.tmpdir(), "receiver-go-"));

const EXAMPLES_TO_RUN: Example[] = [
  {
    name: "Next.js route handler (next-route.ts)",
    skipReason: null,
    // Served by a node:http adapter that hands it real Requests, as Next.js does.
    prepare: async () => ({
      command: process.execPath,
      args: ["--import", "tsx", "tests/helpers/serve-route-handler.ts", path.join(EXAMPLES, "next-route.ts")],
    }),
    startupTimeoutMs: 20_000,
  },
  {
    name: "node:http (node-http.mjs)",
    skipReason: null,
    prepare: async () => ({ command: process.execPath, args: [path.join(EXAMPLES, "node-http.mjs")] }),
    startupTimeoutMs: 10_000,
  },
  {
    name: "Express (express.mjs)",
    skipReason: null,
    prepare: async () => ({ command: process.execPath, args: [path.join(EXAMPLES, "express.mjs")] }),
    startupTimeoutMs: 10_000,
  },
  {
    name: "Python (receiver.py)",
    skipReason: missingToolchain("python3", ["--version"]),
    prepare: async () => ({ command: "python3", args: [path.join(EXAMPLES, "receiver.py")] }),
    startupTimeoutMs: 10_000,
  },
  {
    name: "Go (receiver.go)",
    skipReason: missingToolchain("go", ["version"]),
    // Compiled as `go run` would, then run as the binary itself so stopping it stops the server.
    prepare: async () => {
      const binary = path.join(goBuildDir, "receiver");
      await promisify(execFile)("go", ["build", "-o", binary, path.join(EXAMPLES, "receiver.go")], {
        cwd: EXAMPLES,
      });
      return { command: binary, args: [] };
    },
    startupTimeoutMs: 10_000,
  },
];

afterAll(() => rmSync(goBuildDir, { recursive: true, force: true }));

function canConnect(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, "127.0.0.1");
    socket.once("connect", () => (socket.destroy(), resolve(true)));
    socket.once("error", () => resolve(false));
  });
}

type RunningReceiver = {
  url: string;
  child: ChildProcess;
  /** Lines the receiver printed that say it accepted this event id. */
  acceptedLines(eventId: string): string[];
};

async function startExample(example: Example, secrets: string[]): Promise<RunningReceiver> {
  const { command, args } = await example.prepare();
  const port = await freePort();
  const child = spawn(command, args, {
    cwd: REPO_ROOT,
    env: { ...process.env, WEBHOOK_SECRETS: secrets.join(","), PORT: String(port) },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stdout = "";
  let stderr = "";
  child.stdout?.on("data", (chunk: Buffer) => (stdout += chunk.toString("utf8")));
  child.stderr?.on("data", (chunk: Buffer) => (stderr += chunk.toString("utf8")));
  const deadline = Date.now() + example.startupTimeoutMs;
  while (!(await canConnect(port))) {
    if (child.exitCode !== null || child.signalCode !== null)
      throw new Error(`${example.name} exited (${child.exitCode ?? child.signalCode}) before listening:\n${stderr}`);
    if (Date.now() > deadline) throw new Error(`${example.name} did not listen on ${port} in time:\n${stderr}`);
    await sleep(100);
  }
  return {
    url: `http://127.0.0.1:${port}/webhooks`,
    child,
    acceptedLines: (eventId) => stdout.split("\n").filter((line) => line.startsWith(`accepted ${eventId} `)),
  };
}

async function stopExample(receiver: RunningReceiver | undefined): Promise<void> {
  const child = receiver?.child;
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  child.kill("SIGTERM");
  await once(child, "exit");
}

type App = Awaited<ReturnType<typeof setupApp>>;

/** A real wallet.provisioned event, and a delivery of it to the receiver with no queued job. */
async function eventDeliveredTo({ appId, key }: App, url: string) {
  // Created before the endpoint exists, so the fan-out queues nothing: this file sends with deliver()
  // itself, and a worker of another test file on the shared run database must not send it first.
  const wallet = await callRoute(createWallet, {
    method: "POST",
    path: "/api/public/sdk/v1/wallets",
    key,
    body: { externalUserId: uniqueUserId(), currency: "USD", email: "ada@example.com", name: "Ada Obi" },
  });
  expect(wallet.status).toBe(201);
  const event = await prisma().event.findFirstOrThrow({ where: { applicationId: appId, type: "wallet.provisioned" } });
  const endpoint = await addWebhookEndpoint(prisma(), { applicationId: appId, url, livemode: false });
  const delivery = await prisma().webhookDelivery.create({
    data: {
      id: newId("whd"),
      applicationId: appId,
      livemode: false,
      eventId: event.id,
      endpointId: endpoint.id,
      status: "pending",
      nextAttemptAt: new Date(),
    },
  });
  return { event, deliveryId: delivery.id };
}

function firstAttempt(deliveryId: string) {
  return prisma().webhookAttempt.findFirstOrThrow({ where: { deliveryId }, orderBy: { createdAt: "asc" } });
}

function post(url: string, body: string, headers: Record<string, string>) {
  return fetch(url, { method: "POST", body, headers });
}

/**
 * The receiver's accepted-lines for an event once its output has caught up with the answers it
 * gave: every example prints before it answers, so only the pipe can lag.
 */
async function acceptedLinesSettled(receiver: RunningReceiver, eventId: string, expected: number): Promise<string[]> {
  const deadline = Date.now() + 3_000;
  while (receiver.acceptedLines(eventId).length < expected && Date.now() < deadline) await sleep(50);
  // Long enough for one line more to show up if one were coming.
  await sleep(300);
  return receiver.acceptedLines(eventId);
}

for (const example of EXAMPLES_TO_RUN) {
  const title = `receiver example: ${example.name}${example.skipReason ? ` (skipped: ${example.skipReason})` : ""}`;
  describe.skipIf(example.skipReason !== null)(title, () => {
    let receiver: RunningReceiver | undefined;
    let app: App;
    let setup: Awaited<ReturnType<typeof eventDeliveredTo>>;
    let pendingSecret: string;
    const running = () => {
      if (!receiver) throw new Error("the receiver did not start");
      return receiver;
    };

    beforeAll(async () => {
      app = await setupApp();
      // A test secret rolled to take over in an hour: the receiver holds it beside the current one.
      pendingSecret = (
        await transaction((tx) =>
          rollSigningSecret(tx, {
            applicationId: app.appId,
            livemode: false,
            activeFrom: new Date(Date.now() + 3_600_000),
          }),
        )
      ).secret;
      receiver = await startExample(example, [app.webhookSecret, pendingSecret]);
      setup = await eventDeliveredTo(app, receiver.url);
    }, 120_000);

    afterAll(() => stopExample(receiver));

    it("accepts a delivery sent by deliver() and processes it once", async () => {
      const outcome = await deliver(setup.deliveryId, "retry");
      expect(outcome.kind).toBe("sent");
      if (outcome.kind !== "sent") return;
      expect(outcome.attempt.error).toBeNull();
      expect(outcome.attempt.statusCode).toBe(200);
      expect(outcome.status).toBe("succeeded");
      expect(await acceptedLinesSettled(running(), setup.event.id, 1)).toEqual([
        `accepted ${setup.event.id} wallet.provisioned`,
      ]);
    });

    it("answers 200 to a redelivery of the same event, freshly signed, without processing it again", async () => {
      const first = await firstAttempt(setup.deliveryId);
      const outcome = await deliver(setup.deliveryId, "replay");
      expect(outcome.kind).toBe("sent");
      if (outcome.kind !== "sent") return;
      expect(outcome.attempt.statusCode).toBe(200);
      // A real redelivery: same event id, new sent_at and signature.
      expect(JSON.parse(outcome.attempt.requestBody ?? "null").id).toBe(setup.event.id);
      expect(outcome.attempt.requestBody).not.toBe(first.requestBody);
      expect(await acceptedLinesSettled(running(), setup.event.id, 1)).toHaveLength(1);
    });

    it("answers 401 to a delivered body with one byte changed under the same signature", async () => {
      const attempt = await firstAttempt(setup.deliveryId);
      const headers = z.record(z.string(), z.string()).parse(attempt.requestHeaders);
      // The last character of the event id: the body would otherwise pass as a new, fresh event.
      const id = setup.event.id;
      const tamperedId = `${id.slice(0, -1)}${id.endsWith("A") ? "B" : "A"}`;
      const body = attempt.requestBody ?? expect.fail("the attempt's body was dropped");
      const tampered = body.replace(`"id":"${id}"`, `"id":"${tamperedId}"`);
      expect(tampered).toHaveLength(body.length);
      expect(tampered).not.toBe(body);
      const res = await post(running().url, tampered, headers);
      expect(res.status).toBe(401);
      expect(await acceptedLinesSettled(running(), tamperedId, 0)).toEqual([]);
    });

    it("answers 401 to a missing or wrongly sized signature, and 200 to the same request correctly signed", async () => {
      const eventId = newId("evt");
      const { body, headers } = signedRequest(
        buildEnvelope({ ...setup.event, id: eventId }, new Date()),
        setup.deliveryId,
        { current: app.webhookSecret },
      );
      // Without the Standard Webhooks headers too: a receiver that checks those (the Next.js route,
      // through verifyWebhookRequest) would otherwise pass the request on them.
      const {
        "x-service-signature": signature = "",
        "webhook-id": _id,
        "webhook-timestamp": _timestamp,
        "webhook-signature": _standard,
        ...unsigned
      } = headers;
      expect(signature).toMatch(/^[0-9a-f]{64}$/);

      expect((await post(running().url, body, unsigned)).status).toBe(401);
      // A prefix of the right signature: a comparison that stops at the shorter length would pass it.
      const short = { ...unsigned, "x-service-signature": signature.slice(0, 63) };
      expect((await post(running().url, body, short)).status).toBe(401);
      const long = { ...unsigned, "x-service-signature": `${signature}0` };
      expect((await post(running().url, body, long)).status).toBe(401);
      expect(running().acceptedLines(eventId)).toEqual([]);

      expect((await post(running().url, body, headers)).status).toBe(200);
      expect(await acceptedLinesSettled(running(), eventId, 1)).toHaveLength(1);
    });

    it("accepts a request signed with either secret of its list and refuses one signed with another", async () => {
      const signedWith = (secret: string) => {
        const eventId = newId("evt");
        const body = JSON.stringify(buildEnvelope({ ...setup.event, id: eventId }, new Date()));
        return {
          eventId,
          body,
          headers: { "content-type": "application/json", "x-service-signature": signPayload(body, secret) },
        };
      };
      const wrong = signedWith(mintWebhookSecret());
      expect((await post(running().url, wrong.body, wrong.headers)).status).toBe(401);
      for (const secret of [pendingSecret, app.webhookSecret]) {
        const request = signedWith(secret);
        expect((await post(running().url, request.body, request.headers)).status).toBe(200);
        expect(await acceptedLinesSettled(running(), request.eventId, 1)).toHaveLength(1);
      }
      expect(running().acceptedLines(wrong.eventId)).toEqual([]);
    });

    it("answers 400 to a correctly signed delivery whose sent_at is 6 minutes old", async () => {
      const eventId = newId("evt");
      const sixMinutesAgo = new Date(Date.now() - 6 * 60_000);
      const body = JSON.stringify(buildEnvelope({ ...setup.event, id: eventId }, sixMinutesAgo));
      const res = await post(running().url, body, {
        "content-type": "application/json",
        "x-service-signature": signPayload(body, app.webhookSecret),
      });
      expect(res.status).toBe(400);
      expect(await acceptedLinesSettled(running(), eventId, 0)).toEqual([]);
    });
  });
}
