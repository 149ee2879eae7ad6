// POST /api/public/sdk/v1/test/cards/{id}/network/{kind}: test mode only; one card network message
// through the built-in simulator. The lifecycle commits its own transaction (and asks the decision
// endpoint before it), so it runs as the write's prepare step, after the Idempotency-Key is claimed.
import { simulateNetworkMessage } from "@/lib/connectors/simulator/simulate-network-message";
import type { NetworkSimulationResult } from "@/lib/schemas/network-simulation";
import { routeMethods } from "@/lib/http/route-methods";
import { sdkRoute } from "@/lib/http/sdk-route";
import { simulateNetworkMessageOperation } from "@/lib/operations";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeMethods(
  sdkRoute<typeof simulateNetworkMessageOperation, NetworkSimulationResult>(
    simulateNetworkMessageOperation,
    async ({ prepared }) => {
      if (!prepared) throw new Error("the simulator's message ran in prepare and answered nothing");
      return { body: prepared };
    },
    ({ tenant, params, body }) => simulateNetworkMessage(tenant, params.id, params.kind, body),
  ),
);
