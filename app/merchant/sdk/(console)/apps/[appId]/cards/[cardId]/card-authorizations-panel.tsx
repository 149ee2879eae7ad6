// The card page's authorizations, each with its history oldest first (the card network's messages
// as they arrived, or what a spend the application reported left), for live and test cards alike.
import { prisma } from "@/lib/db/client";
import { cardAuthorizationsWithHistory } from "@/lib/console/card-network";
import { Panel } from "@/components/ui/panel";
import { Time } from "@/app/merchant/sdk/_components/time";

export async function CardAuthorizationsPanel({
  merchantId,
  applicationId,
  cardId,
}: {
  merchantId: string;
  applicationId: string;
  cardId: string;
}) {
  const authorizations = await cardAuthorizationsWithHistory(prisma(), merchantId, applicationId, cardId);
  return (
    <Panel
      title="Authorizations and their history"
      id="authorizations"
      description="The newest 10, each with what the card network did to it, oldest first."
    >
      {authorizations.length === 0 ? (
        <p className="text-sm text-slate-600">No authorizations yet.</p>
      ) : (
        <ul className="space-y-3" data-testid="card-authorizations">
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
