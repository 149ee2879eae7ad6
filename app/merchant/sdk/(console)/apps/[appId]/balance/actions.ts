"use server";
// Server actions of the balance page: adding money (a test top-up, or a live bank deposit an owner
// records after re-authenticating) and the settlement report's CSV. Each checks the session; the
// lib/console operation checks ownership and the role.
import { revalidatePath } from "next/cache";
import { balanceReport, balanceReportCsv } from "@/lib/balance/balance-report";
import { prisma, transaction } from "@/lib/db/client";
import { addToBalance } from "@/lib/console/application-balance";
import { ConsoleError } from "@/lib/console/errors";
import { checkModeWrite } from "@/lib/console/mode-write";
import { requireRecentAuthentication } from "@/lib/console/recent-authentication";
import { consoleTenant, requireApplication } from "@/lib/console/require-application";
import { requireAuditContext } from "@/lib/console/session";
import { formatMoney } from "@/lib/money/format";
import { balanceReportQuerySchema } from "@/lib/schemas/balance-report";
import { runAction, text, type ActionState } from "@/app/merchant/sdk/_lib/action-state";

export async function addToBalanceAction(
  applicationId: string,
  _previous: ActionState,
  form: FormData,
): Promise<ActionState> {
  const context = await requireAuditContext();
  const values = {
    amount: text(form, "amount"),
    currency: text(form, "currency"),
    reference: text(form, "reference"),
    description: text(form, "description"),
  };
  const state = await runAction(async () => {
    // The mode the form was drawn in, with that mode's permission and, live, a re-authentication.
    const mode = await checkModeWrite(prisma(), context.merchantId, applicationId, text(form, "mode"), () =>
      requireRecentAuthentication(context.merchantId),
    );
    const record = await transaction((tx) => addToBalance(tx, context, mode, values));
    return {
      message: `Added ${formatMoney(record.amount, record.currency)}; the balance is now ${formatMoney(record.balanceAfter, record.currency)}.`,
    };
  }, values);
  revalidatePath(`/merchant/sdk/apps/${applicationId}/balance`);
  return state;
}

/** The settlement report of the period the form names (UTC dates, `to` included), as CSV text for the browser to save. */
export async function balanceReportCsvAction(
  applicationId: string,
  _previous: ActionState,
  form: FormData,
): Promise<ActionState & { csv?: string; filename?: string }> {
  const context = await requireAuditContext();
  const values = { from: text(form, "from"), to: text(form, "to") };
  let csv: string | undefined;
  let filename: string | undefined;
  const state = await runAction(async () => {
    const application = await requireApplication(prisma(), context.merchantId, applicationId);
    const to = /^\d{4}-\d{2}-\d{2}$/.test(values.to)
      ? new Date(Date.parse(`${values.to}T00:00:00Z`) + 86_400_000).toISOString()
      : values.to;
    const parsed = balanceReportQuerySchema.safeParse({ from: `${values.from}T00:00:00Z`, to, format: "csv" });
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw ConsoleError.field(String(issue?.path[0] ?? "from"), issue?.message ?? "Not a valid date.");
    }
    csv = balanceReportCsv(await balanceReport(prisma(), consoleTenant(application), parsed.data));
    filename = `balance-${application.consoleLivemode ? "live" : "test"}-${values.from}-${values.to}.csv`;
  }, values);
  return { ...state, csv, filename };
}
