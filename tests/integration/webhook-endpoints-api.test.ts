// The endpoints API (list and read, with health) through the real route handlers: newest first with
// a cursor, tenant and mode isolation, health as the engine's columns say; and the console's manual
// disable and enable: disabling records who did it and parks the backlog; enabling clears that and
// the streak and resumes the backlog.
import { beforeAll, describe, expect, it } from "vitest";
import { prisma, transaction } from "@/lib/db/client";
import { setEndpointEnabled } from "@/lib/console/set-endpoint-enabled";
import { newId } from "@/lib/ids";
import { DELIVER_TASK, endpointFlag } from "@/lib/webhooks/enqueue";
import { createDeliveryByHand } from "../helpers/event-backlog";
import { createKey, setupApp } from "../helpers/fixtures";
import { testClient } from "../helpers/route-fetch";

// Nothing listens on the discard port; rows are written directly, so no worker sends to them.
const UNREACHABLE = "http://127.0.0.1:9/hooks";

async function addEndpoint(
  applicationId: string,
  data: { livemode?: boolean; createdAt?: Date; events?: string[] } = {},
) {
  return prisma().webhookEndpoint.create({
    data: {
      id: newId("we"),
      applicationId,
      livemode: data.livemode ?? false,
      url: UNREACHABLE,
      events: data.events ?? [],
      createdAt: data.createdAt,
    },
  });
}

const list = (key: string, query: { limit?: number; starting_after?: string } = {}) =>
  testClient(key).GET("/api/public/sdk/v1/webhooks/endpoints", { params: { query } });
const read = (key: string, id: string) =>
  testClient(key).GET("/api/public/sdk/v1/webhooks/endpoints/{id}", { params: { path: { id } } });

describe("GET /webhooks/endpoints", () => {
  let key: string;
  let appId: string;
  let endpoints: Awaited<ReturnType<typeof addEndpoint>>[];
  beforeAll(async () => {
    ({ key, appId } = await setupApp());
    endpoints = [];
    for (let i = 0; i < 3; i++) {
      endpoints.push(
        await addEndpoint(appId, {
          createdAt: new Date(Date.now() - (3 - i) * 1000),
          events: i === 1 ? ["card.issued", "card.captured"] : [],
        }),
      );
    }
    // The other mode's endpoint is not listed with a test key.
    await addEndpoint(appId, { livemode: true });
  });

  it("pages newest first with a cursor, like every list", async () => {
    const first = await list(key, { limit: 2 });
    expect(first.response.status).toBe(200);
    expect(first.data?.data.map((e) => e.id)).toEqual([endpoints[2]!.id, endpoints[1]!.id]);
    expect(first.data).toMatchObject({ object: "list", has_more: true, next_cursor: endpoints[1]!.id });
    const second = await list(key, { limit: 2, starting_after: first.data!.next_cursor! });
    expect(second.data?.data.map((e) => e.id)).toEqual([endpoints[0]!.id]);
    expect(second.data).toMatchObject({ has_more: false, next_cursor: null });
    const all = await list(key);
    expect(all.data?.data).toHaveLength(3);
    expect(all.data?.data[1]).toMatchObject({
      object: "webhook_endpoint",
      url: UNREACHABLE,
      events: ["card.issued", "card.captured"],
      enabled: true,
      livemode: false,
      health: {
        state: "healthy",
        consecutiveFailures: 0,
        failingSince: null,
        lastSuccessAt: null,
        lastFailureAt: null,
        lastFailureReason: null,
        backoffUntil: null,
        disabledAt: null,
        disabledReason: null,
      },
    });
  });

  it("reads one endpoint, with the same record the list gives", async () => {
    const one = await read(key, endpoints[1]!.id);
    expect(one.response.status).toBe(200);
    const listed = (await list(key)).data?.data.find((e) => e.id === endpoints[1]!.id);
    expect(one.data).toEqual(listed);
  });

  it("answers 404 endpoint_not_found for an unknown id, another application's, or the other mode's", async () => {
    const other = await setupApp();
    const foreign = await addEndpoint(other.appId);
    const live = await addEndpoint(appId, { livemode: true });
    for (const id of ["we_doesnotexist", foreign.id, live.id]) {
      const res = await read(key, id);
      expect(res.response.status, id).toBe(404);
      expect(res.error?.error).toMatchObject({ code: "endpoint_not_found", param: "id" });
    }
    // And the other application sees only its own.
    expect((await list(other.key)).data?.data.map((e) => e.id)).toEqual([foreign.id]);
    const { secret: liveKey } = await createKey(appId, { mode: "live" });
    expect((await read(liveKey, live.id)).response.status).toBe(200);
    expect((await read(liveKey, endpoints[0]!.id)).response.status).toBe(404);
  });

  it("refuses a starting_after that names no endpoint of this application and mode", async () => {
    const foreign = await addEndpoint((await setupApp()).appId);
    const res = await list(key, { starting_after: foreign.id });
    expect(res.response.status).toBe(400);
    expect(res.error?.error).toMatchObject({ code: "validation_failed", param: "starting_after" });
  });

  it("needs webhooks:read, which events:read and webhooks:write imply", async () => {
    const { secret: cardsOnly } = await createKey(appId, { scopes: ["cards:write"] });
    const refused = await list(cardsOnly);
    expect(refused.response.status).toBe(403);
    expect(refused.error?.error).toMatchObject({ code: "scope_missing", required_scope: "webhooks:read" });
    for (const scope of ["webhooks:read", "events:read", "webhooks:write"] as const) {
      const { secret: reader } = await createKey(appId, { scopes: [scope] });
      expect((await read(reader, endpoints[0]!.id)).response.status, scope).toBe(200);
    }
  });
});

