// The test card page's card network panel: the simulator's form (for members who may write in test
// mode) and the card's newest authorizations, each with its history oldest first.
import { prisma } from "@/lib/db/client";
import { cardAuthorizationsWithHistory } from "@/lib/console/card-network";
import { Panel } from "@/components/ui/panel";
import { RoleGate } from "@/app/merchant/sdk/_components/role-gate";
import { Time } from "@/app/merchant/sdk/_components/time";
import { NetworkSimulatorForm } from "./network-simulator-form";

export async function NetworkPanel({
  merchantId,
  applicationId,
  card,
  refusal,
}: {
  merchantId: string;
  applicationId: string;
  card: { id: string; currency: string };
  refusal: string | null;
}) {
  const authorizations = await cardAuthorizationsWithHistory(prisma(), merchantId, applicationId, card.id);
  return (
    <Panel
      title="Card network (simulator)"
      id="network"
      description="Send this test card what a card network sends a real one: authorizations, increments, advices, reversals, clearings, force posts, refunds, return reversals and expiries."
    >
      <RoleGate reason={refusal} id="network-simulator">
        <NetworkSimulatorForm applicationId={applicationId} cardId={card.id} currency={card.currency} />
      </RoleGate>
      <h3 className="mt-6 text-sm font-semibold text-slate-900">Authorizations and their history</h3>
      {authorizations.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600">No authorizations yet.</p>
      ) : (
        <ul className="mt-2 space-y-3" data-testid="card-authorizations">
          {authorizations.map((auth) => (
            <li key={auth.id} className="rounded-lg border border-slate-200 p-3" data-testid="card-authorization">
              <p className="text-sm">
                <span className="font-mono text-xs">{auth.id}</span> · {auth.merchant.name} · {auth.status} ·{" "}
                {auth.amount} {auth.currency} authorized, {auth.capturedAmount} captured, {auth.refundedAmount} refunded
                {auth.decision.by === "stand_in" ? " · stand-in" : ""}
              </p>
              <ol className="mt-2 space-y-1 text-xs text-slate-700" data-testid="authorization-history">
                {auth.history.map((step, index) => (
                  <li key={`${auth.id}-${index}`}>
                    <span className="font-semibold">{step.kind}</span> {step.amount} {auth.currency}
                    {step.networkId ? <span className="font-mono"> · {step.networkId}</span> : null} ·{" "}
                    <Time value={step.createdAt} />
                  </li>
                ))}
              </ol>
            </li>
          ))}
        </ul>
      )}
    </Panel>
  );
}
