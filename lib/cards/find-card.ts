// Finds one card of the caller's application and mode, optionally locking its row, or answers 404.
import type { Db } from "@/lib/db/client";
import { DomainError } from "@/lib/errors";
import type { Tenant } from "@/lib/tenant";

export type CardLock = "update" | "share";

export async function findCard(db: Db, tenant: Tenant, cardId: string, lock?: CardLock) {
  if (lock === "update") {
    await db.$queryRaw`SELECT 1 FROM "Card" WHERE id = ${cardId} AND "applicationId" = ${tenant.applicationId} AND livemode = ${tenant.livemode} FOR UPDATE`;
  } else if (lock === "share") {
    // A spend holds this while it decides, so a concurrent freeze waits for it and the reverse.
    await db.$queryRaw`SELECT 1 FROM "Card" WHERE id = ${cardId} AND "applicationId" = ${tenant.applicationId} AND livemode = ${tenant.livemode} FOR SHARE`;
  }
  const card = await db.card.findFirst({
    where: { id: cardId, applicationId: tenant.applicationId, livemode: tenant.livemode },
    include: { wallet: { select: { externalUserId: true, status: true } } },
  });
  if (!card) throw new DomainError("card_not_found", `No card ${cardId} exists.`, { param: "id" });
  return card;
}
