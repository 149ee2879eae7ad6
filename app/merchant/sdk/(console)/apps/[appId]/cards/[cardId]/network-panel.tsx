// The test card page's card network simulator: the form (for members who may write in test mode);
// what it sends shows in the authorizations panel below it.
import { Panel } from "@/components/ui/panel";
import { RoleGate } from "@/app/merchant/sdk/_components/role-gate";
import { NetworkSimulatorForm } from "./network-simulator-form";

export function NetworkPanel({
  applicationId,
  card,
  refusal,
}: {
  applicationId: string;
  card: { id: string; currency: string };
  refusal: string | null;
}) {
  return (
    <Panel
      title="Card network (simulator)"
      id="network"
      description="Send this test card what a card network sends a real one: authorizations, increments, advices, reversals, clearings, force posts, refunds, return reversals and expiries."
    >
      <RoleGate reason={refusal} id="network-simulator">
        <NetworkSimulatorForm applicationId={applicationId} cardId={card.id} currency={card.currency} />
      </RoleGate>
    </Panel>
  );
}
