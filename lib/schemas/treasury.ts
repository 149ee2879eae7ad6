// The public treasury statistics document: live-mode figures per currency and the ledger check.
import { z } from "zod";
import { currencyOutSchema, timestampSchema, withExample } from "./common";
import { EXAMPLE_TIMES } from "./examples";

const major = (description: string, example: number) => z.number().meta({ description, example });

const USD_EXAMPLE = {
  currency: "USD",
  wallets: 1284,
  active_cards: 1542,
  liabilities: 1482350.75,
  reserves: 1500000,
  coverage_ratio: 1.0119,
  card_volume_30d: 214806.3,
  overdrawn_wallets: 2,
  overdrawn_amount: -41.5,
};

export const treasuryCurrencySchema = withExample(
  z.object({
    currency: currencyOutSchema,
    wallets: z.number().int().meta({ description: "Live wallets in this currency.", example: 1284 }),
    active_cards: z
      .number()
      .int()
      .meta({ description: "Live cards in this currency whose status is active.", example: 1542 }),
    liabilities: major("Sum of live wallet posted balances (what the platform owes holders), major units.", 1482350.75),
    reserves: major(
      "Reserves held against them: the negative of the live reserve account's balance, major units.",
      1500000,
    ),
    coverage_ratio: z.number().nullable().meta({
      description: "reserves / liabilities, to 4 decimal places; null when liabilities are 0.",
      example: 1.0119,
    }),
    card_volume_30d: major(
      "Live card captures over the last 30 days, net of refunds posted in the same window, major units.",
      214806.3,
    ),
    overdrawn_wallets: z.number().int().meta({
      description:
        "Live wallets whose available balance the card network took below zero (a stand-in's advice, a clearing past the hold, a force post or a return reversal); the only way a balance goes negative.",
      example: 2,
    }),
    overdrawn_amount: major(
      "The sum of those wallets' available balances (zero or negative): what their holders owe, major units.",
      -41.5,
    ),
  }),
  { id: "TreasuryCurrency", example: USD_EXAMPLE },
);

export const treasuryStatsSchema = withExample(
  z.object({
    as_of: timestampSchema.meta({
      description: "When these figures were computed (they are cached for up to 60 seconds).",
      example: EXAMPLE_TIMES.treasuryAsOf,
    }),
    livemode: z.literal(true).meta({ description: "Always true: test-mode data never appears here." }),
    ledger_balanced: z.boolean().meta({
      description:
        "false once the background ledger verification has found the live ledger's invariant broken (a transfer not summing to zero, a cached balance or running total differing from its entries); true while it has found nothing wrong.",
    }),
    ledger_checked_at: timestampSchema.nullable().meta({
      description:
        "When the background ledger verification last ran (it checks every new ledger entry about once a minute); null before its first run.",
      example: EXAMPLE_TIMES.treasuryAsOf,
    }),
    currencies: z
      .array(treasuryCurrencySchema)
      .meta({ description: "One entry per currency with live wallets, cards or ledger accounts, by code." }),
  }),
  {
    id: "TreasuryStats",
    example: {
      as_of: EXAMPLE_TIMES.treasuryAsOf,
      livemode: true,
      ledger_balanced: true,
      ledger_checked_at: EXAMPLE_TIMES.treasuryAsOf,
      currencies: [
        {
          currency: "NGN",
          wallets: 312,
          active_cards: 287,
          liabilities: 48250000.5,
          reserves: 50000000,
          coverage_ratio: 1.0363,
          card_volume_30d: 6120450.25,
          overdrawn_wallets: 0,
          overdrawn_amount: 0,
        },
        USD_EXAMPLE,
      ],
    },
  },
);

export type TreasuryStats = z.output<typeof treasuryStatsSchema>;
export type TreasuryCurrency = z.output<typeof treasuryCurrencySchema>;
