// Spending controls inside the service: amounts in minor units, categories sorted, and the card's
// spendLimit folded in as its per_authorization limit. Converts from the API's input, to and from the
// JSON stored on Card and Wallet ("spendingControls"), and back to the API's record.
import { z } from "zod";
import { Prisma } from "@/lib/generated/prisma/client";
import { DomainError } from "@/lib/errors";
import { toMajor, toMinor } from "@/lib/money/amount";
import {
  SPENDING_INTERVALS,
  limitKey,
  type SpendingControlsInput,
  type SpendingControlsRecord,
  type SpendingInterval,
} from "@/lib/schemas/spending-controls";

export type SpendingLimit = {
  amount: bigint;
  interval: SpendingInterval;
  /** Sorted and distinct; empty when every spend counts. */
  categories: readonly string[];
  /** Interval and categories: what identifies the limit and its running totals. */
  key: string;
  /** The card's spendLimit column, which keeps its own decline code (spend_limit_exceeded). */
  fromSpendLimit: boolean;
  /** A wallet's limit that counts its outgoing transfers too (docs/decisions/money-movement.md). */
  transfers: boolean;
};

export type SpendingControls = {
  limits: readonly SpendingLimit[];
  allowedCategories?: readonly string[];
  blockedCategories?: readonly string[];
  allowedCountries?: readonly string[];
  blockedCountries?: readonly string[];
};

export const NO_CONTROLS: SpendingControls = { limits: [] };

const LIST_FIELDS = ["allowedCategories", "blockedCategories", "allowedCountries", "blockedCountries"] as const;

// Minor units as decimal strings: JSON numbers lose digits past 2^53.
const storedSchema = z.object({
  spendingLimits: z
    .array(
      z.object({
        amount: z.string().regex(/^[1-9]\d*$/),
        interval: z.enum(SPENDING_INTERVALS),
        categories: z.array(z.string()).optional(),
        transfers: z.literal(true).optional(),
      }),
    )
    .optional(),
  allowedCategories: z.array(z.string()).optional(),
  blockedCategories: z.array(z.string()).optional(),
  allowedCountries: z.array(z.string()).optional(),
  blockedCountries: z.array(z.string()).optional(),
});

type StoredControls = z.output<typeof storedSchema>;

function limit(
  amount: bigint,
  interval: SpendingInterval,
  categories: readonly string[] | undefined,
  fromSpendLimit = false,
  transfers = false,
): SpendingLimit {
  const sorted = [...new Set(categories ?? [])].sort();
  return {
    amount,
    interval,
    categories: sorted,
    key: limitKey({ interval, categories: sorted, transfers }),
    fromSpendLimit,
    transfers,
  };
}

const distinct = (list: readonly string[] | undefined) => (list === undefined ? undefined : [...new Set(list)]);

/** The controls of a card (its spendLimit column and stored JSON) or a wallet (stored JSON only). */
export function readControls(stored: Prisma.JsonValue | null, spendLimit: bigint | null = null): SpendingControls {
  const parsed = stored === null ? {} : storedSchema.parse(stored);
  const limits = (parsed.spendingLimits ?? []).map((l) =>
    limit(BigInt(l.amount), l.interval, l.categories, false, l.transfers === true),
  );
  if (spendLimit !== null) limits.unshift(limit(spendLimit, "per_authorization", [], true));
  const controls: SpendingControls = { limits };
  return Object.assign(controls, ...LIST_FIELDS.flatMap((f) => (parsed[f] ? [{ [f]: parsed[f] }] : [])));
}

/**
 * The API's controls in minor units of `currency`. An amount with too many decimals is refused
 * (amount_precision) naming its field under `param`.
 */
export function fromInput(
  input: SpendingControlsInput,
  currency: string,
  param: string,
  subject: "card" | "wallet" = "card",
): SpendingControls {
  const limits = (input.spendingLimits ?? []).map((l, index) => {
    // A card's limits see only its spends; transfers move a wallet's money, so only its limits count them.
    if (l.transfers && subject === "card") {
      throw new DomainError(
        "validation_failed",
        "Only a wallet's limits can count transfers; set this limit on the wallet.",
        { param: `${param}.spendingLimits.${index}.transfers` },
      );
    }
    return limit(
      toMinor(l.amount, currency, `${param}.spendingLimits.${index}.amount`),
      l.interval,
      l.categories,
      false,
      l.transfers === true,
    );
  });
  const controls: SpendingControls = { limits };
  for (const field of LIST_FIELDS) {
    const list = distinct(input[field]);
    if (list) Object.assign(controls, { [field]: list });
  }
  return controls;
}

/**
 * What a card stores: the per_authorization limit without categories goes to its spendLimit column
 * (the field that always meant it), the rest to the JSON column.
 */
export function toCardColumns(controls: SpendingControls): {
  spendLimit: bigint | null;
  spendingControls: Prisma.InputJsonValue | typeof Prisma.DbNull;
} {
  const spendLimit = controls.limits.find((l) => l.interval === "per_authorization" && l.categories.length === 0);
  return {
    spendLimit: spendLimit?.amount ?? null,
    spendingControls: toStored({ ...controls, limits: controls.limits.filter((l) => l !== spendLimit) }),
  };
}

/** What a wallet (or a card, past its spendLimit) stores as JSON; no controls at all is null. */
export function toStored(controls: SpendingControls): Prisma.InputJsonValue | typeof Prisma.DbNull {
  const stored: StoredControls = {};
  if (controls.limits.length > 0) {
    stored.spendingLimits = controls.limits.map((l) => ({
      amount: l.amount.toString(),
      interval: l.interval,
      ...(l.categories.length > 0 ? { categories: [...l.categories] } : {}),
      ...(l.transfers ? { transfers: true as const } : {}),
    }));
  }
  for (const field of LIST_FIELDS) {
    const list = controls[field];
    if (list) stored[field] = [...list];
  }
  return Object.keys(stored).length === 0 ? Prisma.DbNull : stored;
}

export function controlsRecord(controls: SpendingControls, currency: string): SpendingControlsRecord {
  const record: SpendingControlsRecord = {
    spendingLimits: controls.limits.map((l) => ({
      amount: toMajor(l.amount, currency),
      interval: l.interval,
      ...(l.categories.length > 0 ? { categories: [...l.categories] } : {}),
      ...(l.transfers ? { transfers: true } : {}),
    })),
  };
  for (const field of LIST_FIELDS) {
    const list = controls[field];
    if (list) record[field] = [...list];
  }
  return record;
}

/** The limits counted in running totals (every interval but per_authorization). */
export function windowLimits(controls: SpendingControls) {
  return controls.limits.flatMap((l) => (l.interval === "per_authorization" ? [] : [{ ...l, interval: l.interval }]));
}
