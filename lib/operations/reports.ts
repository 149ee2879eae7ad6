// The settlement report of the application's balance (docs/decisions/money-movement.md).
import {
  BALANCE_REPORT_CSV_EXAMPLE,
  balanceReportQuerySchema,
  balanceReportSchema,
} from "@/lib/schemas/balance-report";
import { defineOperation } from "./define";

export const getBalanceReportOperation = defineOperation({
  operationId: "getBalanceReport",
  method: "GET",
  path: "/api/public/sdk/v1/reports/balance",
  surface: "sdk",
  summary: "Settlement report of the balance",
  description:
    "The application's balance over `from <= created_at < to` in this mode, per currency it holds: the opening balance, every movement of the balance (top-ups, transfers to and from wallets, and payouts once they post), oldest first with the balance after each, and the closing balance, read from the ledger in one snapshot (opening plus the movements is the closing balance, to the minor unit). Wallets' movements between themselves are not the balance's and are not listed. `format=csv` answers `text/csv` with the columns `created_at,kind,id,wallet,description,amount,currency,balance_after`, per currency an `opening_balance` line, the movements and a `closing_balance` line.",
  tags: ["Money movement"],
  scope: "wallets:read",
  query: balanceReportQuerySchema,
  success: {
    status: 200,
    description: "The report.",
    schema: balanceReportSchema,
    text: {
      contentType: "text/csv; charset=utf-8",
      description:
        "With `format=csv`: the header `created_at,kind,id,wallet,description,amount,currency,balance_after`, then per currency an `opening_balance` line, one line per movement and a `closing_balance` line; amounts with every decimal of the currency.",
      example: BALANCE_REPORT_CSV_EXAMPLE,
    },
  },
  errors: [],
});
