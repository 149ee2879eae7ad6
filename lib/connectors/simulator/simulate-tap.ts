// The test tap (POST /test/cards/{id}/tap) as a simulator authorization: the same spend as before,
// answered as before (201, or the decline's 402), now carried by the simulator (processor
// "simulator", a generated network id) and recorded as the authorization's first network step, so
// its history and later simulated messages (by its id) continue it. It runs in the write's own
// transaction, so its Idempotency-Key still makes a retried tap hold once.
import { spendCard, type PriorDecision, type SpendOutcome } from "@/lib/authorizations/spend-card";
import type { NetworkMessage, NetworkOutcome } from "@/lib/card-network/network-message";
import { recordStep } from "@/lib/card-network/network-step";
import type { Db } from "@/lib/db/client";
import { toMinor } from "@/lib/money/amount";
import type { AuthorizeBody } from "@/lib/schemas/authorization";
import type { Tenant } from "@/lib/tenant";
import { requireTestMode } from "@/lib/test-helpers/require-test-mode";
import { newSimulatorNetworkId, SIMULATOR_BUDGET_MS } from "./simulator-message";

export async function simulateTap(
  tx: Db,
  tenant: Tenant,
  cardId: string,
  input: AuthorizeBody,
  prior: PriorDecision | undefined,
): Promise<SpendOutcome> {
  requireTestMode(tenant);
  const networkId = newSimulatorNetworkId();
  const spent = await spendCard(tx, tenant, cardId, input, "tap", prior, {
    processor: "simulator",
    networkRef: networkId,
  });
  const { authorization } = spent;
  const amount = toMinor(authorization.amount, authorization.currency);
  const message: NetworkMessage = {
    kind: "authorization",
    networkId,
    processor: "simulator",
    cardId,
    amount: spent.approved ? amount : toMinor(input.amount, authorization.currency),
    currency: authorization.currency,
    merchant: input.merchant,
    budgetMs: SIMULATOR_BUDGET_MS,
    transactionRef: networkId,
  };
  const outcome: NetworkOutcome = spent.approved
    ? { result: "approved", authorizationId: authorization.id, approvedAmount: amount, replayed: false }
    : {
        result: "declined",
        authorizationId: authorization.id,
        decline: spent.decline,
        message: spent.message,
        replayed: false,
      };
  await recordStep(tx, tenant, message, authorization.walletId, outcome);
  return spent;
}
