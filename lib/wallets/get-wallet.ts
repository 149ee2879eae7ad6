// Reads one wallet of the caller's application and mode by the application's own user id.
import type { Db } from "@/lib/db/client";
import { DomainError } from "@/lib/errors";
import type { WalletRecord } from "@/lib/schemas/wallet";
import type { Tenant } from "@/lib/tenant";
import { walletRecord } from "./wallet-record";

export async function findWallet(db: Db, tenant: Tenant, externalUserId: string) {
  const wallet = await db.wallet.findUnique({
    where: {
      applicationId_livemode_externalUserId: {
        applicationId: tenant.applicationId,
        livemode: tenant.livemode,
        externalUserId,
      },
    },
    include: { ledgerAccount: true },
  });
  if (!wallet) {
    throw new DomainError("wallet_not_found", `No wallet exists for externalUserId ${externalUserId}.`, {
      param: "externalUserId",
    });
  }
  return wallet;
}

export async function getWallet(db: Db, tenant: Tenant, externalUserId: string): Promise<WalletRecord> {
  const wallet = await findWallet(db, tenant, externalUserId);
  return walletRecord(wallet, wallet.ledgerAccount);
}
