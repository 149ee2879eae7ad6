// One wallet of the application's current mode with a page of its cards and of its transactions,
// read through the same list functions the SDK's GET routes use.
import { authorizationHistories } from "@/lib/authorizations/authorization-history";
import { listWalletAuthorizations } from "@/lib/authorizations/list-wallet-authorizations";
import { listWalletCards } from "@/lib/cards/list-wallet-cards";
import type { Db } from "@/lib/db/client";
import { listWalletTransactions } from "@/lib/ledger/list-wallet-transactions";
import { readTotals } from "@/lib/spending-controls/totals";
import { NOTHING_SPENT } from "@/lib/spending-controls/usage";
import { walletRecord } from "@/lib/wallets/wallet-record";
import { ConsoleError } from "./errors";
import { readListPage } from "./keyset-page";
import { consoleTenant, requireApplication } from "./require-application";

/** How many of a wallet's latest authorizations its page shows. */
export const RECENT_AUTHORIZATIONS = 20;

export async function walletDetail(
  db: Db,
  merchantId: string,
  applicationId: string,
  walletId: string,
  query: { cardsAfter?: string; transactionsAfter?: string } = {},
) {
  const tenant = consoleTenant(await requireApplication(db, merchantId, applicationId));
  const wallet = await db.wallet.findFirst({ where: { id: walletId, ...tenant }, include: { ledgerAccount: true } });
  if (!wallet) throw ConsoleError.notFound("Wallet");
  // One after the other: db may be a transaction, whose single connection cannot run queries side by side.
  const cards = await readListPage(query.cardsAfter, (page) =>
    listWalletCards(db, tenant, wallet.externalUserId, page),
  );
  const transactions = await readListPage(query.transactionsAfter, (page) =>
    listWalletTransactions(db, tenant, wallet.externalUserId, page),
  );
  // The latest few, for the holds panel; the API reads each one, the ledger lists what moved.
  const authorizations = await listWalletAuthorizations(db, tenant, wallet.id, RECENT_AUTHORIZATIONS);
  // Each one's steps (the card network's messages, or what a reported spend left), in two queries.
  const histories = await authorizationHistories(
    db,
    await db.authorization.findMany({ where: { id: { in: authorizations.map((a) => a.id) } } }),
  );
  const now = new Date();
  const totals = await readTotals(db, [wallet.id], now);
  return {
    wallet: walletRecord(wallet, wallet.ledgerAccount, totals.get(wallet.id) ?? NOTHING_SPENT, now),
    cards,
    transactions,
    authorizations: authorizations.map((a) => ({ ...a, history: histories.get(a.id) ?? [] })),
  };
}
