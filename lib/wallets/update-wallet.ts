// Changes a wallet's spending controls (POST /wallets/{externalUserId}), which apply to every card
// of the wallet on top of each card's own. A window limit the change adds starts from what the
// wallet's cards already spent in the current window (seedNewLimits).
import type { Db } from "@/lib/db/client";
import { recordEvent } from "@/lib/events/record-event";
import type { UpdateWalletBody, WalletRecord } from "@/lib/schemas/wallet";
import { fromInput, readControls, toStored } from "@/lib/spending-controls/controls";
import { lockAccountForControls, seedNewLimits } from "@/lib/spending-controls/set-spending-controls";
import { readTotals } from "@/lib/spending-controls/totals";
import { NOTHING_SPENT } from "@/lib/spending-controls/usage";
import type { Tenant } from "@/lib/tenant";
import { findWallet } from "./get-wallet";
import { walletRecord } from "./wallet-record";

export async function updateWallet(
  tx: Db,
  tenant: Tenant,
  externalUserId: string,
  input: UpdateWalletBody,
): Promise<WalletRecord> {
  const found = await findWallet(tx, tenant, externalUserId);
  // Every spend of the wallet's cards holds this lock while it reads the wallet's controls' totals
  // and adds to them, so seeding sees every approved spend and none slips in between.
  const account = await lockAccountForControls(tx, found.id);
  const now = new Date();
  let wallet = found;
  if (input.spendingControls !== undefined) {
    const previous = readControls(found.spendingControls);
    const next = fromInput(input.spendingControls, found.currency, "spendingControls", "wallet");
    await seedNewLimits(tx, "wallet", found.id, previous, next, now);
    const updated = await tx.wallet.update({ where: { id: found.id }, data: { spendingControls: toStored(next) } });
    wallet = { ...updated, ledgerAccount: found.ledgerAccount };
  }
  const totals = await readTotals(tx, [wallet.id], now);
  const record = walletRecord(wallet, account, totals.get(wallet.id) ?? NOTHING_SPENT, now);
  if (input.spendingControls !== undefined) await recordEvent(tx, tenant, "wallet.updated", record);
  return record;
}
