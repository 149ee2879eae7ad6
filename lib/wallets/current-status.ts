// A wallet's status read again under its ledger account's lock: a writer that read the wallet,
// then waited for the account, sees a close (or freeze) that committed meanwhile, so no money lands
// in a closed wallet (docs/decisions/wallet-status.md).
import type { Db } from "@/lib/db/client";
import type { Wallet } from "@/lib/generated/prisma/client";

export async function currentWalletStatus(db: Db, walletId: string): Promise<Wallet["status"]> {
  const [row] = await db.$queryRaw<Pick<Wallet, "status">[]>`SELECT "status" FROM "Wallet" WHERE "id" = ${walletId}`;
  if (!row) throw new Error(`wallet ${walletId} vanished`);
  return row.status;
}
