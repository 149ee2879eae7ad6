// How far a clearing may exceed what was authorized: the merchant categories where a tip is added
// after the authorization (restaurants, bars, taxis, salons) clear up to 20% over it; every other
// category clears at most what was authorized (docs/decisions/card-network.md).
import type { Authorization } from "@/lib/generated/prisma/client";
import { merchantSchema } from "@/lib/schemas/authorization";

/** The MCCs that tip: eating places 5812, bars 5813, fast food 5814, taxis 4121, beauty salons 7230. */
export const TIP_CATEGORIES: ReadonlySet<string> = new Set(["5812", "5813", "5814", "4121", "7230"]);

/** Percent over the authorized amount a tipping category may clear. */
export const TIP_TOLERANCE_PERCENT = 20n;

export function tipsAllowed(category: string | null | undefined): boolean {
  return category !== null && category !== undefined && TIP_CATEGORIES.has(category.trim());
}

/** The most all of an authorization's clearings may add up to, minor units. */
export function clearingLimit(auth: Pick<Authorization, "amount" | "merchant">): bigint {
  const merchant = merchantSchema.safeParse(auth.merchant);
  const category = merchant.success ? merchant.data.category : undefined;
  if (!tipsAllowed(category)) return auth.amount;
  return auth.amount + (auth.amount * TIP_TOLERANCE_PERCENT) / 100n;
}
