// The authorization rows the card network's messages act on: found by our id or the processor's
// reference (locked, so one message of an authorization applies at a time), and the ones a network
// opens itself (a stand-in's advice, a force post, a merchant credit with no authorization).
import type { Db } from "@/lib/db/client";
import { Prisma, type Authorization } from "@/lib/generated/prisma/client";
import { newId } from "@/lib/ids";
import type { AuthorizationDecision } from "@/lib/schemas/authorization";
import type { Tenant } from "@/lib/tenant";
import type { AuthorizationReference, NetworkMerchant, NetworkMessage } from "./network-message";

export type NetworkAuth = Authorization & { wallet: { externalUserId: string } };

/** The card a message is for, as the lifecycle needs it. */
export type NetworkCard = { id: string; walletId: string; currency: string; externalUserId: string };

/** Locks and reads the authorization `ref` names, of this card; null when there is none. */
export async function lockReferenced(
  tx: Db,
  tenant: Tenant,
  message: Pick<NetworkMessage, "processor" | "cardId">,
  ref: AuthorizationReference,
): Promise<NetworkAuth | null> {
  const which =
    "id" in ref
      ? Prisma.sql`"id" = ${ref.id}`
      : Prisma.sql`"processor" = ${message.processor} AND "networkRef" = ${ref.networkId}`;
  const [row] = await tx.$queryRaw<{ id: string }[]>`
    SELECT "id" FROM "Authorization"
    WHERE ${which} AND "applicationId" = ${tenant.applicationId} AND "livemode" = ${tenant.livemode}
      AND "cardId" = ${message.cardId}
    FOR UPDATE`;
  if (!row) return null;
  return tx.authorization.findUniqueOrThrow({
    where: { id: row.id },
    include: { wallet: { select: { externalUserId: true } } },
  });
}

/** Whether the processor's reference is free to name a new authorization. */
export async function referenceFree(tx: Db, tenant: Tenant, processor: string, networkRef: string): Promise<boolean> {
  const taken = await tx.authorization.count({
    where: { applicationId: tenant.applicationId, livemode: tenant.livemode, processor, networkRef },
  });
  return taken === 0;
}

export function merchantOf(merchant: NetworkMerchant | undefined): {
  name: string;
  category?: string;
  country?: string;
} {
  return {
    name: merchant?.name?.trim() || "Card network",
    ...(merchant?.category ? { category: merchant.category } : {}),
    ...(merchant?.country ? { country: merchant.country } : {}),
  };
}

/** Opens an authorization the network decided without us (decision by stand_in or network). */
export async function insertNetworkAuthorization(
  tx: Db,
  tenant: Tenant,
  card: NetworkCard,
  message: NetworkMessage,
  fields: {
    status: "pending" | "closed";
    amount: bigint;
    heldAmount?: bigint;
    capturedAmount?: bigint;
    refundedAmount?: bigint;
    decision: AuthorizationDecision;
    networkRef: string | null;
    expiresAt?: Date | null;
  },
): Promise<NetworkAuth> {
  const now = new Date();
  return tx.authorization.create({
    data: {
      id: newId("auth"),
      applicationId: tenant.applicationId,
      livemode: tenant.livemode,
      cardId: card.id,
      walletId: card.walletId,
      currency: card.currency,
      amount: fields.amount,
      heldAmount: fields.heldAmount ?? 0n,
      capturedAmount: fields.capturedAmount ?? 0n,
      refundedAmount: fields.refundedAmount ?? 0n,
      status: fields.status,
      merchant: merchantOf(message.merchant),
      source: "network",
      processor: message.processor,
      networkRef: fields.networkRef,
      expiresAt: fields.expiresAt ?? null,
      decision: fields.decision,
      createdAt: now,
      updatedAt: now,
    },
    include: { wallet: { select: { externalUserId: true } } },
  });
}
