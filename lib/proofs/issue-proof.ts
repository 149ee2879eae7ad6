// Issues a proof-of-address or proof-of-funds letter with a reference code. A funds letter records
// the wallet's available balance at issue (read under the wallet's ledger lock); an address letter
// copies the address on file and needs one. The letter is also signed (lib/documents): the JWS rides
// in the verify URL's fragment.
import type { Db } from "@/lib/db/client";
import { Prisma } from "@/lib/generated/prisma/client";
import { currentSigningKey } from "@/lib/documents/signing-keys";
import { signDocument, withDocumentFragment } from "@/lib/documents/sign-document";
import { DomainError } from "@/lib/errors";
import { newId } from "@/lib/ids";
import { availableMinor, lockWalletAccount } from "@/lib/ledger/accounts";
import type { CreateProofBody, ProofCreatedRecord } from "@/lib/schemas/proof";
import { addressSchema } from "@/lib/schemas/wallet";
import { resolveHolderName } from "@/lib/statements/holder-name";
import type { Tenant } from "@/lib/tenant";
import { findWallet } from "@/lib/wallets/get-wallet";
import { newProofReference } from "./proof-reference";
import { proofRecord } from "./proof-record";

const DAY_MS = 24 * 60 * 60 * 1000;
export const DEFAULT_PROOF_EXPIRY_DAYS = 30;

export async function issueProof(
  tx: Db,
  tenant: Tenant,
  externalUserId: string,
  input: CreateProofBody,
  options: { baseUrl: string; now?: Date },
): Promise<ProofCreatedRecord> {
  const now = options.now ?? new Date();
  const wallet = await findWallet(tx, tenant, externalUserId);
  if (wallet.status !== "active") {
    throw new DomainError(
      "wallet_not_active",
      `The wallet is ${wallet.status}; letters are issued for active wallets only.`,
    );
  }
  const holderName = resolveHolderName(wallet.name, input.holderName);

  let address: Prisma.InputJsonValue | typeof Prisma.DbNull = Prisma.DbNull;
  let amountMinor: bigint | null = null;
  let currency: string | null = null;
  if (input.kind === "address") {
    const onFile = addressSchema.safeParse(wallet.address);
    if (!onFile.success) {
      throw new DomainError(
        "wallet_address_missing",
        "The wallet has no address on file; a proof of address needs one.",
      );
    }
    address = onFile.data;
  } else {
    const account = wallet.ledgerAccount ? await lockWalletAccount(tx, wallet.id) : null;
    amountMinor = account ? availableMinor(account) : 0n;
    currency = wallet.currency;
  }

  const key = await currentSigningKey(tx);
  const proof = await tx.proof.create({
    data: {
      id: newId("prf"),
      applicationId: tenant.applicationId,
      livemode: tenant.livemode,
      walletId: wallet.id,
      kind: input.kind,
      reference: newProofReference(),
      holderName,
      currency,
      amountMinor,
      address,
      issuedAt: now,
      expiresAt: new Date(now.getTime() + (input.expiresInDays ?? DEFAULT_PROOF_EXPIRY_DAYS) * DAY_MS),
      signingKid: key.kid,
    },
  });
  const record = proofRecord(proof, wallet, options.baseUrl);
  const document = await signDocument(key, {
    iss: options.baseUrl,
    id: record.id,
    kind: record.kind === "funds" ? "proof-of-funds" : "proof-of-address",
    holder_name: record.holderName,
    account_number: record.accountNumber,
    reference: record.reference,
    ...(record.currency !== null ? { currency: record.currency } : {}),
    ...(record.amount !== null ? { amount: record.amount } : {}),
    ...(record.address !== null ? { address: record.address } : {}),
    issued_at: record.issuedAt,
    expires_at: record.expiresAt,
    livemode: record.livemode,
  });
  return { ...record, document, verifyUrl: withDocumentFragment(record.verifyUrl, document) };
}