describe("endpoint health in the API", () => {
  let key: string;
  let appId: string;
  beforeAll(async () => {
    ({ key, appId } = await setupApp());
  });

  it("shows a failure streak as failing, with its start and last failure", async () => {
    const endpoint = await addEndpoint(appId);
    const since = new Date("2026-11-20T10:00:00.000Z");
    const last = new Date("2026-11-20T10:05:00.000Z");
    const success = new Date("2026-11-19T09:00:00.000Z");
    await prisma().webhookEndpoint.update({
      where: { id: endpoint.id },
      data: {
        consecutiveFailures: 2,
        failingSince: since,
        lastFailureAt: last,
        lastFailureReason: "HTTP 503",
        lastSuccessAt: success,
      },
    });
    const res = await read(key, endpoint.id);
    expect(res.data?.health).toEqual({
      state: "failing",
      consecutiveFailures: 2,
      failingSince: since.toISOString(),
      lastSuccessAt: success.toISOString(),
      lastFailureAt: last.toISOString(),
      lastFailureReason: "HTTP 503",
      backoffUntil: null,
      disabledAt: null,
      disabledReason: null,
    });
  });

  it("shows an open breaker (backoffUntil set) as backing_off", async () => {
    const endpoint = await addEndpoint(appId);
    const until = new Date(Date.now() + 60_000);
    await prisma().webhookEndpoint.update({
      where: { id: endpoint.id },
      data: {
        consecutiveFailures: 5,
        failingSince: new Date(Date.now() - 600_000),
        lastFailureAt: new Date(),
        lastFailureReason: "timed out after 10000 ms",
        backoffUntil: until,
        probeLeaseUntil: new Date(Date.now() + 120_000),
      },
    });
    const res = await read(key, endpoint.id);
    expect(res.data?.enabled).toBe(true);
    expect(res.data?.health).toMatchObject({
      state: "backing_off",
      consecutiveFailures: 5,
      backoffUntil: until.toISOString(),
    });
    // The probe's lease is the engine's bookkeeping, not part of the record.
    expect(res.data?.health).not.toHaveProperty("probeLeaseUntil");
  });

  it("shows an endpoint the engine disabled as disabled, with its reason and date", async () => {
    const endpoint = await addEndpoint(appId);
    const disabledAt = new Date("2026-11-23T10:00:00.000Z");
    const reason = "Disabled automatically: every delivery failed for 3 days with no success; last error: HTTP 500";
    await prisma().webhookEndpoint.update({
      where: { id: endpoint.id },
      data: {
        enabled: false,
        consecutiveFailures: 40,
        failingSince: new Date("2026-11-20T09:00:00.000Z"),
        lastFailureAt: disabledAt,
        lastFailureReason: "HTTP 500",
        disabledAt,
        disabledReason: reason,
      },
    });
    const listed = (await list(key)).data?.data.find((e) => e.id === endpoint.id);
    expect(listed).toMatchObject({
      enabled: false,
      health: {
        state: "disabled",
        consecutiveFailures: 40,
        disabledAt: disabledAt.toISOString(),
        disabledReason: reason,
      },
    });
  });
});

