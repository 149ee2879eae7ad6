// The money screens' panels, on a wallet's page (the holder's bank accounts, payouts and transfers out)
// and on the Balance page (the application's own): bank accounts shown masked, payouts with their
// status and, in test mode, the simulator's moves, and the forms for members who may write in the mode.
import { prisma } from "@/lib/db/client";
import { readMoney } from "@/lib/console/money-screens";
import { can, writeIn, type Role } from "@/lib/console/roles";
import { formatMoney } from "@/lib/money/format";
import type { PayoutStatusName } from "@/lib/schemas/money-movement";
import { Badge, statusTone } from "@/components/ui/badge";
import { EmptyState } from "@/components/ui/empty-state";
import { Panel } from "@/components/ui/panel";
import { Table, Td } from "@/components/ui/table";
import { Time } from "@/app/merchant/sdk/_components/time";
import { AddBankAccountForm, PayOutForm, PayoutMoveButtons, TransferForm } from "./money-forms";

/** What the simulator may report next for a test payout in each status. */
const NEXT_MOVES: Record<PayoutStatusName, ("in_transit" | "paid" | "failed" | "returned")[]> = {
  pending: ["in_transit", "paid", "failed"],
  in_transit: ["paid", "failed"],
  paid: ["returned"],
  failed: [],
  returned: [],
  canceled: [],
};

export async function MoneyPanels({
  merchantId,
  applicationId,
  role,
  wallet,
}: {
  merchantId: string;
  applicationId: string;
  role: Role;
  /** The wallet whose money this is; null for the application's balance. */
  wallet: { externalUserId: string; currency: string } | null;
}) {
  const externalUserId = wallet?.externalUserId ?? null;
  const { livemode, bankAccounts, payouts } = await readMoney(prisma(), merchantId, applicationId, externalUserId);
  const mayWrite = can(role, writeIn(livemode));
  const accountLabel = new Map(
    bankAccounts.map((a) => [a.id, `${a.country} ${a.currency} ••••${a.last4}${a.bankCode ? ` (${a.bankCode})` : ""}`]),
  );
  const whose = wallet ? "the holder's" : "your application's own";
  return (
    <>
      <Panel
        title="Bank accounts"
        id="bank-accounts"
        description={`Where ${whose} payouts go. The numbers are sealed; only the last four are shown.`}
      >
        {bankAccounts.length === 0 ? (
          <EmptyState title="No bank accounts yet">Add one below to pay out to it.</EmptyState>
        ) : (
          <Table caption="Bank accounts" head={["Account", "Holder", "Id", "Added"]}>
            {bankAccounts.map((a) => (
              <tr key={a.id}>
                <Td className="font-mono">{accountLabel.get(a.id)}</Td>
                <Td wrap>{a.holderName}</Td>
                <Td className="font-mono text-xs">{a.id}</Td>
                <Td>
                  <Time value={a.createdAt} />
                </Td>
              </tr>
            ))}
          </Table>
        )}
        {mayWrite ? (
          <div className="mt-6">
            <AddBankAccountForm
              applicationId={applicationId}
              externalUserId={externalUserId}
              live={livemode}
              currency={wallet?.currency}
            />
          </div>
        ) : null}
      </Panel>
      <Panel
        title="Payouts"
        id="payouts"
        description={
          livemode
            ? "Newest first. Live payouts go through the payout rail, which reports each move."
            : "Newest first. Test payouts go through the simulator: move them as their bank would."
        }
      >
        {payouts.length === 0 ? (
          <EmptyState title="No payouts yet">A payout holds its amount at once and posts it when paid.</EmptyState>
        ) : (
          <Table
            caption="Payouts"
            head={["Id", "Amount", "Status", "Bank account", "Created", ...(!livemode && mayWrite ? ["Simulate"] : [])]}
          >
            {payouts.map((p) => (
              <tr key={p.id}>
                <Td className="font-mono text-xs">{p.id}</Td>
                <Td className="font-mono tabular-nums">{formatMoney(p.amount, p.currency)}</Td>
                <Td wrap>
                  <Badge tone={p.status === "paid" ? "green" : statusTone(p.status)}>
                    {p.status.replace("_", " ")}
                  </Badge>
                  {p.failureReason ? <div className="text-xs text-slate-500">{p.failureReason}</div> : null}
                </Td>
                <Td className="font-mono text-xs">{accountLabel.get(p.bankAccountId) ?? p.bankAccountId}</Td>
                <Td>
                  <Time value={p.createdAt} />
                </Td>
                {!livemode && mayWrite ? (
                  <Td>
                    {NEXT_MOVES[p.status].length > 0 ? (
                      <PayoutMoveButtons applicationId={applicationId} payoutId={p.id} moves={NEXT_MOVES[p.status]} />
                    ) : null}
                  </Td>
                ) : null}
              </tr>
            ))}
          </Table>
        )}
        {mayWrite && bankAccounts.length > 0 ? (
          <div className="mt-6">
            <PayOutForm
              applicationId={applicationId}
              externalUserId={externalUserId}
              live={livemode}
              accounts={bankAccounts.map((a) => ({
                id: a.id,
                label: accountLabel.get(a.id) ?? a.id,
                currency: a.currency,
              }))}
            />
          </div>
        ) : null}
      </Panel>
      {mayWrite ? (
        <Panel
          title="Transfer"
          id="transfer"
          description={
            wallet
              ? "Moves money from this wallet to another wallet of the application, or to its balance, at once."
              : "Funds a wallet from the balance, at once."
          }
        >
          <TransferForm
            applicationId={applicationId}
            from={externalUserId ?? "balance"}
            live={livemode}
            currency={wallet?.currency}
          />
        </Panel>
      ) : null}
    </>
  );
}
