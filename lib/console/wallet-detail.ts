// One wallet of the application's current mode with its cards and recent transactions, read through
// the same list functions the SDK's GET routes use.
import { listWalletCards } from "@/lib/cards/list-wallet-cards";
import type { Db } from "@/lib/db/client";
import { listWalletTransactions } from "@/lib/ledger/list-wallet-transactions";
import { walletRecord } from "@/lib/wallets/wallet-record";
import { ConsoleNotFoundError } from "./errors";
import { consoleTenant, requireApplication } from "./require-application";

export async function walletDetail(db: Db, merchantId: string, applicationId: string, walletId: string) {
  const tenant = consoleTenant(await requireApplication(db, merchantId, applicationId));
  const wallet = await db.wallet.findFirst({ where: { id: walletId, ...tenant }, include: { ledgerAccount: true } });
  if (!wallet) throw new ConsoleNotFoundError("Wallet");
  // One after the other: db may be a transaction, whose single connection cannot run queries side by side.
  const cards = await listWalletCards(db, tenant, wallet.externalUserId, { limit: 100 });
  const transactions = await listWalletTransactions(db, tenant, wallet.externalUserId, { limit: 50 });
  return {
    wallet: walletRecord(wallet, wallet.ledgerAccount),
    cards: cards.data,
    transactions: transactions.data,
    moreTransactions: transactions.has_more,
  };
}
