// Refunds part or all of a captured authorization back to its wallet, possibly in several parts
// (never more than was captured in total), and fires card.refunded.
import type { Db } from "@/lib/db/client";
import { recordEvent } from "@/lib/events/record-event";
import { DomainError } from "@/lib/errors";
import { ensureReserveAccount, lockWalletAccount } from "@/lib/ledger/accounts";
import { postTransfer } from "@/lib/ledger/post-transfer";
import { toMajor, toMinor } from "@/lib/money/amount";
import type { AuthorizationRecord, RefundBody } from "@/lib/schemas/authorization";
import type { Tenant } from "@/lib/tenant";
import { authorizationRecord } from "./authorization-record";
import { findAuthorization } from "./find-authorization";

export async function refundAuthorization(
  tx: Db,
  tenant: Tenant,
  authorizationId: string,
  input: RefundBody,
): Promise<AuthorizationRecord> {
  const auth = await findAuthorization(tx, tenant, authorizationId, true);
  const requested = input.amount === undefined ? undefined : toMinor(input.amount, auth.currency);
  if (auth.status !== "closed" || auth.capturedAmount === 0n) {
    // A reversed or expired hold moved no money (its whole hold went back), so there is nothing to
    // give back: the same refusal as a hold never captured, saying how it ended.
    throw new DomainError(
      "authorization_not_captured",
      auth.status === "reversed" || auth.status === "expired"
        ? `The authorization ${auth.status === "reversed" ? "was reversed" : "expired"} uncaptured and its hold was released; there is nothing to refund.`
        : `Only a captured authorization can be refunded; this one is ${auth.status}.`,
    );
  }
  const refundable = auth.capturedAmount - auth.refundedAmount;
  const amount = requested ?? refundable;
  if (amount > refundable || amount === 0n) {
    throw new DomainError(
      "amount_exceeds_captured",
      `At most ${toMajor(refundable, auth.currency)} ${auth.currency} of the captured amount is left to refund.`,
      { param: "amount" },
    );
  }
  const merchantName = authorizationRecord(auth, auth.wallet.externalUserId).merchant.name;
  const reserve = await ensureReserveAccount(tx, tenant.livemode, auth.currency);
  const account = await lockWalletAccount(tx, auth.walletId);
  await postTransfer(tx, {
    applicationId: tenant.applicationId,
    livemode: tenant.livemode,
    kind: "refund",
    authorizationId: auth.id,
    description: `Refund: ${merchantName}`,
    legs: [
      { account: reserve, amount: -amount },
      { account, amount },
    ],
  });
  const updated = await tx.authorization.update({
    where: { id: auth.id },
    data: { refundedAmount: { increment: amount } },
  });
  const record = authorizationRecord(updated, auth.wallet.externalUserId);
  await recordEvent(tx, tenant, "card.refunded", record);
  return record;
}
