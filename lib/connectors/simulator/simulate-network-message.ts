// Test mode's card network: one simulated message for a test card, through the lifecycle's one
// entry (handleNetworkMessage), answered with the outcome and the authorization it touched. A
// rejection is the matching domain error (a 4xx, nothing changed).
import { authorizationRecord } from "@/lib/authorizations/authorization-record";
import { handleNetworkMessage } from "@/lib/card-network/handle-network-message";
import type { NetworkRejection } from "@/lib/card-network/network-message";
import { findCard } from "@/lib/cards/find-card";
import { prisma } from "@/lib/db/client";
import { DomainError, type ErrorCode } from "@/lib/errors";
import { toMajor } from "@/lib/money/amount";
import type { NetworkSimulationBody, NetworkSimulationResult, SimulatedKind } from "@/lib/schemas/network-simulation";
import type { Tenant } from "@/lib/tenant";
import { requireTestMode } from "@/lib/test-helpers/require-test-mode";
import { newSimulatorNetworkId, simulatorMessage } from "./simulator-message";

const REJECTION_CODE: Record<NetworkRejection, ErrorCode> = {
  unknown_card: "card_not_found",
  unknown_authorization: "authorization_not_found",
  currency_mismatch: "currency_mismatch",
  amount_invalid: "network_amount_invalid",
  message_conflict: "network_message_conflict",
};

const REJECTION_PARAM: Record<NetworkRejection, string> = {
  unknown_card: "id",
  unknown_authorization: "authorizationId",
  currency_mismatch: "currency",
  amount_invalid: "amount",
  message_conflict: "networkId",
};

export async function simulateNetworkMessage(
  tenant: Tenant,
  cardId: string,
  kind: SimulatedKind,
  body: NetworkSimulationBody,
): Promise<NetworkSimulationResult> {
  requireTestMode(tenant);
  const card = await findCard(prisma(), tenant, cardId);
  const networkId = body.networkId ?? newSimulatorNetworkId();
  const message = simulatorMessage(card.id, card.currency, kind, body, networkId);
  const result = await handleNetworkMessage(message, { tenant });
  if (!result.ok) {
    throw new DomainError(REJECTION_CODE[result.rejection], result.message, {
      param: REJECTION_PARAM[result.rejection],
    });
  }
  const { outcome } = result;
  const auth = await prisma().authorization.findUniqueOrThrow({
    where: { id: outcome.authorizationId },
    include: { wallet: { select: { externalUserId: true } } },
  });
  return {
    object: "network_message",
    kind,
    networkId,
    result: outcome.result,
    replayed: outcome.replayed,
    approvedAmount: outcome.result === "approved" ? toMajor(outcome.approvedAmount, card.currency) : null,
    balanceAfter:
      outcome.result === "approved" && outcome.balanceAfter !== undefined
        ? toMajor(outcome.balanceAfter, card.currency)
        : null,
    declineCode: outcome.result === "declined" ? outcome.decline : null,
    declineMessage: outcome.result === "declined" ? outcome.message : null,
    authorization: authorizationRecord(auth, auth.wallet.externalUserId),
  };
}
