// The built-in card network simulator (test mode, the embedded default, CI): translates the
// simulator API's body into the NetworkMessage every processor hands the lifecycle, so test mode
// runs exactly the code live mode runs (docs/decisions/card-network.md).
import type { AuthorizationReference, NetworkMessage } from "@/lib/card-network/network-message";
import { DomainError } from "@/lib/errors";
import { randomBase62 } from "@/lib/ids";
import { toMinor } from "@/lib/money/amount";
import type { NetworkSimulationBody, SimulatedKind } from "@/lib/schemas/network-simulation";

/** The simulator answers within Lithic's ASA window, so the decision endpoint gets the same budget. */
export const SIMULATOR_BUDGET_MS = 2_000;

/** A network id for a message sent without one: `sim_` and 20 random characters. */
export function newSimulatorNetworkId(): string {
  return `sim_${randomBase62(20)}`;
}

export function simulatorMessage(
  cardId: string,
  cardCurrency: string,
  kind: SimulatedKind,
  body: NetworkSimulationBody,
  networkId: string,
): NetworkMessage {
  // The currency is checked by the lifecycle (currency_mismatch); the amount is read in the one given.
  const currency = body.currency ?? cardCurrency;
  const base = {
    networkId,
    processor: "simulator" as const,
    cardId,
    amount: toMinor(body.amount, currency),
    currency,
    ...(body.merchant ? { merchant: body.merchant } : {}),
  };
  const ref: AuthorizationReference | undefined = body.authorizationId ? { id: body.authorizationId } : undefined;
  // Increment, reversal, clearing and expiry must name their authorization.
  const required = (): AuthorizationReference => {
    if (ref) return ref;
    throw new DomainError(
      "validation_failed",
      `A simulated ${kind} names its authorization: authorizationId is required.`,
      {
        param: "authorizationId",
      },
    );
  };
  const optionalRef = ref ? { authorization: ref } : {};
  switch (kind) {
    case "authorization":
      return {
        ...base,
        kind: "authorization",
        budgetMs: SIMULATOR_BUDGET_MS,
        // The simulator's reference for the authorization is the message's own id.
        transactionRef: networkId,
        ...(body.purpose ? { purpose: body.purpose } : {}),
        ...(body.partialApprovalCapable !== undefined ? { partialApprovalCapable: body.partialApprovalCapable } : {}),
      };
    case "increment":
      return { ...base, kind: "increment", authorization: required(), budgetMs: SIMULATOR_BUDGET_MS };
    case "advice":
      return { ...base, kind: "advice", ...optionalRef };
    case "reversal":
      return { ...base, kind: "reversal", authorization: required() };
    case "clearing":
      return {
        ...base,
        kind: "clearing",
        authorization: required(),
        ...(body.final !== undefined ? { final: body.final } : {}),
      };
    case "force-post":
      return { ...base, kind: "force_post" };
    case "refund":
      return { ...base, kind: "refund", ...optionalRef };
    case "return-reversal":
      return { ...base, kind: "return_reversal", ...optionalRef };
    case "expiry":
      return { ...base, kind: "expiry", authorization: required() };
  }
}
