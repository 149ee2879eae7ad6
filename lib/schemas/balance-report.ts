// Shapes of the settlement report of the application's balance (docs/decisions/money-movement.md):
// its query and the JSON record; the CSV form has the same lines (lib/balance/balance-report.ts).
import { z } from "zod";
import { amountOutSchema, currencyOutSchema, livemodeSchema, timestampSchema, withExample } from "./common";

/** The longest period one report covers: a year and a day, so a calendar year fits whatever its length. */
export const MAX_REPORT_DAYS = 366;

const instantSchema = z.iso
  .datetime({ offset: true, message: "must be an ISO 8601 instant such as 2026-11-01T00:00:00Z" })
  .transform((value) => new Date(value));

export const balanceReportQuerySchema = z
  .object({
    from: instantSchema.meta({
      description: "Start of the period, included: an ISO 8601 instant with its offset (`2026-11-01T00:00:00Z`).",
      example: "2026-11-01T00:00:00Z",
    }),
    to: instantSchema.meta({
      description: `End of the period, excluded; after \`from\` and at most ${MAX_REPORT_DAYS} days later.`,
      example: "2026-12-01T00:00:00Z",
    }),
    format: z
      .enum(["json", "csv"])
      .default("json")
      .meta({ description: "`json` (default) or `csv` (`text/csv`, one line per movement)." }),
  })
  .superRefine((query, ctx) => {
    // zod runs an object's refinement even after a field failed, with that field untransformed.
    if (!(query.from instanceof Date) || !(query.to instanceof Date)) return;
    const span = query.to.getTime() - query.from.getTime();
    if (span <= 0) {
      ctx.addIssue({ code: "custom", path: ["to"], message: "must be after from" });
    } else if (span > MAX_REPORT_DAYS * 86_400_000) {
      ctx.addIssue({ code: "custom", path: ["to"], message: `must be at most ${MAX_REPORT_DAYS} days after from` });
    }
  });

export type BalanceReportQuery = z.output<typeof balanceReportQuerySchema>;

export const balanceReportMovementSchema = z.object({
  createdAt: timestampSchema,
  kind: z.string().meta({
    description:
      "What moved the money: `top_up`, `transfer`, and the kinds payouts post (`payout`, `payout_return`) as they appear.",
    example: "transfer",
  }),
  id: z.string().meta({
    description: "The top-up's, transfer's or payout's id; for any other movement, its ledger transfer's.",
    example: "tr_2Bc5De8Fg1Hj4Kl7Mn0Pq3Rs",
  }),
  wallet: z
    .string()
    .nullable()
    .meta({ description: "The wallet on the other side (its externalUserId), if a wallet.", example: "user_ada" }),
  description: z.string().nullable(),
  amount: amountOutSchema.meta({ description: "Signed: positive into the balance, negative out of it (major unit)." }),
  currency: currencyOutSchema,
  balanceAfter: amountOutSchema.meta({ description: "The balance right after this movement (major unit)." }),
});

export const balanceReportCurrencySchema = z.object({
  currency: currencyOutSchema,
  openingBalance: amountOutSchema.meta({ description: "The balance at `from` (major unit)." }),
  closingBalance: amountOutSchema.meta({ description: "The balance at `to`: opening plus every movement." }),
  movements: z.array(balanceReportMovementSchema).meta({ description: "Oldest first." }),
});

export const balanceReportSchema = withExample(
  z.object({
    object: z.literal("balance_report"),
    livemode: livemodeSchema,
    from: timestampSchema,
    to: timestampSchema,
    currencies: z.array(balanceReportCurrencySchema).meta({
      description: "One per currency the application holds a balance in, by currency code.",
    }),
  }),
  {
    id: "BalanceReport",
    example: {
      object: "balance_report",
      livemode: false,
      from: "2026-11-01T00:00:00.000Z",
      to: "2026-12-01T00:00:00.000Z",
      currencies: [
        {
          currency: "USD",
          openingBalance: 0,
          closingBalance: 9500,
          movements: [
            {
              createdAt: "2026-11-21T09:00:00.000Z",
              kind: "top_up",
              id: "tu_7Hk2Lm9Qp4Rs1Tv6Wx3Yz8Ab",
              wallet: null,
              description: "Test top-up",
              amount: 10000,
              currency: "USD",
              balanceAfter: 10000,
            },
            {
              createdAt: "2026-11-21T09:30:00.000Z",
              kind: "transfer",
              id: "tr_2Bc5De8Fg1Hj4Kl7Mn0Pq3Rs",
              wallet: "user_ada",
              description: "Payroll November",
              amount: -500,
              currency: "USD",
              balanceAfter: 9500,
            },
          ],
        },
      ],
    },
  },
);

export type BalanceReportRecord = z.infer<typeof balanceReportSchema>;

/** The CSV form's header line; the report's columns, exactly. */
export const BALANCE_REPORT_CSV_COLUMNS = [
  "created_at",
  "kind",
  "id",
  "wallet",
  "description",
  "amount",
  "currency",
  "balance_after",
] as const;

/** The CSV form of the JSON example above, line for line. */
export const BALANCE_REPORT_CSV_EXAMPLE = [
  BALANCE_REPORT_CSV_COLUMNS.join(","),
  "2026-11-01T00:00:00.000Z,opening_balance,,,,,USD,0.00",
  "2026-11-21T09:00:00.000Z,top_up,tu_7Hk2Lm9Qp4Rs1Tv6Wx3Yz8Ab,,Test top-up,10000.00,USD,10000.00",
  "2026-11-21T09:30:00.000Z,transfer,tr_2Bc5De8Fg1Hj4Kl7Mn0Pq3Rs,user_ada,Payroll November,-500.00,USD,9500.00",
  "2026-12-01T00:00:00.000Z,closing_balance,,,,,USD,9500.00",
  "",
].join("\r\n");
