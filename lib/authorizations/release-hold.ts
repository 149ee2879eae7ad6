// The one path that ends a pending hold without a capture: the application's reversal and the
// hold's expiry (docs/decisions/holds-that-end.md). The whole remaining hold goes back to the
// wallet's available balance, the authorization becomes reversed or expired, and card.reversed or
// card.expired is recorded, all in the caller's transaction.
import type { Db } from "@/lib/db/client";
import type { Authorization } from "@/lib/generated/prisma/client";
import { recordEvent } from "@/lib/events/record-event";
import { lockWalletAccount } from "@/lib/ledger/accounts";
import type { AuthorizationRecord } from "@/lib/schemas/authorization";
import { releaseSpending } from "@/lib/spending-controls/release-spending";
import type { Tenant } from "@/lib/tenant";
import { authorizationRecord } from "./authorization-record";
import { removeHoldExpiry } from "./hold-expiry";
import { requirePending } from "./require-pending";

/** How a hold ended without a capture: the application reversed it, or it lapsed. */
export type HoldEnd = "reversed" | "expired";

/**
 * Ends `auth`'s hold. The caller has locked the authorization's row (findAuthorization(…, true)
 * or the expiry's own lock), so the status read here is the one every other writer waits on.
 */
export async function releaseHold(
  tx: Db,
  tenant: Tenant,
  auth: Authorization & { wallet: { externalUserId: string } },
  end: HoldEnd,
): Promise<AuthorizationRecord> {
  requirePending(auth, end);
  // What is still held (the card network may have cleared part of it) goes back; once a clearing
  // moved money the authorization closes rather than reads as released uncaptured.
  const account = await lockWalletAccount(tx, auth.walletId);
  await tx.ledgerAccount.update({ where: { id: account.id }, data: { heldMinor: { decrement: auth.heldAmount } } });
  const status = auth.capturedAmount > 0n ? "closed" : end;
  const updated = await tx.authorization.update({ where: { id: auth.id }, data: { status, heldAmount: 0n } });
  // What was held no longer counts against spending limits, in the window it was approved in
  // (docs/decisions/spending-controls.md).
  await releaseSpending(tx, auth, auth.heldAmount);
  // A reversal (or a test-mode expiry) ends the hold before its due expiry job; dropping the job
  // keeps the queue to holds still open. Were it to run anyway, it finds the hold ended and stops.
  await removeHoldExpiry(tx, auth.id);
  const record = authorizationRecord(updated, auth.wallet.externalUserId);
  // A lapse is its own kind (issue 38): a receiver tells it from the application's reversal by the
  // event alone, as it could only by data.status before.
  await recordEvent(tx, tenant, end === "expired" ? "card.expired" : "card.reversed", record);
  return record;
}
