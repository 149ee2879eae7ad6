// Checks a spend against the spending controls of its card and of the card's wallet, in the order
// docs/decisions/spending-controls.md gives: merchant category, then country (the card's, then the
// wallet's), then per_authorization limits, then window limits against their running totals.
// Declines are outcomes, as every decline of spend-card.ts; an approval says which totals to add to.
import type { Db } from "@/lib/db/client";
import { Prisma } from "@/lib/generated/prisma/client";
import { toMajor } from "@/lib/money/amount";
import type { DeclineCode } from "@/lib/schemas/authorization";
import type { WindowInterval } from "@/lib/schemas/spending-controls";
import { readControls, windowLimits, type SpendingControls, type SpendingLimit } from "./controls";
import type { PreReadTotals } from "./pre-read-totals";
import { addToTotalsSql, readTotals, type TotalKey } from "./totals";
import { nextWindowStart, windowStart } from "./windows";

/** A card or its wallet, with its controls; `label` names it in a decline's message. */
export type ControlledSubject = {
  id: string;
  label: "card" | "wallet";
  controls: SpendingControls;
  /** Its totals when the spend's locking statement could read them exactly (pre-read-totals.ts). */
  preRead?: PreReadTotals | null;
};

export type SpendToCheck = {
  amount: bigint;
  currency: string;
  category: string | null;
  country: string | null;
  at: Date;
};

export type ControlsCheck = { decline: { code: DeclineCode; message: string } } | { decline: null; totals: TotalKey[] };

const applies = (limit: Pick<SpendingLimit, "categories">, category: string | null) =>
  limit.categories.length === 0 || (category !== null && limit.categories.includes(category));

function limitName(subject: ControlledSubject, limit: SpendingLimit, currency: string): string {
  const interval = limit.interval.replace("_", "-");
  const categories = limit.categories.length > 0 ? ` for categories ${limit.categories.join(", ")}` : "";
  return `the ${subject.label}'s ${interval} limit of ${toMajor(limit.amount, currency)} ${currency}${categories}`;
}

function merchantDecline(subject: ControlledSubject, spend: SpendToCheck): ControlsCheck["decline"] {
  const { controls, label } = subject;
  const category = spend.category ?? "none";
  if (controls.allowedCategories && !(spend.category !== null && controls.allowedCategories.includes(spend.category)))
    return {
      code: "category_blocked",
      message: `Merchant category ${category} is not among the ${label}'s allowed categories.`,
    };
  if (spend.category !== null && controls.blockedCategories?.includes(spend.category))
    return { code: "category_blocked", message: `Merchant category ${category} is blocked on the ${label}.` };
  const country = spend.country ?? "none";
  if (controls.allowedCountries && !(spend.country !== null && controls.allowedCountries.includes(spend.country)))
    return {
      code: "country_blocked",
      message: `Merchant country ${country} is not among the ${label}'s allowed countries.`,
    };
  if (spend.country !== null && controls.blockedCountries?.includes(spend.country))
    return { code: "country_blocked", message: `Merchant country ${country} is blocked on the ${label}.` };
  return null;
}

export async function checkSpendingControls(
  db: Pick<Db, "$queryRaw">,
  subjects: readonly ControlledSubject[],
  spend: SpendToCheck,
): Promise<ControlsCheck> {
  for (const subject of subjects) {
    const decline = merchantDecline(subject, spend);
    if (decline) return { decline };
  }
  for (const subject of subjects) {
    for (const limit of subject.controls.limits) {
      if (limit.interval !== "per_authorization" || !applies(limit, spend.category) || spend.amount <= limit.amount)
        continue;
      // The card's spendLimit keeps the code it always declined with.
      const code = limit.fromSpendLimit ? "spend_limit_exceeded" : "spending_limit_exceeded";
      const message = limit.fromSpendLimit
        ? `The amount exceeds the card's limit of ${toMajor(limit.amount, spend.currency)} ${spend.currency} per authorization.`
        : `The amount exceeds ${limitName(subject, limit, spend.currency)}.`;
      return { decline: { code, message } };
    }
  }
  const counted = subjects.flatMap((subject) =>
    windowLimits(subject.controls)
      .filter((limit) => applies(limit, spend.category))
      .map((limit) => ({ subject, limit })),
  );
  if (counted.length === 0) return { decline: null, totals: [] };
  // Only a spend that meets a window limit needs totals; the caller's ledger account lock keeps
  // them from changing until this spend commits. Those its locking statement read serve when they
  // were current and are of the same day (the finest window) as the spend.
  const preRead = subjects[0]?.preRead;
  const current = preRead && windowStart("daily", preRead.at).getTime() === windowStart("daily", spend.at).getTime();
  const totals =
    current && preRead
      ? preRead.totals
      : await readTotals(db, [...new Set(counted.map(({ subject }) => subject.id))], spend.at);
  for (const { subject, limit } of counted) {
    const spent = totals.get(subject.id)?.get(limit.key) ?? 0n;
    if (spent + spend.amount > limit.amount) {
      return { decline: { code: "spending_limit_exceeded", message: windowMessage(subject, limit, spent, spend) } };
    }
  }
  return {
    decline: null,
    totals: counted.map(({ subject, limit }) => ({
      subjectId: subject.id,
      interval: limit.interval,
      key: limit.key,
      categories: limit.categories,
      windowStart: windowStart(limit.interval, spend.at),
    })),
  };
}

function windowMessage(
  subject: ControlledSubject,
  limit: SpendingLimit & { interval: WindowInterval },
  spent: bigint,
  spend: SpendToCheck,
): string {
  const left = limit.amount > spent ? limit.amount - spent : 0n;
  const resets = nextWindowStart(limit.interval, spend.at);
  return (
    `The amount exceeds ${limitName(subject, limit, spend.currency)}: ` +
    `${toMajor(left, spend.currency)} ${spend.currency} is left` +
    (resets ? ` until ${resets.toISOString()}.` : ".")
  );
}

/**
 * A card's and its wallet's controls, in the order they are checked: the card's first, carrying the
 * totals the locking read returned (findCardToSpend's spendingTotals), if any.
 */
export function spendSubjects(card: {
  id: string;
  walletId: string;
  spendLimit: bigint | null;
  spendingControls: Prisma.JsonValue | null;
  wallet: { spendingControls: Prisma.JsonValue | null };
  spendingTotals?: PreReadTotals | null;
}): ControlledSubject[] {
  return [
    {
      id: card.id,
      label: "card",
      controls: readControls(card.spendingControls, card.spendLimit),
      preRead: card.spendingTotals ?? null,
    },
    { id: card.walletId, label: "wallet", controls: readControls(card.wallet.spendingControls) },
  ];
}

/** The CTE a spend's statement adds when it approves a spend counted in window totals, or nothing. */
export function countSpendCte(check: ControlsCheck, amount: bigint, at: Date): Prisma.Sql {
  if (check.decline !== null || check.totals.length === 0) return Prisma.empty;
  return Prisma.sql`, counted AS (${addToTotalsSql(check.totals, amount, at)})`;
}
