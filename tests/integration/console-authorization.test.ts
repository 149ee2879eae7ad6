// Every console operation, called as merchant B with merchant A's application, key, endpoint,
// wallet and delivery ids, is refused as "not found" and changes nothing of A's.
import { beforeAll, describe, expect, it } from "vitest";
import { prisma } from "@/lib/db/client";
import { activateSecret } from "@/lib/console/activate-secret";
import {} from "@/lib/console/errors";
import { deliveryDetail } from "@/lib/console/delivery-detail";
import { listAuditLog } from "@/lib/console/list-audit-log";
import { listConsoleDeliveries } from "@/lib/console/list-console-deliveries";
import { listEndpoints } from "@/lib/console/list-endpoints";
import { listEvents } from "@/lib/console/list-events";
import { listKeys } from "@/lib/console/list-keys";
import { mintKey } from "@/lib/console/mint-key";
import { registerEndpoint } from "@/lib/console/register-endpoint";
import { renameApplication } from "@/lib/console/rename-application";
import { replayConsoleDelivery } from "@/lib/console/replay-console-delivery";
import { requireApplication } from "@/lib/console/require-application";
import { revealSecret } from "@/lib/console/reveal-secret";
import { revokeKey } from "@/lib/console/revoke-key";
import { rollSecret } from "@/lib/console/roll-secret";
import { searchWallets } from "@/lib/console/search-wallets";
import { sendTestEvent } from "@/lib/console/send-test-event";
import { setEndpointEnabled } from "@/lib/console/set-endpoint-enabled";
import { setMode } from "@/lib/console/set-mode";
import { walletDetail } from "@/lib/console/wallet-detail";
import { api } from "../helpers/card-money";
import { createKey, createMerchantApp, uniqueUserId } from "../helpers/fixtures";

type World = Awaited<ReturnType<typeof buildWorld>>;

async function buildWorld() {
  const a = await createMerchantApp("A's app");
  const b = await createMerchantApp("B's app");
  const aContext = { merchantId: a.merchant.id, ipAddress: "192.0.2.1" };
  const bContext = { merchantId: b.merchant.id, ipAddress: "192.0.2.2" };
  const aKey = await createKey(a.application.id);
  const bKey = await createKey(b.application.id);
  const aEndpoint = await registerEndpoint(prisma(), aContext, a.application.id, {
    url: "http://127.0.0.1:9/hook",
    events: [],
    enabled: true,
  });
  const bEndpoint = await registerEndpoint(prisma(), bContext, b.application.id, {
    url: "http://127.0.0.1:9/hook",
    events: [],
    enabled: true,
  });
  const created = await api.createWallet(aKey.secret, {
    externalUserId: uniqueUserId(),
    currency: "USD",
    email: "a@example.com",
  });
  expect(created.response.status).toBe(201);
  const aWalletId = created.data!.id;
  const aDelivery = await prisma().webhookDelivery.findFirstOrThrow({ where: { applicationId: a.application.id } });
  return { a, b, aContext, bContext, aKey, bKey, aEndpoint, bEndpoint, aWalletId, aDeliveryId: aDelivery.id };
}

/** Everything of A's that an operation could change, to compare before and after. */
async function snapshotOfA(world: World) {
  const db = prisma();
  const appId = world.a.application.id;
  return {
    application: await db.application.findUniqueOrThrow({ where: { id: appId } }),
    keys: await db.apiKey.findMany({ where: { applicationId: appId }, orderBy: { id: "asc" } }),
    endpoints: await db.webhookEndpoint.findMany({
      where: { applicationId: appId },
      orderBy: { id: "asc" },
      omit: { updatedAt: true },
    }),
    deliveries: await db.webhookDelivery.count({ where: { applicationId: appId } }),
    events: await db.event.count({ where: { applicationId: appId } }),
    replayJobs: await db.$queryRaw<
      { n: bigint }[]
    >`SELECT count(*) AS n FROM graphile_worker.jobs WHERE key LIKE ${`${world.aDeliveryId}:replay:%`}`,
    audit: await db.auditLog.count({ where: { applicationId: appId } }),
  };
}

let world: World;
beforeAll(async () => {
  world = await buildWorld();
});

