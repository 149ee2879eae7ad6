// The application's balance in Stripe's shape: available and pending per currency it holds.
import type { Db } from "@/lib/db/client";
import { availableMinor } from "@/lib/ledger/accounts";
import { toMajor } from "@/lib/money/amount";
import type { BalanceRecord } from "@/lib/schemas/money-movement";
import type { Tenant } from "@/lib/tenant";

export async function getBalance(db: Db, tenant: Tenant): Promise<BalanceRecord> {
  const accounts = await db.ledgerAccount.findMany({
    where: { applicationId: tenant.applicationId, livemode: tenant.livemode, kind: "balance" },
    orderBy: { currency: "asc" },
    select: { currency: true, postedMinor: true, heldMinor: true },
  });
  return {
    object: "balance",
    livemode: tenant.livemode,
    available: accounts.map((a) => ({ currency: a.currency, amount: toMajor(availableMinor(a), a.currency) })),
    // Top-ups are available at once; nothing is on its way in yet.
    pending: accounts.map((a) => ({ currency: a.currency, amount: 0 })),
  };
}
