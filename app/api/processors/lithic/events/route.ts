// POST /api/processors/lithic/events: Lithic's event subscription, verified; card_transaction.updated
// drives the card network lifecycle, payment_transaction.* moves the payouts Lithic carries, other
// kinds are stored and acknowledged (docs/decisions/card-processors.md, money-movement.md).
import { handleNetworkMessage } from "@/lib/card-network/handle-network-message";
import { receiveLithicEvent } from "@/lib/connectors/lithic/lithic-inbound";
import { processorRoute } from "@/lib/http/processor-route";
import { applyRailReport } from "@/lib/payouts/rail-report";

export const POST = processorRoute("lithicEvents", async ({ rawBody, headers }) => ({
  body: await receiveLithicEvent(rawBody, headers, handleNetworkMessage, {
    reportPayout: (report) => applyRailReport(report),
  }),
}));
