// A wallet's most recent authorizations, newest first, whatever their status: the console's view of
// the holds that are open and how the others ended. Bounded, so the read stays one short index scan.
import type { Db } from "@/lib/db/client";
import type { AuthorizationRecord } from "@/lib/schemas/authorization";
import type { Tenant } from "@/lib/tenant";
import { authorizationRecord } from "./authorization-record";

export async function listWalletAuthorizations(
  db: Db,
  tenant: Tenant,
  walletId: string,
  limit: number,
): Promise<AuthorizationRecord[]> {
  const rows = await db.authorization.findMany({
    where: { walletId, applicationId: tenant.applicationId, livemode: tenant.livemode },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: limit,
    include: { wallet: { select: { externalUserId: true } } },
  });
  return rows.map((row) => authorizationRecord(row, row.wallet.externalUserId));
}
