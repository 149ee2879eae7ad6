// The operator's wallet funding (the only way to fund a live wallet): the same domain function and
// ledger transfer as the test-mode API helper, plus a plain answer when the wallet is in the other mode.
import { prisma, transaction } from "@/lib/db/client";
import type { KeyMode } from "@/lib/keys/api-key-secret";
import { fundWallet } from "@/lib/ledger/fund-wallet";
import { fundWalletBodySchema, type TransactionRecord } from "@/lib/schemas/transaction";

export type OperatorFunding = {
  applicationId: string;
  mode: KeyMode;
  externalUserId: string;
  amount: number;
  description?: string;
};

/** No wallet in the chosen mode; says whether the other mode has one, since test and live never mix. */
export class WalletNotInModeError extends Error {
  override name = "WalletNotInModeError";
  constructor(input: OperatorFunding, otherModeHasOne: boolean) {
    const other: KeyMode = input.mode === "live" ? "test" : "live";
    super(
      `No ${input.mode} wallet for ${input.externalUserId} in ${input.applicationId}; ` +
        (otherModeHasOne
          ? `a ${other} one exists: add --mode ${other}.`
          : `no ${other} one either. Wallets are made with POST /api/public/sdk/v1/wallets.`),
    );
  }
}

export async function fundWalletAsOperator(input: OperatorFunding): Promise<TransactionRecord> {
  // The API's own body rules (amount bounds, description length), so both ways in agree.
  const parsed = fundWalletBodySchema.safeParse({ amount: input.amount, description: input.description });
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new Error(`--${String(issue?.path[0] ?? "amount")}: ${issue?.message ?? "not valid"}`);
  }
  const wallets = await prisma().wallet.findMany({
    where: { applicationId: input.applicationId, externalUserId: input.externalUserId },
    select: { livemode: true },
  });
  const livemode = input.mode === "live";
  if (!wallets.some((w) => w.livemode === livemode))
    throw new WalletNotInModeError(
      input,
      wallets.some((w) => w.livemode !== livemode),
    );
  return transaction((tx) =>
    fundWallet(tx, { applicationId: input.applicationId, livemode }, input.externalUserId, parsed.data),
  );
}
