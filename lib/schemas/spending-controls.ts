// Spending controls as the API takes and returns them on cards and wallets, and the usage read-back
// (`spending`). What counts against a limit and when windows reset: docs/decisions/spending-controls.md.
import { z } from "zod";
import { amountOutSchema, amountSchema, timestampSchema, withExample } from "./common";

export const SPENDING_INTERVALS = ["per_authorization", "daily", "weekly", "monthly", "yearly", "all_time"] as const;
/** The intervals counted in running totals: every one but per_authorization. */
export const WINDOW_INTERVALS = ["daily", "weekly", "monthly", "yearly", "all_time"] as const;
export const MAX_SPENDING_LIMITS = 20;
/** A list of categories or countries; longer than any real program's, short enough to check per spend. */
export const MAX_CONTROL_LIST = 500;

export type SpendingInterval = (typeof SPENDING_INTERVALS)[number];
export type WindowInterval = (typeof WINDOW_INTERVALS)[number];

export const mccSchema = z
  .string()
  .regex(/^\d{4}$/, "must be a four-digit ISO 18245 merchant category code")
  .meta({ description: "ISO 18245 merchant category code: four digits.", example: "5814" });

export const countryCodeSchema = z
  .string()
  .regex(/^[A-Z]{2}$/, "must be an ISO 3166-1 alpha-2 code")
  .meta({ description: "ISO 3166-1 alpha-2 country code, upper case.", example: "US" });

const mccListSchema = z.array(mccSchema).min(1).max(MAX_CONTROL_LIST);
const countryListSchema = z.array(countryCodeSchema).min(1).max(MAX_CONTROL_LIST);

export const spendingLimitSchema = z
  .object({
    amount: amountSchema.meta({
      description:
        "The most that may be spent in one authorization or one window, in the card's (or wallet's) currency.",
      example: 100,
    }),
    interval: z.enum(SPENDING_INTERVALS).meta({
      description:
        "per_authorization: each spend on its own. daily, weekly, monthly, yearly: calendar windows in UTC (the day from 00:00, the week from Monday, the month from the 1st, the year from 1 January). all_time: every spend ever. A limit set during a window counts that window's earlier spending too.",
    }),
    categories: mccListSchema.optional().meta({
      description: "Only spends at merchants of these categories count against the limit; absent means every spend.",
      example: ["5812", "5814"],
    }),
    transfers: z.boolean().optional().meta({
      description:
        "A wallet's limits only: true counts the wallet's outgoing transfers (`POST /transfers` from it) against the limit as well as its cards' spends, and a transfer over it is refused with 402 `spending_limit_exceeded`. Default false: card limits were set for card spending, and a transfer the application itself makes is its own decision (docs/decisions/money-movement.md). Not with `categories`: a transfer has no merchant category.",
      example: true,
    }),
  })
  .strict()
  .refine((limit) => !(limit.transfers && limit.categories), {
    path: ["transfers"],
    message: "a limit counting transfers cannot have categories: a transfer has no merchant category",
  });

/** Two limits with the same interval and the same categories (in any order) are one limit given twice. */
export function limitKey(limit: {
  interval: SpendingInterval;
  categories?: readonly string[];
  transfers?: boolean;
}): string {
  const categories = [...new Set(limit.categories ?? [])].sort();
  // A limit counting transfers keeps totals of its own: the same interval without them counts less.
  if (limit.transfers) return `${limit.interval}+transfers`;
  return categories.length === 0 ? limit.interval : `${limit.interval}:${categories.join(",")}`;
}

const SPENDING_CONTROLS_DESCRIPTION =
  "Limits and merchant rules checked on every spend, after the card's status and before the wallet's funds; a wallet's apply to all its cards on top of each card's own. Allowed and blocked lists of one kind are exclusive. A spend at a merchant with no category (or no country) is declined when an allowed list of that kind is set. What counts against a limit: approved authorizations' amounts, less what is later released (reversed, expired, or the uncaptured rest of a partial capture), in the window the authorization was approved in; refunds do not count back.";

