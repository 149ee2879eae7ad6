// Endpoint registration (the CLI's domain functions) and fan-out: one delivery and one queued job
// per enabled, subscribed endpoint, committed or rolled back with the event.
import { describe, expect, it } from "vitest";
import { prisma, transaction } from "@/lib/db/client";
import { recordEvent } from "@/lib/events/record-event";
import { newId } from "@/lib/ids";
import { createWallet } from "@/lib/wallets/create-wallet";
import {
  addWebhookEndpoint,
  disableWebhookEndpoint,
  EndpointError,
  listWebhookEndpoints,
} from "@/lib/webhooks/endpoints";
import { setupApp } from "../helpers/fixtures";

const URL_A = "http://127.0.0.1:9/a";

async function queuedJobs(deliveryIds: string[]) {
  if (deliveryIds.length === 0) return [];
  return prisma().$queryRaw<{ key: string }[]>`
    SELECT key FROM graphile_worker.jobs WHERE split_part(key, ':', 1) = ANY(${deliveryIds}::text[])`;
}

describe("webhook endpoints", () => {
  it("registers, lists and disables endpoints, checking URL, mode and event kinds", async () => {
    const { appId } = await setupApp();
    const all = await addWebhookEndpoint(prisma(), {
      applicationId: appId,
      url: "http://localhost:3000/hooks",
      livemode: false,
    });
    const some = await addWebhookEndpoint(prisma(), {
      applicationId: appId,
      url: URL_A,
      livemode: false,
      events: ["card.issued", "card.issued"],
    });
    expect(all.events).toEqual([]);
    expect(some.events).toEqual(["card.issued"]);

    await expect(
      addWebhookEndpoint(prisma(), { applicationId: appId, url: "http://example.com/hooks", livemode: true }),
    ).rejects.toThrow(/https/);
    await expect(
      addWebhookEndpoint(prisma(), { applicationId: appId, url: "https://127.0.0.1/hooks", livemode: true }),
    ).rejects.toThrow(/loopback/);
    await expect(
      addWebhookEndpoint(prisma(), { applicationId: appId, url: URL_A, livemode: false, events: ["card.melted"] }),
    ).rejects.toThrow(EndpointError);
    await expect(
      addWebhookEndpoint(prisma(), { applicationId: "app_missing", url: URL_A, livemode: false }),
    ).rejects.toThrow(/No application/);

    await disableWebhookEndpoint(prisma(), some.id);
    const listed = await listWebhookEndpoints(prisma(), appId);
    expect(listed.map((e) => [e.id, e.enabled])).toEqual([
      [all.id, true],
      [some.id, false],
    ]);
    await expect(disableWebhookEndpoint(prisma(), "we_missing")).rejects.toThrow(EndpointError);
  });

  it("fans an event out to enabled endpoints of its mode that subscribe to its kind, each with a queued job", async () => {
    const { appId } = await setupApp();
    const tenant = { applicationId: appId, livemode: false };
    const every = await addWebhookEndpoint(prisma(), { applicationId: appId, url: URL_A, livemode: false });
    const cards = await addWebhookEndpoint(prisma(), {
      applicationId: appId,
      url: URL_A,
      livemode: false,
      events: ["card.issued"],
    });
    const wallets = await addWebhookEndpoint(prisma(), {
      applicationId: appId,
      url: URL_A,
      livemode: false,
      events: ["wallet.provisioned"],
    });
    await disableWebhookEndpoint(prisma(), wallets.id);
    await prisma().webhookEndpoint.create({
      data: { id: newId("we"), applicationId: appId, livemode: true, url: "https://example.com/", events: [] },
    });

    const wallet = await transaction((tx) =>
      createWallet(tx, tenant, { externalUserId: `fan_${newId("wal")}`, currency: "USD", email: "fan@example.com" }),
    );
    const event = await transaction((tx) => recordEvent(tx, tenant, "wallet.provisioned", { id: wallet.id }));
    const deliveries = await prisma().webhookDelivery.findMany({ where: { eventId: event.id } });
    expect(deliveries.map((d) => d.endpointId)).toEqual([every.id]);
    expect(deliveries[0]).toMatchObject({ livemode: false, attemptCount: 0 });

    const cardEvent = await transaction((tx) => recordEvent(tx, tenant, "card.issued", { id: "card_x", walletId: wallet.id }));
    const cardDeliveries = await prisma().webhookDelivery.findMany({ where: { eventId: cardEvent.id } });
    expect(cardDeliveries.map((d) => d.endpointId).sort()).toEqual([every.id, cards.id].sort());

    // A worker in another test file may already have run and removed a job; its attempt row then shows it ran.
    for (const delivery of [...deliveries, ...cardDeliveries]) {
      const jobs = await queuedJobs([delivery.id]);
      const attempts = await prisma().webhookAttempt.count({ where: { deliveryId: delivery.id } });
      expect(jobs.length + attempts).toBeGreaterThanOrEqual(1);
    }
  });

  it("leaves no event, delivery or job behind when the change's transaction rolls back", async () => {
    const { appId } = await setupApp();
    const wallet = await transaction((tx) =>
      createWallet(
        tx,
        { applicationId: appId, livemode: false },
        { externalUserId: "rolled_back", currency: "USD", email: "fan@example.com" },
      ),
    );
    await addWebhookEndpoint(prisma(), { applicationId: appId, url: URL_A, livemode: false });
    let deliveryIds: string[] = [];
    await expect(
      transaction(async (tx) => {
        const event = await recordEvent(tx, { applicationId: appId, livemode: false }, "card.issued", {
          id: "card_y",
          walletId: wallet.id,
        });
        deliveryIds = (await tx.webhookDelivery.findMany({ where: { eventId: event.id } })).map((d) => d.id);
        throw new Error("the change failed");
      }),
    ).rejects.toThrow("the change failed");
    expect(deliveryIds).toHaveLength(1);
    expect(await prisma().event.count({ where: { applicationId: appId, type: "card.issued" } })).toBe(0);
    expect(await prisma().webhookDelivery.count({ where: { id: { in: deliveryIds } } })).toBe(0);
    expect(await queuedJobs(deliveryIds)).toEqual([]);
  });
});
