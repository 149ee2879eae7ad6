// The public proof check by account number: whether a current letter of the kind exists, with the
// holder's name masked and its dates; the amount or address only for the letter's own reference.
// A wallet belongs to one mode, so its letters answer with that mode's livemode flag.
import type { Db } from "@/lib/db/client";
import { DomainError } from "@/lib/errors";
import { toMajor } from "@/lib/money/amount";
import type { ProofKind, ProofVerification } from "@/lib/schemas/proof";
import { addressSchema } from "@/lib/schemas/wallet";
import { isValidAccountNumber } from "@/lib/wallets/account-number";
import { maskHolderName } from "./mask-name";
import { normalizeProofReference } from "./proof-reference";

export async function verifyProof(
  db: Db,
  input: { account: string; kind: ProofKind; reference?: string },
  now = new Date(),
): Promise<ProofVerification> {
  const account = input.account.trim();
  if (!isValidAccountNumber(account)) {
    throw new DomainError(
      "invalid_account_number",
      "account must be 10 digits whose last digit is the Luhn check digit.",
      {
        param: "account",
      },
    );
  }
  const reference = input.reference?.trim() ? normalizeProofReference(input.reference) : undefined;
  const current = {
    wallet: { accountNumber: account },
    kind: input.kind,
    revokedAt: null,
    OR: [{ expiresAt: null }, { expiresAt: { gt: now } }],
  };
  const [latest, referenced] = await Promise.all([
    db.proof.findFirst({ where: current, orderBy: { issuedAt: "desc" } }),
    reference ? db.proof.findFirst({ where: { ...current, reference } }) : Promise.resolve(null),
  ]);
  // With a matching reference, the answer is about that letter; otherwise about the newest one.
  const letter = referenced ?? latest;
  const answer: ProofVerification = {
    account,
    kind: input.kind,
    valid: letter !== null,
    holder_name: letter ? maskHolderName(letter.holderName) : null,
    issued_at: letter?.issuedAt.toISOString() ?? null,
    expires_at: letter?.expiresAt?.toISOString() ?? null,
    livemode: letter?.livemode ?? null,
    reference_matched: reference === undefined ? null : referenced !== null,
  };
  if (referenced) {
    if (referenced.kind === "funds" && referenced.currency && referenced.amountMinor !== null) {
      answer.currency = referenced.currency;
      answer.amount = toMajor(referenced.amountMinor, referenced.currency);
    }
    const address = addressSchema.safeParse(referenced.address);
    if (referenced.kind === "address" && address.success) answer.address = address.data;
  }
  return answer;
}
