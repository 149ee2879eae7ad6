// Reads one wallet of the caller's application and mode by the application's own user id.
import type { Db } from "@/lib/db/client";
import type { LedgerAccount, Wallet } from "@/lib/generated/prisma/client";
import { DomainError } from "@/lib/errors";
import type { WalletRecord } from "@/lib/schemas/wallet";
import type { Tenant } from "@/lib/tenant";
import { readTotals } from "@/lib/spending-controls/totals";
import { NOTHING_SPENT } from "@/lib/spending-controls/usage";
import { walletRecord } from "./wallet-record";

export type FoundWallet = Wallet & { ledgerAccount: Pick<LedgerAccount, "id" | "postedMinor" | "heldMinor"> | null };

type WalletRow = Wallet & { accountId: string | null; postedMinor: bigint | null; heldMinor: bigint | null };

export async function findWallet(db: Db, tenant: Tenant, externalUserId: string): Promise<FoundWallet> {
  // One statement for the wallet and its balances: this is the API's hot read.
  const [row] = await db.$queryRaw<WalletRow[]>`
    SELECT w.*, a."id" AS "accountId", a."postedMinor", a."heldMinor"
    FROM "Wallet" w LEFT JOIN "LedgerAccount" a ON a."walletId" = w."id"
    WHERE w."applicationId" = ${tenant.applicationId} AND w."livemode" = ${tenant.livemode}
      AND w."externalUserId" = ${externalUserId}`;
  if (!row) {
    throw new DomainError("wallet_not_found", `No wallet exists for externalUserId ${externalUserId}.`, {
      param: "externalUserId",
    });
  }
  const { accountId, postedMinor, heldMinor, ...wallet } = row;
  const ledgerAccount =
    accountId === null ? null : { id: accountId, postedMinor: postedMinor ?? 0n, heldMinor: heldMinor ?? 0n };
  return { ...wallet, ledgerAccount };
}

export async function getWallet(db: Db, tenant: Tenant, externalUserId: string): Promise<WalletRecord> {
  const wallet = await findWallet(db, tenant, externalUserId);
  const now = new Date();
  const totals = await readTotals(db, [wallet.id], now);
  return walletRecord(wallet, wallet.ledgerAccount, totals.get(wallet.id) ?? NOTHING_SPENT, now);
}
