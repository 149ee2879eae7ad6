// Freezes, unfreezes or closes a wallet from the console's wallet page: the same domain path as
// POST /wallets/{externalUserId}/freeze|unfreeze|close (its event, the close's card cancels), in the
// application's current mode, by a member whose role may change that mode; the audit log says who.
import { recordAudit, type AuditContext } from "@/lib/audit/record-audit";
import { prisma, transaction } from "@/lib/db/client";
import { DomainError } from "@/lib/errors";
import type { WalletRecord } from "@/lib/schemas/wallet";
import { prepareWalletStatus, setWalletStatus, type WalletStatus } from "@/lib/wallets/set-wallet-status";
import { ConsoleError } from "./errors";
import { consoleTenant, requireApplication, requirePermission } from "./require-application";
import { writeIn } from "./roles";

export async function changeWalletStatus(
  context: AuditContext,
  applicationId: string,
  walletId: string,
  status: WalletStatus,
): Promise<WalletRecord> {
  const application = await requireApplication(prisma(), context.merchantId, applicationId);
  requirePermission(application, writeIn(application.consoleLivemode));
  const tenant = consoleTenant(application);
  const wallet = await prisma().wallet.findFirst({
    where: { id: walletId, ...tenant },
    select: { externalUserId: true, status: true },
  });
  if (!wallet) throw ConsoleError.notFound("Wallet");
  try {
    // Cards a processor manages are canceled there first, outside the transaction, as the API's close does.
    const prepared =
      status === "closed" ? await prepareWalletStatus(prisma(), tenant, wallet.externalUserId, status) : undefined;
    return await transaction(async (tx) => {
      const record = await setWalletStatus(tx, tenant, wallet.externalUserId, status, prepared);
      if (wallet.status !== record.status) {
        await recordAudit(tx, context, {
          applicationId,
          action: "wallet.status_changed",
          detail: { walletId, from: wallet.status, to: record.status },
        });
      }
      return record;
    });
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    // Not empty, or closed meanwhile (another tab, the API): say why.
    throw ConsoleError.refused(error.message);
  }
}
