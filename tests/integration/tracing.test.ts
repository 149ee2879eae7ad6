// OpenTelemetry end to end: the SDK started as scripts/serve.ts starts it, sending OTLP/HTTP (JSON)
// to a real collector in this test; requests go through the real edge server (lib/http/edge-server.ts)
// to the real route handlers. One API request's trace holds its operation span (with our request id),
// Prisma's and Redis's spans, under the caller's traceparent; one webhook attempt is a trace of its
// own, linked to that request, whose traceparent the receiver gets.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { prisma } from "@/lib/db/client";
import { newId } from "@/lib/ids";
import { closeServer, edgeServer } from "@/lib/http/edge-server";
import { startTracing } from "@/lib/tracing/start-tracing";
import { REQUEST_ID_ATTRIBUTE, stopTracing, tracingEnabled } from "@/lib/tracing/tracing";
import { deliver } from "@/lib/webhooks/deliver";
import { addWebhookEndpoint } from "@/lib/webhooks/endpoints";
import { setupApp, uniqueUserId } from "../helpers/fixtures";
import { createRouteFetch } from "../helpers/route-fetch";
import { waitUntil } from "../helpers/wait-until";
import { startReceiver, type WebhookReceiver } from "../helpers/webhook-receiver";

/** A span as OTLP/JSON carries it (ids in hex), with the attributes flattened. */
type Span = {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  attributes: Record<string, unknown>;
  links: { traceId: string; spanId: string }[];
};
type OtlpValue = { stringValue?: string; intValue?: string | number; boolValue?: boolean; doubleValue?: number };
type OtlpSpan = Omit<Span, "attributes" | "links"> & {
  attributes?: { key: string; value: OtlpValue }[];
  links?: { traceId: string; spanId: string }[];
};
type OtlpExport = { resourceSpans?: { scopeSpans?: { spans?: OtlpSpan[] }[] }[] };

const spans: Span[] = [];
let collector: http.Server;
let service: http.Server;
let serviceUrl: string;
let hooks: WebhookReceiver;

function valueOf(value: OtlpValue): unknown {
  return value.stringValue ?? value.intValue ?? value.boolValue ?? value.doubleValue;
}

beforeAll(async () => {
  // The collector: OTLP/HTTP's traces path, JSON bodies, each span kept.
  collector = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      if (req.url === "/v1/traces" && String(req.headers["content-type"]).startsWith("application/json")) {
        const body = JSON.parse(Buffer.concat(chunks).toString("utf8")) as OtlpExport;
        for (const resource of body.resourceSpans ?? [])
          for (const scope of resource.scopeSpans ?? [])
            for (const span of scope.spans ?? [])
              spans.push({
                ...span,
                attributes: Object.fromEntries((span.attributes ?? []).map((a) => [a.key, valueOf(a.value)])),
                links: span.links ?? [],
              });
      }
      res.writeHead(200, { "content-type": "application/json" }).end("{}");
    });
  });
  await new Promise<void>((resolve) => collector.listen(0, "127.0.0.1", resolve));
  process.env.OTEL_EXPORTER_OTLP_ENDPOINT = `http://127.0.0.1:${(collector.address() as AddressInfo).port}`;
  process.env.OTEL_BSP_SCHEDULE_DELAY = "50";
  await startTracing();

  // The service: the edge server in front of the route handlers, as scripts/serve.ts runs it.
  const routes = createRouteFetch({ checkAgainstDocument: false });
  service = edgeServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const headers = new Headers();
    for (const [name, value] of Object.entries(req.headers)) if (typeof value === "string") headers.set(name, value);
    const body = req.method === "GET" ? undefined : Buffer.concat(chunks);
    const answer = await routes(new Request(`http://localhost${req.url}`, { method: req.method, headers, body }));
    res.writeHead(answer.status, Object.fromEntries(answer.headers));
    res.end(Buffer.from(await answer.arrayBuffer()));
  });
  await new Promise<void>((resolve) => service.listen(0, "127.0.0.1", resolve));
  serviceUrl = `http://127.0.0.1:${(service.address() as AddressInfo).port}`;
  hooks = await startReceiver();
});

afterAll(async () => {
  await hooks?.close();
  if (service) await closeServer(service);
  await stopTracing();
  await new Promise((resolve) => collector?.close(resolve));
});

