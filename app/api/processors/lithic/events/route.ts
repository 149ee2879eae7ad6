// POST /api/processors/lithic/events: Lithic's event subscription, verified; card_transaction.updated
// drives the card network lifecycle, other kinds are stored and acknowledged (docs/decisions/card-processors.md).
import { handleNetworkMessage } from "@/lib/card-network/handle-network-message";
import { receiveLithicEvent } from "@/lib/connectors/lithic/lithic-inbound";
import { processorRoute } from "@/lib/http/processor-route";

export const POST = processorRoute("lithicEvents", async ({ rawBody, headers }) => ({
  body: await receiveLithicEvent(rawBody, headers, handleNetworkMessage),
}));
