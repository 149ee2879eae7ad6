// The application's balance account per mode and currency (docs/decisions/money-movement.md), made
// on first use, and the row locks a move of money takes on every account it touches.
import type { Db } from "@/lib/db/client";
import type { LedgerAccount } from "@/lib/generated/prisma/client";
import type { LedgerAccountRef } from "@/lib/ledger/accounts";
import type { Tenant } from "@/lib/tenant";

export function balanceAccountId(tenant: Tenant, currency: string): string {
  return `lacct_balance_${tenant.livemode ? "live" : "test"}_${currency}_${tenant.applicationId}`;
}

/** The application's balance account in `currency`; racing first uses both succeed. */
export async function ensureBalanceAccount(db: Db, tenant: Tenant, currency: string): Promise<LedgerAccountRef> {
  const id = balanceAccountId(tenant, currency);
  await db.ledgerAccount.createMany({
    data: [{ id, applicationId: tenant.applicationId, livemode: tenant.livemode, kind: "balance", currency }],
    skipDuplicates: true,
  });
  return { id, kind: "balance", currency };
}

/**
 * Locks ledger accounts for the rest of the transaction, in id order whatever order they are named
 * in, so two transfers between the same two accounts in opposite directions never deadlock; returns
 * them fresh, by id.
 */
export async function lockAccounts(db: Db, ids: string[]): Promise<Map<string, LedgerAccount>> {
  const sorted = [...new Set(ids)].sort();
  const rows = await db.$queryRaw<LedgerAccount[]>`
    SELECT * FROM "LedgerAccount" WHERE id = ANY(${sorted}::text[]) ORDER BY id FOR UPDATE`;
  const byId = new Map(rows.map((row) => [row.id, row]));
  for (const id of sorted) if (!byId.has(id)) throw new Error(`ledger account ${id} does not exist`);
  return byId;
}
