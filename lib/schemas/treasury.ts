// The public treasury statistics document: live-mode figures per currency and the ledger check.
import { z } from "zod";
import { currencyOutSchema, timestampSchema } from "./common";

const major = (description: string) => z.number().meta({ description, example: 12500.5 });

export const treasuryCurrencySchema = z
  .object({
    currency: currencyOutSchema,
    wallets: z.number().int().meta({ description: "Live wallets in this currency." }),
    active_cards: z.number().int().meta({ description: "Live cards in this currency whose status is active." }),
    liabilities: major("Sum of live wallet posted balances (what the platform owes holders), major units."),
    reserves: major("Reserves held against them: the negative of the live reserve account's balance, major units."),
    coverage_ratio: z
      .number()
      .nullable()
      .meta({ description: "reserves / liabilities, to 4 decimal places; null when liabilities are 0.", example: 1 }),
    card_volume_30d: major(
      "Live card captures over the last 30 days, net of refunds posted in the same window, major units.",
    ),
  })
  .meta({ id: "TreasuryCurrency" });

export const treasuryStatsSchema = z
  .object({
    as_of: timestampSchema.meta({
      description: "When these figures were computed (they are cached for up to 60 seconds).",
    }),
    livemode: z.literal(true).meta({ description: "Always true: test-mode data never appears here." }),
    ledger_balanced: z
      .boolean()
      .meta({
        description:
          "true when the live ledger's invariant holds (every transfer sums to zero, cached balances match entries).",
      }),
    currencies: z
      .array(treasuryCurrencySchema)
      .meta({ description: "One entry per currency with live wallets, cards or ledger accounts, by code." }),
  })
  .meta({ id: "TreasuryStats" });

export type TreasuryStats = z.output<typeof treasuryStatsSchema>;
export type TreasuryCurrency = z.output<typeof treasuryCurrencySchema>;