describe("disabling and enabling in the console", () => {
  it("records who disabled it; enabling clears that and the streak, and resumes pending deliveries", async () => {
    const app = await setupApp();
    const context = { merchantId: app.merchant.id, ipAddress: "198.51.100.9" };
    const endpoint = await addEndpoint(app.appId);
    await prisma().webhookEndpoint.update({
      where: { id: endpoint.id },
      data: {
        consecutiveFailures: 6,
        failingSince: new Date(Date.now() - 3_600_000),
        lastFailureAt: new Date(),
        lastFailureReason: "HTTP 502",
        backoffUntil: new Date(Date.now() + 60_000),
        probeLeaseUntil: new Date(Date.now() + 60_000),
      },
    });

    await transaction((tx) => setEndpointEnabled(tx, context, app.appId, endpoint.id, false));
    const disabled = await read(app.key, endpoint.id);
    expect(disabled.data?.health).toMatchObject({
      state: "disabled",
      disabledReason: `Disabled by ${app.merchant.email}`,
    });
    expect(Date.parse(disabled.data!.health.disabledAt!)).toBeGreaterThan(Date.now() - 60_000);

    // A delivery still pending while it was off: enabling queues it again.
    await createDeliveryByHand(app.appId, endpoint.id, "wal_while_off");

    await transaction((tx) => setEndpointEnabled(tx, context, app.appId, endpoint.id, true));
    const enabled = await read(app.key, endpoint.id);
    expect(enabled.data).toMatchObject({ enabled: true });
    expect(enabled.data?.health).toMatchObject({
      state: "healthy",
      consecutiveFailures: 0,
      failingSince: null,
      backoffUntil: null,
      disabledAt: null,
      disabledReason: null,
      // The record of the last failure stays: it is history, not the streak.
      lastFailureReason: "HTTP 502",
    });
    const row = await prisma().webhookEndpoint.findUniqueOrThrow({ where: { id: endpoint.id } });
    expect(row.probeLeaseUntil).toBeNull();

    const audit = await prisma().auditLog.findMany({
      where: { applicationId: app.appId, action: "webhook_endpoint.updated" },
      orderBy: { createdAt: "asc" },
    });
    expect(audit.map((entry) => entry.detail)).toEqual([
      expect.objectContaining({ endpointId: endpoint.id, enabled: false, reason: `Disabled by ${app.merchant.email}` }),
      expect.objectContaining({
        endpointId: endpoint.id,
        enabled: true,
        reason: expect.stringContaining(`Enabled by ${app.merchant.email}`),
        previousDisabledReason: `Disabled by ${app.merchant.email}`,
        // The pending delivery was queued again (another file's worker may already be sending it).
        resumedDeliveries: 1,
      }),
    ]);
  });

  it("parks the endpoint's queued jobs when disabled by hand, in the same transaction", async () => {
    const app = await setupApp();
    const endpoint = await addEndpoint(app.appId);
    // Due in an hour, so no test worker takes it meanwhile.
    await prisma()
      .$executeRaw`SELECT graphile_worker.add_job(${DELIVER_TASK}, json_build_object('deliveryId', 'whd_parked'),
      run_at => now() + interval '1 hour', job_key => ${`whd_parked_${endpoint.id}`}, flags => ARRAY[${endpointFlag(endpoint.id)}])`;
    const queued = () =>
      prisma().$queryRaw<
        { n: bigint }[]
      >`SELECT count(*) AS n FROM graphile_worker.jobs WHERE flags ? ${endpointFlag(endpoint.id)}`;
    expect(Number((await queued())[0]?.n)).toBe(1);
    await transaction((tx) => setEndpointEnabled(tx, { merchantId: app.merchant.id }, app.appId, endpoint.id, false));
    expect(Number((await queued())[0]?.n)).toBe(0);
  });

  it("keeps the engine's reason when the endpoint is already disabled", async () => {
    const app = await setupApp();
    const context = { merchantId: app.merchant.id };
    const endpoint = await addEndpoint(app.appId);
    const reason = "Disabled automatically: every delivery failed for 3 days with no success; last error: HTTP 500";
    await prisma().webhookEndpoint.update({
      where: { id: endpoint.id },
      data: { enabled: false, disabledAt: new Date(), disabledReason: reason },
    });
    await transaction((tx) => setEndpointEnabled(tx, context, app.appId, endpoint.id, false));
    expect((await read(app.key, endpoint.id)).data?.health.disabledReason).toBe(reason);
  });
});
