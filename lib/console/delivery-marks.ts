// What the console shows beside a delivery that the API's record does not carry: whether its event
// is a test event (sent from the console with sample data) and when its endpoint was deleted.
import type { Db } from "@/lib/db/client";

export type DeliveryMarks = { isTest: boolean; endpointDeletedAt: Date | null };

export async function withDeliveryMarks<T extends { eventId: string; endpointId: string }>(
  db: Db,
  deliveries: T[],
): Promise<(T & DeliveryMarks)[]> {
  if (deliveries.length === 0) return [];
  const [tests, deleted] = await Promise.all([
    db.event.findMany({
      where: { id: { in: [...new Set(deliveries.map((d) => d.eventId))] }, isTest: true },
      select: { id: true },
    }),
    db.webhookEndpoint.findMany({
      where: { id: { in: [...new Set(deliveries.map((d) => d.endpointId))] }, deletedAt: { not: null } },
      select: { id: true, deletedAt: true },
    }),
  ]);
  const testIds = new Set(tests.map((e) => e.id));
  const deletedAt = new Map(deleted.map((e) => [e.id, e.deletedAt]));
  return deliveries.map((d) => ({
    ...d,
    isTest: testIds.has(d.eventId),
    endpointDeletedAt: deletedAt.get(d.endpointId) ?? null,
  }));
}
