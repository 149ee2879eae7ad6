// Turns one recorded event into one delivery per enabled, subscribed endpoint of its application
// and mode, each with its first job queued, inside the transaction that recorded the event.
import type { Event, Prisma } from "@/lib/generated/prisma/client";
import { newId } from "@/lib/ids";
import { enqueueDelivery } from "./enqueue";

export async function queueDeliveries(
  tx: Prisma.TransactionClient,
  event: Pick<Event, "id" | "applicationId" | "livemode" | "type">,
  /** Limits the fan-out to one endpoint (the console's "send test event"). */
  only?: { endpointId: string },
): Promise<string[]> {
  const endpoints = await tx.webhookEndpoint.findMany({
    where: {
      ...(only ? { id: only.endpointId } : {}),
      applicationId: event.applicationId,
      livemode: event.livemode,
      enabled: true,
      // An endpoint with no event list subscribes to every kind.
      OR: [{ events: { isEmpty: true } }, { events: { has: event.type } }],
    },
    select: { id: true },
  });
  if (endpoints.length === 0) return [];
  const deliveries = endpoints.map((endpoint) => ({
    id: newId("whd"),
    applicationId: event.applicationId,
    livemode: event.livemode,
    eventId: event.id,
    endpointId: endpoint.id,
    status: "pending",
    nextAttemptAt: new Date(),
  }));
  await tx.webhookDelivery.createMany({ data: deliveries });
  for (const delivery of deliveries)
    await enqueueDelivery(tx, {
      deliveryId: delivery.id,
      endpointId: delivery.endpointId,
      trigger: "retry",
      retryNumber: 1,
    });
  return deliveries.map((d) => d.id);
}
