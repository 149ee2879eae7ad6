// GET /api/public/sdk/v1/reports/balance: the settlement report of the application's balance, as JSON or CSV.
import { balanceReport, balanceReportCsv, balanceReportRecord } from "@/lib/balance/balance-report";
import { prisma } from "@/lib/db/client";
import { routeMethods } from "@/lib/http/route-methods";
import { sdkRoute } from "@/lib/http/sdk-route";
import { getBalanceReportOperation } from "@/lib/operations";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeMethods(
  sdkRoute(getBalanceReportOperation, async ({ tenant, query }) => {
    const report = await balanceReport(prisma(), tenant, query);
    if (query.format === "json") return { body: balanceReportRecord(report) };
    return {
      text: balanceReportCsv(report),
      contentType: getBalanceReportOperation.success.text.contentType,
      filename: `balance-${tenant.livemode ? "live" : "test"}-${query.from.toISOString().slice(0, 10)}-${query.to.toISOString().slice(0, 10)}.csv`,
    };
  }),
);
