// The card page's spending controls: each window limit's use now (the card's `spending`), the limits
// by category set through the API, and the form that edits the rest.
import { Panel } from "@/components/ui/panel";
import { Table, Td } from "@/components/ui/table";
import { Time } from "@/app/merchant/sdk/_components/time";
import { formatMoney } from "@/lib/money/format";
import type { CardRecord } from "@/lib/schemas/card";
import { RoleGate } from "@/app/merchant/sdk/_components/role-gate";
import { SpendingControlsForm } from "./spending-controls-form";
import { INTERVAL_LABELS, LIMIT_FIELDS, LIST_FIELDS } from "./spending-controls-fields";

/** The form's starting values from the card's controls: its uncategorized limits and its lists. */
function formValues(card: CardRecord): Record<string, string> {
  const values: Record<string, string> = {};
  for (const { interval, field } of LIMIT_FIELDS) {
    const limit = card.spendingControls.spendingLimits.find((l) => l.interval === interval && !l.categories);
    if (limit) values[field] = String(limit.amount);
  }
  for (const { field } of LIST_FIELDS) {
    const list = card.spendingControls[field];
    if (list) values[field] = list.join(" ");
  }
  return values;
}

export function SpendingControlsPanel({
  applicationId,
  card,
  refusal,
}: {
  applicationId: string;
  card: CardRecord;
  /** Why the member's role may not change them (the form is then shown disabled), or null. */
  refusal: string | null;
}) {
  const byCategory = card.spendingControls.spendingLimits.filter((limit) => limit.categories);
  return (
    <Panel
      title="Spending controls"
      id="spending-controls"
      description="Checked on every spend after the card's status and before the wallet's funds, with the wallet's own controls on top. Windows are calendar days, weeks (from Monday), months and years in UTC; a window counts approved spends less released holds."
    >
      <div className="space-y-6">
        {card.spending.length > 0 ? (
          <Table caption="Spending against each limit" head={["Limit", "Amount", "Spent", "Remaining", "Resets"]}>
            {card.spending.map((usage) => (
              <tr key={`${usage.interval}:${usage.categories?.join(",") ?? ""}`} data-testid="spending-row">
                <Td>
                  {INTERVAL_LABELS[usage.interval]}
                  {usage.categories ? (
                    <span className="block text-xs text-slate-500">categories {usage.categories.join(", ")}</span>
                  ) : null}
                </Td>
                <Td>{formatMoney(usage.limit, card.currency)}</Td>
                <Td>{formatMoney(usage.spent, card.currency)}</Td>
                <Td>{formatMoney(usage.remaining, card.currency)}</Td>
                <Td>{usage.resetsAt ? <Time value={usage.resetsAt} /> : "Never"}</Td>
              </tr>
            ))}
          </Table>
        ) : (
          <p className="text-sm text-slate-600">No daily, weekly, monthly, yearly or all-time limit on this card.</p>
        )}
        {byCategory.length > 0 ? (
          <div>
            <h3 className="text-sm font-semibold text-slate-900">
              Limits by category (set through the API, kept on save)
            </h3>
            <ul className="mt-1 list-disc pl-5 text-sm text-slate-700">
              {byCategory.map((limit) => (
                <li key={`${limit.interval}:${limit.categories?.join(",")}`}>
                  {INTERVAL_LABELS[limit.interval]}: {formatMoney(limit.amount, card.currency)} for{" "}
                  {limit.categories?.join(", ")}
                </li>
              ))}
            </ul>
          </div>
        ) : null}
        {card.status === "canceled" ? (
          <p className="text-sm text-slate-600">The card is canceled; its controls no longer apply.</p>
        ) : (
          <RoleGate reason={refusal} id="spending-controls">
            <SpendingControlsForm
              applicationId={applicationId}
              cardId={card.id}
              currency={card.currency}
              initial={formValues(card)}
            />
          </RoleGate>
        )}
      </div>
    </Panel>
  );
}
