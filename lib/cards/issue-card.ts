// Issues a virtual card on a wallet and records card.issued in the same transaction. The card is first
// placed at its processor (prepareCardIssue, outside any transaction: Lithic is a network call away),
// then recorded; a processor that fails leaves nothing behind on our side.
import { createHash } from "node:crypto";
import type { Prisma } from "@/lib/generated/prisma/client";
import type { Db } from "@/lib/db/client";
import { cardProcessor, processorForNewCards } from "@/lib/connectors/card-processors";
import { placeSimulatorCard } from "@/lib/connectors/simulator/card-processor";
import { currentWalletStatus } from "@/lib/wallets/current-status";
import { recordEvent } from "@/lib/events/record-event";
import { DomainError } from "@/lib/errors";
import { newId } from "@/lib/ids";
import { requireExponent } from "@/lib/money/amount";
import type { CardRecord, IssueCardBody } from "@/lib/schemas/card";
import type { Tenant } from "@/lib/tenant";
import { requestedCardControls } from "@/lib/spending-controls/card-controls";
import { NO_CONTROLS, toCardColumns } from "@/lib/spending-controls/controls";
import { NOTHING_SPENT } from "@/lib/spending-controls/usage";
import { findWallet } from "@/lib/wallets/get-wallet";
import { cardRecord } from "./card-record";
import { sealCardDetails } from "./card-number";
import { callProcessor, type PlacedCard } from "./card-processor";

/** A card placed at its processor, waiting to be recorded. */
export type PreparedCard = { cardId: string; placed: PlacedCard };

/**
 * A UUID (version 5's layout over SHA-256) naming `text`: Lithic's Idempotency-Key must be a UUID, and
 * the same request must name the same one.
 */
export function uuidOf(text: string): string {
  const hex = createHash("sha256").update(text, "utf8").digest("hex");
  // Version 5 in the 13th digit, the RFC 4122 variant (8, 9, a or b) in the 17th.
  const variant = ((Number.parseInt(hex.charAt(16), 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** The refusals issueCard would answer, checked before the processor is asked for a card. */
async function walletToIssueOn(db: Db, tenant: Tenant, input: IssueCardBody) {
  requireExponent(input.currency);
  const wallet = await findWallet(db, tenant, input.externalUserId);
  if (wallet.currency !== input.currency) {
    throw new DomainError(
      "currency_mismatch",
      `The card's currency (${input.currency}) must equal the wallet's currency (${wallet.currency}).`,
      { param: "currency" },
    );
  }
  if (wallet.status !== "active") {
    throw new DomainError("wallet_not_active", `Cards cannot be issued on a ${wallet.status} wallet.`);
  }
  return wallet;
}

/**
 * Places the card at its mode's processor, outside any transaction. `clientIdempotencyKey` (the
 * request's Idempotency-Key) makes a retried request ask Lithic for the same card, so a create whose
 * answer was lost does not leave a second card there.
 */
export async function prepareCardIssue(
  db: Db,
  tenant: Tenant,
  input: IssueCardBody,
  { clientIdempotencyKey }: { clientIdempotencyKey?: string | null } = {},
): Promise<PreparedCard> {
  requestedCardControls(NO_CONTROLS, input, input.currency);
  await walletToIssueOn(db, tenant, input);
  const cardId = newId("card");
  const idempotencyKey = uuidOf(
    clientIdempotencyKey ? `${tenant.applicationId}:${tenant.livemode}:${clientIdempotencyKey}` : cardId,
  );
  const processor = cardProcessor(processorForNewCards(tenant.livemode));
  const placed = await callProcessor(() => processor.createCard({ cardId, livemode: tenant.livemode, idempotencyKey }));
  return { cardId, placed };
}

export async function issueCard(
  tx: Prisma.TransactionClient,
  tenant: Tenant,
  input: IssueCardBody,
  prepared?: PreparedCard,
): Promise<CardRecord> {
  // A new card has spent nothing, so its window limits start at 0 with no totals to seed.
  const { spendLimit, spendingControls } = toCardColumns(requestedCardControls(NO_CONTROLS, input, input.currency));
  const wallet = await walletToIssueOn(tx, tenant, input);
  if (!prepared && processorForNewCards(tenant.livemode) !== "simulator") {
    // Only the simulator can place a card inside a transaction; the API's route prepares the rest.
    throw new Error("A card for a processor other than the simulator must be placed first (prepareCardIssue)");
  }
  const { cardId: id, placed } = prepared ?? { cardId: newId("card"), placed: placeSimulatorCard(tenant.livemode) };
  const card = await tx.card.create({
    data: {
      id,
      applicationId: tenant.applicationId,
      livemode: tenant.livemode,
      walletId: wallet.id,
      kind: input.kind,
      currency: input.currency,
      spendLimit,
      spendingControls,
      status: "active",
      // The number itself only ever sealed (lib/cards/card-number.ts); last4 is what the API shows.
      last4: placed.last4,
      sealedDetails: placed.details ? sealCardDetails(id, placed.details) : null,
      expMonth: placed.expMonth,
      expYear: placed.expYear,
      processor: placed.processor,
      processorCardToken: placed.processorCardToken,
    },
  });
  const record = cardRecord(card, wallet.externalUserId, NOTHING_SPENT);
  await recordEvent(tx, tenant, "card.issued", record);
  // The event took the wallet row's lock: a close that committed while this waited is seen here,
  // and the card goes with this transaction rather than live on a closed wallet.
  const status = await currentWalletStatus(tx, wallet.id);
  if (status === "closed") throw new DomainError("wallet_not_active", "Cards cannot be issued on a closed wallet.");
  return record;
}
