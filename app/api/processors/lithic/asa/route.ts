// POST /api/processors/lithic/asa: Lithic's Authorization Stream Access requests, verified and
// answered in Lithic's ASA response shape inside LITHIC_ASA_BUDGET_MS (docs/decisions/card-processors.md).
import { handleNetworkMessage } from "@/lib/card-network/handle-network-message";
import { answerLithicAsa } from "@/lib/connectors/lithic/lithic-inbound";
import { processorRoute } from "@/lib/http/processor-route";

export const POST = processorRoute("lithicAsa", async ({ rawBody, headers, receivedAt }) => ({
  body: (await answerLithicAsa(rawBody, headers, handleNetworkMessage, { receivedAt })).response,
}));
