// Captures a pending authorization, fully or partly: the captured amount leaves the wallet for
// the reserve (money paid out to the card network), the whole hold is released, card.captured fires.
import type { Db } from "@/lib/db/client";
import { recordEvent } from "@/lib/events/record-event";
import { DomainError } from "@/lib/errors";
import { ensureReserveAccount, lockWalletAccount } from "@/lib/ledger/accounts";
import { postTransfer } from "@/lib/ledger/post-transfer";
import { toMajor, toMinor } from "@/lib/money/amount";
import type { AuthorizationRecord, CaptureBody } from "@/lib/schemas/authorization";
import { releaseSpending } from "@/lib/spending-controls/release-spending";
import type { Tenant } from "@/lib/tenant";
import { authorizationRecord } from "./authorization-record";
import { findAuthorization } from "./find-authorization";
import { removeHoldExpiry } from "./hold-expiry";
import { requirePending } from "./require-pending";

export async function captureAuthorization(
  tx: Db,
  tenant: Tenant,
  authorizationId: string,
  input: CaptureBody,
): Promise<AuthorizationRecord> {
  const auth = await findAuthorization(tx, tenant, authorizationId, true);
  const amount = input.amount === undefined ? auth.amount : toMinor(input.amount, auth.currency);
  // A reversed or expired hold is not captured late (docs/decisions/holds-that-end.md).
  requirePending(auth, "captured");
  // What is still held: the whole amount, unless the card network cleared part of it already.
  if (amount > auth.heldAmount) {
    throw new DomainError(
      "amount_exceeds_authorization",
      `At most ${toMajor(auth.heldAmount, auth.currency)} ${auth.currency} can be captured.`,
      { param: "amount" },
    );
  }
  const merchantName = authorizationRecord(auth, auth.wallet.externalUserId).merchant.name;
  const reserve = await ensureReserveAccount(tx, tenant.livemode, auth.currency);
  const account = await lockWalletAccount(tx, auth.walletId);
  await tx.ledgerAccount.update({ where: { id: account.id }, data: { heldMinor: { decrement: auth.heldAmount } } });
  await postTransfer(tx, {
    applicationId: tenant.applicationId,
    livemode: tenant.livemode,
    kind: "capture",
    authorizationId: auth.id,
    description: merchantName,
    legs: [
      { account, amount: -amount },
      { account: reserve, amount },
    ],
  });
  const updated = await tx.authorization.update({
    where: { id: auth.id },
    data: { status: "closed", capturedAmount: { increment: amount }, heldAmount: 0n },
  });
  // The uncaptured rest no longer counts against spending limits (docs/decisions/spending-controls.md).
  await releaseSpending(tx, auth, auth.heldAmount - amount);
  await removeHoldExpiry(tx, auth.id);
  const record = authorizationRecord(updated, auth.wallet.externalUserId);
  await recordEvent(tx, tenant, "card.captured", record);
  return record;
}
