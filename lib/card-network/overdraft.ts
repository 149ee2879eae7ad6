// Lets the current transaction take a wallet's available balance below zero: only the card
// network's messages that cannot be refused (a stand-in's advice, a clearing, a force post, a return
// reversal) call this. The database refuses any other such write (the trigger
// LedgerAccount_overdraft_guard, migration card_network_lifecycle; docs/decisions/card-network.md).
import type { Db } from "@/lib/db/client";
import type { LedgerAccount } from "@/lib/generated/prisma/client";
import { availableMinor } from "@/lib/ledger/accounts";

export async function allowNetworkOverdraft(tx: Db): Promise<void> {
  // Local to the transaction: the pooled connection keeps refusing overdrafts afterwards.
  await tx.$queryRaw`SELECT set_config('wallet_card.network_overdraft', 'on', true)`;
}

/** Whether the account, read after the step, is below zero. */
export function overdrawn(account: Pick<LedgerAccount, "postedMinor" | "heldMinor">): boolean {
  return availableMinor(account) < 0n;
}
