// Events of an application committed straight to the database, each with its webhook deliveries
// and their first jobs (as the API's writes queue them), for tests of the delivery engine that need
// a backlog without driving the API.
import { prisma } from "@/lib/db/client";
import { newId } from "@/lib/ids";
import { queueDeliveries } from "@/lib/webhooks/fan-out";
import { nextStreamSequence } from "./stream-sequence";

/** `count` test-mode wallet.provisioned events in one transaction; `label` tells their wallet ids apart. */
export async function queueEventBacklog(applicationId: string, count: number, label = "backlog"): Promise<void> {
  await prisma().$transaction(
    async (tx) => {
      for (let i = 0; i < count; i += 1) {
        const event = await tx.event.create({
          data: {
            id: newId("evt"),
            applicationId,
            livemode: false,
            type: "wallet.provisioned",
            data: { id: `wal_${label}${i}`, object: "wallet" },
            sequence: nextStreamSequence(),
          },
        });
        await queueDeliveries(tx, event);
      }
    },
    { timeout: 60_000 },
  );
}

/**
 * One event and its delivery to `endpointId`, made by hand with no queue job, for tests that call
 * deliver() themselves as a job would, or that need a delivery in a given state.
 */
export async function createDeliveryByHand(
  applicationId: string,
  endpointId: string,
  walletId: string,
  status: "pending" | "failed" = "pending",
) {
  const event = await prisma().event.create({
    data: {
      id: newId("evt"),
      applicationId,
      livemode: false,
      type: "wallet.provisioned",
      data: { id: walletId },
      sequence: nextStreamSequence(),
    },
  });
  return prisma().webhookDelivery.create({
    data: { id: newId("whd"), applicationId, livemode: false, eventId: event.id, endpointId, status },
  });
}
