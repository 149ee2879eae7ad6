// The store of applied network messages: one NetworkStep per (application, mode, processor,
// network id), holding the outcome first answered, so a repeat answers it again and changes nothing;
// read in order, an authorization's steps are its history.
import type { Db } from "@/lib/db/client";
import type { NetworkStep } from "@/lib/generated/prisma/client";
import { newId } from "@/lib/ids";
import type { Tenant } from "@/lib/tenant";
import type { NetworkMessage, NetworkOutcome } from "./network-message";

type StoredOutcome = {
  result: NetworkOutcome["result"];
  authorizationId: string;
  approvedAmount?: string;
  balanceAfter?: string;
  decline?: string;
  message?: string;
};

function stored(outcome: NetworkOutcome): StoredOutcome {
  switch (outcome.result) {
    case "approved":
      return {
        result: "approved",
        authorizationId: outcome.authorizationId,
        approvedAmount: outcome.approvedAmount.toString(),
        ...(outcome.balanceAfter !== undefined ? { balanceAfter: outcome.balanceAfter.toString() } : {}),
      };
    case "declined":
      return {
        result: "declined",
        authorizationId: outcome.authorizationId,
        decline: outcome.decline,
        message: outcome.message,
      };
    case "applied":
      return { result: "applied", authorizationId: outcome.authorizationId };
  }
}

/** The outcome a step stored, as a replay answers it. */
export function replayedOutcome(step: Pick<NetworkStep, "outcome">): NetworkOutcome {
  const o = step.outcome as StoredOutcome;
  switch (o.result) {
    case "approved":
      return {
        result: "approved",
        authorizationId: o.authorizationId,
        approvedAmount: BigInt(o.approvedAmount ?? "0"),
        ...(o.balanceAfter !== undefined ? { balanceAfter: BigInt(o.balanceAfter) } : {}),
        replayed: true,
      };
    case "declined":
      return {
        result: "declined",
        authorizationId: o.authorizationId,
        // Written from a DeclineCode by stored() above.
        decline: o.decline as Extract<NetworkOutcome, { result: "declined" }>["decline"],
        message: o.message ?? "",
        replayed: true,
      };
    default:
      return { result: "applied", authorizationId: o.authorizationId, replayed: true };
  }
}

export async function findStep(db: Db, tenant: Tenant, message: Pick<NetworkMessage, "processor" | "networkId">) {
  return db.networkStep.findUnique({
    where: {
      applicationId_livemode_processor_networkId: {
        applicationId: tenant.applicationId,
        livemode: tenant.livemode,
        processor: message.processor,
        networkId: message.networkId,
      },
    },
  });
}

/** Records the step in the caller's transaction; a concurrent twin fails it on the unique key. */
export async function recordStep(
  tx: Db,
  tenant: Tenant,
  message: NetworkMessage,
  walletId: string,
  outcome: NetworkOutcome,
  overdrew = false,
): Promise<void> {
  await tx.networkStep.create({
    data: {
      id: newId("nstep"),
      applicationId: tenant.applicationId,
      livemode: tenant.livemode,
      processor: message.processor,
      networkId: message.networkId,
      kind: message.kind,
      cardId: message.cardId,
      walletId,
      authorizationId: outcome.authorizationId,
      amount: message.amount,
      currency: message.currency,
      outcome: stored(outcome),
      overdrew,
    },
  });
}
