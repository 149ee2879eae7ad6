// The event log of an application's current mode, newest first, optionally one event type.
import type { Db } from "@/lib/db/client";
import { consoleTenant, requireApplication } from "./require-application";

const PAGE_SIZE = 100;

export async function listEvents(db: Db, merchantId: string, applicationId: string, query: { type?: string }) {
  const tenant = consoleTenant(await requireApplication(db, merchantId, applicationId));
  return db.event.findMany({
    where: { ...tenant, ...(query.type ? { type: query.type } : {}) },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: PAGE_SIZE,
    select: {
      id: true,
      type: true,
      data: true,
      livemode: true,
      createdAt: true,
      _count: { select: { deliveries: true } },
    },
  });
}