export const spendingControlsInputSchema = withExample(
  z
    .object({
      spendingLimits: z
        .array(spendingLimitSchema)
        .max(MAX_SPENDING_LIMITS)
        .optional()
        .meta({ description: `At most ${MAX_SPENDING_LIMITS}, one per interval and category set.` }),
      allowedCategories: mccListSchema.optional().meta({
        description: "Only merchants of these categories are approved; others decline with category_blocked.",
      }),
      blockedCategories: mccListSchema
        .optional()
        .meta({ description: "Merchants of these categories decline with category_blocked." }),
      allowedCountries: countryListSchema
        .optional()
        .meta({ description: "Only merchants in these countries are approved; others decline with country_blocked." }),
      blockedCountries: countryListSchema
        .optional()
        .meta({ description: "Merchants in these countries decline with country_blocked." }),
    })
    .strict()
    .superRefine((controls, ctx) => {
      const seen = new Set<string>();
      controls.spendingLimits?.forEach((limit, index) => {
        const key = limitKey(limit);
        if (seen.has(key)) {
          ctx.addIssue({
            code: "custom",
            path: ["spendingLimits", index, "interval"],
            message: `a ${limit.interval} limit ${limit.categories ? "for these categories " : ""}${limit.transfers ? "counting transfers " : ""}is already given`,
          });
        }
        seen.add(key);
      });
      if (controls.allowedCategories && controls.blockedCategories) {
        ctx.addIssue({
          code: "custom",
          path: ["blockedCategories"],
          message: "give allowedCategories or blockedCategories, not both",
        });
      }
      if (controls.allowedCountries && controls.blockedCountries) {
        ctx.addIssue({
          code: "custom",
          path: ["blockedCountries"],
          message: "give allowedCountries or blockedCountries, not both",
        });
      }
    }),
  {
    id: "SpendingControlsInput",
    description: `${SPENDING_CONTROLS_DESCRIPTION} Setting them replaces every control the card (or wallet) had.`,
    example: {
      spendingLimits: [
        { amount: 250.5, interval: "per_authorization" },
        { amount: 500, interval: "daily" },
        { amount: 60, interval: "weekly", categories: ["5812", "5814"] },
      ],
      blockedCategories: ["7995"],
      allowedCountries: ["US", "CA"],
    },
  },
);

const spendingControlsShape = z.object({
  spendingLimits: z.array(
    z.object({
      amount: amountOutSchema,
      interval: z.enum(SPENDING_INTERVALS),
      categories: z.array(z.string()).optional(),
      transfers: z
        .boolean()
        .optional()
        .meta({ description: "Present and true on a wallet's limit that counts its outgoing transfers too." }),
    }),
  ),
  allowedCategories: z.array(z.string()).optional(),
  blockedCategories: z.array(z.string()).optional(),
  allowedCountries: z.array(z.string()).optional(),
  blockedCountries: z.array(z.string()).optional(),
});

export const SPENDING_CONTROLS_EXAMPLE: z.output<typeof spendingControlsShape> = {
  spendingLimits: [
    { amount: 250.5, interval: "per_authorization" },
    { amount: 500, interval: "daily" },
  ],
  blockedCategories: ["7995"],
};

export const spendingControlsSchema = spendingControlsShape.meta({
  id: "SpendingControls",
  description: `${SPENDING_CONTROLS_DESCRIPTION} Absent lists are not set. For a card, the per_authorization limit without categories is its spendLimit.`,
  example: SPENDING_CONTROLS_EXAMPLE,
});

const spendingUsageShape = z.object({
  interval: z.enum(WINDOW_INTERVALS),
  categories: z
    .array(z.string())
    .optional()
    .meta({ description: "The limit's categories; absent when every spend counts." }),
  transfers: z
    .boolean()
    .optional()
    .meta({ description: "true when the wallet's outgoing transfers count against the limit too." }),
  limit: amountOutSchema.meta({ example: 500 }),
  spent: amountOutSchema.meta({
    description: "Counted in the current window: approved amounts less what was later released.",
    example: 20,
  }),
  remaining: amountOutSchema.meta({ description: "limit − spent, never below 0.", example: 480 }),
  resetsAt: timestampSchema.nullable().meta({ description: "When the next window starts; null for all_time." }),
});

export const SPENDING_EXAMPLE: z.output<typeof spendingUsageShape>[] = [
  { interval: "daily", limit: 500, spent: 20, remaining: 480, resetsAt: "2026-10-04T00:00:00.000Z" },
];

export const spendingSchema = z.array(spendingUsageShape).meta({
  id: "SpendingUsage",
  description:
    "Each window limit of this card's (or wallet's) own controls with what is counted against it now. per_authorization limits have no window and are not listed.",
  example: SPENDING_EXAMPLE,
});

export type SpendingControlsInput = z.output<typeof spendingControlsInputSchema>;
export type SpendingControlsRecord = z.output<typeof spendingControlsSchema>;
export type SpendingUsageRecord = z.output<typeof spendingUsageShape>;