describe("console operations refuse another merchant's application", () => {
  const cases: { name: string; run: (w: World) => Promise<unknown> }[] = [
    { name: "requireApplication", run: (w) => requireApplication(prisma(), w.b.merchant.id, w.a.application.id) },
    {
      name: "renameApplication",
      run: (w) => renameApplication(prisma(), w.bContext, w.a.application.id, { name: "Hijacked" }),
    },
    { name: "setMode", run: (w) => setMode(prisma(), w.bContext, w.a.application.id, "live") },
    { name: "revealSecret", run: (w) => revealSecret(prisma(), w.bContext, w.a.application.id, "test") },
    {
      name: "rollSecret",
      run: (w) => rollSecret(prisma(), w.bContext, w.a.application.id, { mode: "test", activation: "1h" }),
    },
    { name: "activateSecret", run: (w) => activateSecret(prisma(), w.bContext, w.a.application.id, "test") },
    {
      name: "mintKey",
      run: (w) =>
        mintKey(prisma(), w.bContext, w.a.application.id, { name: "x", mode: "test", scopes: ["wallets:read"] }),
    },
    { name: "listKeys", run: (w) => listKeys(prisma(), w.b.merchant.id, w.a.application.id) },
    { name: "revokeKey", run: (w) => revokeKey(prisma(), w.bContext, w.a.application.id, w.aKey.record.id) },
    { name: "searchWallets", run: (w) => searchWallets(prisma(), w.b.merchant.id, w.a.application.id, {}) },
    { name: "walletDetail", run: (w) => walletDetail(prisma(), w.b.merchant.id, w.a.application.id, w.aWalletId) },
    { name: "listEvents", run: (w) => listEvents(prisma(), w.b.merchant.id, w.a.application.id, {}) },
    { name: "listAuditLog", run: (w) => listAuditLog(prisma(), w.b.merchant.id, w.a.application.id) },
    { name: "listEndpoints", run: (w) => listEndpoints(prisma(), w.b.merchant.id, w.a.application.id) },
    {
      name: "registerEndpoint",
      run: (w) =>
        registerEndpoint(prisma(), w.bContext, w.a.application.id, {
          url: "http://127.0.0.1:9/evil",
          events: [],
          enabled: true,
        }),
    },
    {
      name: "setEndpointEnabled",
      run: (w) => setEndpointEnabled(prisma(), w.bContext, w.a.application.id, w.aEndpoint.id, false),
    },
    { name: "sendTestEvent", run: (w) => sendTestEvent(w.bContext, w.a.application.id, w.aEndpoint.id) },
    {
      name: "listConsoleDeliveries",
      run: (w) => listConsoleDeliveries(prisma(), w.b.merchant.id, w.a.application.id, {}),
    },
    {
      name: "deliveryDetail",
      run: (w) => deliveryDetail(prisma(), w.b.merchant.id, w.a.application.id, w.aDeliveryId),
    },
    { name: "replayConsoleDelivery", run: (w) => replayConsoleDelivery(w.bContext, w.a.application.id, w.aDeliveryId) },
  ];

  for (const { name, run } of cases) {
    it(`${name} with A's application id answers not found and changes nothing`, async () => {
      const before = await snapshotOfA(world);
      await expect(run(world)).rejects.toMatchObject({ code: "not_found" });
      expect(await snapshotOfA(world)).toEqual(before);
    });
  }
});

describe("console operations refuse A's objects reached through B's own application", () => {
  const cases: { name: string; run: (w: World) => Promise<unknown> }[] = [
    { name: "revokeKey", run: (w) => revokeKey(prisma(), w.bContext, w.b.application.id, w.aKey.record.id) },
    { name: "walletDetail", run: (w) => walletDetail(prisma(), w.b.merchant.id, w.b.application.id, w.aWalletId) },
    {
      name: "setEndpointEnabled",
      run: (w) => setEndpointEnabled(prisma(), w.bContext, w.b.application.id, w.aEndpoint.id, false),
    },
    { name: "sendTestEvent", run: (w) => sendTestEvent(w.bContext, w.b.application.id, w.aEndpoint.id) },
    {
      name: "deliveryDetail",
      run: (w) => deliveryDetail(prisma(), w.b.merchant.id, w.b.application.id, w.aDeliveryId),
    },
    { name: "replayConsoleDelivery", run: (w) => replayConsoleDelivery(w.bContext, w.b.application.id, w.aDeliveryId) },
  ];

  for (const { name, run } of cases) {
    it(`${name} with A's object id under B's application answers not found and changes nothing`, async () => {
      const before = await snapshotOfA(world);
      await expect(run(world)).rejects.toMatchObject({ code: "not_found" });
      expect(await snapshotOfA(world)).toEqual(before);
    });
  }

  it("lists under B's application show none of A's keys, endpoints, wallets, events or deliveries", async () => {
    const db = prisma();
    const id = world.b.application.id;
    const [keys, endpoints, wallets, events, deliveries, audit] = await Promise.all([
      listKeys(db, world.b.merchant.id, id),
      listEndpoints(db, world.b.merchant.id, id),
      searchWallets(db, world.b.merchant.id, id, {}),
      listEvents(db, world.b.merchant.id, id, {}),
      listConsoleDeliveries(db, world.b.merchant.id, id, {}),
      listAuditLog(db, world.b.merchant.id, id),
    ]);
    expect(keys.rows.map((k) => k.id)).toEqual([world.bKey.record.id]);
    expect(endpoints.map((e) => e.id)).toEqual([world.bEndpoint.id]);
    expect(wallets.rows).toEqual([]);
    expect(events.rows).toEqual([]);
    expect(deliveries.rows).toEqual([]);
    expect(audit.rows.every((entry) => entry.applicationId === id && entry.merchantId === world.b.merchant.id)).toBe(
      true,
    );
  });

  it("the owner can do what the other merchant could not (the refusals are about ownership)", async () => {
    const db = prisma();
    const revealed = await revealSecret(db, world.aContext, world.a.application.id, "test");
    expect(revealed.current.secret).toBe(world.a.webhookSecrets.test);
    const detail = await deliveryDetail(db, world.a.merchant.id, world.a.application.id, world.aDeliveryId);
    expect(detail.id).toBe(world.aDeliveryId);
    const wallet = await walletDetail(db, world.a.merchant.id, world.a.application.id, world.aWalletId);
    expect(wallet.wallet.id).toBe(world.aWalletId);
  });
});