const inTrace = (traceId: string) => spans.filter((span) => span.traceId === traceId);

describe("traces", () => {
  it("holds one API request's operation, Prisma and Redis spans under the caller's traceparent, and links its webhook attempt to it", async () => {
    expect(tracingEnabled()).toBe(true);
    const { appId, key } = await setupApp();

    const callerTrace = "4bf92f3577b34da6a3ce929d0e0e4736";
    const callerSpan = "00f067aa0ba902b7";
    const response = await fetch(`${serviceUrl}/api/public/sdk/v1/wallets`, {
      method: "POST",
      headers: {
        authorization: `Bearer ${key}`,
        "content-type": "application/json",
        traceparent: `00-${callerTrace}-${callerSpan}-01`,
      },
      body: JSON.stringify({
        externalUserId: uniqueUserId(),
        currency: "USD",
        email: "ada@example.com",
        name: "Ada Obi",
      }),
    });
    expect(response.status).toBe(201);
    const requestId = response.headers.get("x-request-id");
    expect(requestId).toMatch(/^req_/);

    // The operation span: named by its operation id, our request id on it, a child of the caller's span.
    const operation = await waitUntil(() => inTrace(callerTrace).find((span) => span.name === "createWallet"), 10_000);
    expect(operation.attributes[REQUEST_ID_ATTRIBUTE]).toBe(requestId);
    expect(operation.attributes["http.response.status_code"]).toBe(201);
    expect(operation.parentSpanId).toBe(callerSpan);
    // Prisma's and Redis's spans (the rate limit's round trip) in the same trace, below the operation.
    const prismaSpans = await waitUntil(() => {
      const found = inTrace(callerTrace).filter((span) => span.name.startsWith("prisma:"));
      return found.length > 0 ? found : undefined;
    }, 10_000);
    expect(
      prismaSpans.some((span) => span.name === "prisma:client:operation" || span.name === "prisma:engine:db_query"),
    ).toBe(true);
    const redis = inTrace(callerTrace).filter((span) => span.name.startsWith("redis "));
    expect(redis.length).toBeGreaterThan(0);
    expect(redis.every((span) => span.attributes["db.system.name"] === "redis")).toBe(true);
    const ids = new Set(inTrace(callerTrace).map((span) => span.spanId));
    for (const span of [...prismaSpans, ...redis]) expect(ids.has(span.parentSpanId ?? "")).toBe(true);

    // The event stored the request's trace. Its delivery is made by hand, to an endpoint added after
    // the request, so no queued job exists for another test file's worker to take; the attempt, run
    // as the worker runs it, is a trace of its own.
    const event = await prisma().event.findFirstOrThrow({ where: { applicationId: appId } });
    expect(event.traceparent).toMatch(new RegExp(`^00-${callerTrace}-[0-9a-f]{16}-01$`));
    const endpoint = await addWebhookEndpoint(prisma(), {
      applicationId: appId,
      url: `${hooks.url}/hooks`,
      livemode: false,
    });
    const delivery = await prisma().webhookDelivery.create({
      data: { id: newId("whd"), applicationId: appId, livemode: false, eventId: event.id, endpointId: endpoint.id },
    });
    const outcome = await deliver(delivery.id, "retry");
    expect(outcome.kind).toBe("sent");
    const [received] = await hooks.waitFor(1);
    const sentTraceparent = String(received!.headers.traceparent);
    const [, attemptTrace, sendSpanId] = /^00-([0-9a-f]{32})-([0-9a-f]{16})-01$/.exec(sentTraceparent) ?? [];
    expect(attemptTrace).toBeDefined();
    expect(attemptTrace).not.toBe(callerTrace);

    const attempt = await waitUntil(
      () => inTrace(attemptTrace!).find((span) => span.name === "webhook.attempt"),
      10_000,
    );
    expect(attempt.parentSpanId ?? "").toBe("");
    expect(attempt.attributes["wallet_card.delivery_id"]).toBe(delivery.id);
    expect(attempt.links.map((link) => link.traceId)).toEqual([callerTrace]);
    const send = await waitUntil(() => inTrace(attemptTrace!).find((span) => span.name === "webhook.send"), 10_000);
    expect(send.spanId).toBe(sendSpanId);
    expect(send.parentSpanId).toBe(attempt.spanId);
    expect(send.attributes["http.response.status_code"]).toBe(200);
  });
});
