// The proof letter record as the API returns it.
import type { Proof, Wallet } from "@/lib/generated/prisma/client";
import { toMajor } from "@/lib/money/amount";
import type { ProofRecord } from "@/lib/schemas/proof";
import { addressSchema } from "@/lib/schemas/wallet";
import { proofVerifyUrl } from "@/lib/statements/public-links";

export function proofRecord(
  proof: Proof,
  wallet: Pick<Wallet, "externalUserId" | "accountNumber">,
  baseUrl: string,
): ProofRecord {
  const address = addressSchema.safeParse(proof.address);
  return {
    id: proof.id,
    object: "proof",
    walletId: proof.walletId,
    externalUserId: wallet.externalUserId,
    kind: proof.kind,
    reference: proof.reference,
    holderName: proof.holderName,
    accountNumber: wallet.accountNumber,
    currency: proof.currency,
    amount: proof.amountMinor !== null && proof.currency ? toMajor(proof.amountMinor, proof.currency) : null,
    address: address.success ? address.data : null,
    verifyUrl: proofVerifyUrl(baseUrl, wallet.accountNumber, proof.kind, proof.reference),
    issuedAt: proof.issuedAt.toISOString(),
    expiresAt: proof.expiresAt?.toISOString() ?? null,
    revokedAt: proof.revokedAt?.toISOString() ?? null,
    livemode: proof.livemode,
  };
}
