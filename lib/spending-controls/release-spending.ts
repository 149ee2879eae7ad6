// Gives back to the spending limits what an approved authorization no longer spends: its whole
// amount when its hold is reversed or expires (lib/authorizations/release-hold.ts), the uncaptured
// rest of a partial capture (lib/authorizations/capture-authorization.ts). It comes off the windows
// the authorization was approved in, not the current ones (docs/decisions/spending-controls.md).
import type { Db } from "@/lib/db/client";
import type { Authorization } from "@/lib/generated/prisma/client";
import { merchantSchema } from "@/lib/schemas/authorization";
import { subtractFromTotals } from "./totals";

export async function releaseSpending(
  tx: Db,
  auth: Pick<Authorization, "cardId" | "walletId" | "merchant" | "createdAt">,
  amount: bigint,
): Promise<void> {
  const merchant = merchantSchema.safeParse(auth.merchant);
  const category = merchant.success ? (merchant.data.category ?? null) : null;
  await subtractFromTotals(tx, [auth.cardId, auth.walletId], category, amount, auth.createdAt);
}
