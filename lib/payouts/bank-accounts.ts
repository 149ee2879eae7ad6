// External bank accounts of a wallet holder or of the application itself: recorded with their
// identifiers validated and sealed at rest, answered only masked.
import type { Db } from "@/lib/db/client";
import { unseal, seal } from "@/lib/crypto/secret-box";
import { DomainError } from "@/lib/errors";
import type { BankAccount, Wallet } from "@/lib/generated/prisma/client";
import { newId } from "@/lib/ids";
import { requireExponent } from "@/lib/money/amount";
import type { BankAccountRecord, CreateBankAccountBody } from "@/lib/schemas/money-movement";
import { NEWEST_FIRST, toPage, type ListPage } from "@/lib/schemas/pagination";
import type { Tenant } from "@/lib/tenant";
import { findWallet } from "@/lib/wallets/get-wallet";
import {
  bankIdentifiersSchema,
  isProblem,
  maskedParts,
  parseBankIdentifiers,
  type BankIdentifiers,
} from "./bank-account-details";

// The sealed details are bound to their row, so a sealed value copied onto another row fails to open.
const sealContext = (bankAccountId: string) => `bank-account:${bankAccountId}`;

export function bankAccountRecord(
  account: BankAccount,
  wallet: Pick<Wallet, "id" | "externalUserId"> | null,
): BankAccountRecord {
  return {
    id: account.id,
    object: "bank_account",
    walletId: wallet?.id ?? null,
    externalUserId: wallet?.externalUserId ?? null,
    country: account.country,
    currency: account.currency,
    holderName: account.holderName,
    scheme: parseScheme(account.scheme),
    bankCode: account.bankCode,
    last4: account.last4,
    livemode: account.livemode,
    createdAt: account.createdAt.toISOString(),
  };
}

function parseScheme(scheme: string): BankAccountRecord["scheme"] {
  if (scheme === "us_aba" || scheme === "gb_sort_code" || scheme === "iban" || scheme === "ng_nuban") return scheme;
  throw new Error(`unknown bank scheme ${scheme}`);
}

/** The identifiers, unsealed: only for handing the payout to its rail. */
export function bankIdentifiers(account: Pick<BankAccount, "id" | "sealedDetails">): BankIdentifiers {
  return bankIdentifiersSchema.parse(JSON.parse(unseal(account.sealedDetails, sealContext(account.id))));
}

/** `externalUserId` null: the application's own account (paid from its balance). */
export async function createBankAccount(
  tx: Db,
  tenant: Tenant,
  externalUserId: string | null,
  input: CreateBankAccountBody,
): Promise<BankAccountRecord> {
  const wallet = externalUserId === null ? null : await findWallet(tx, tenant, externalUserId);
  requireExponent(input.currency);
  if (wallet && wallet.currency !== input.currency) {
    throw new DomainError(
      "currency_mismatch",
      `The wallet holds ${wallet.currency}; a bank account it pays out to must be in ${wallet.currency}, not ${input.currency}.`,
      { param: "currency" },
    );
  }
  const identifiers = parseBankIdentifiers(input);
  if (isProblem(identifiers))
    throw new DomainError("validation_failed", identifiers.message, { param: identifiers.param });
  const id = newId("ba");
  const { last4, bankCode } = maskedParts(identifiers);
  const account = await tx.bankAccount.create({
    data: {
      id,
      applicationId: tenant.applicationId,
      livemode: tenant.livemode,
      walletId: wallet?.id ?? null,
      country: input.country,
      currency: input.currency,
      holderName: input.holderName,
      scheme: identifiers.scheme,
      sealedDetails: seal(JSON.stringify(identifiers), sealContext(id)),
      last4,
      bankCode,
    },
  });
  return bankAccountRecord(account, wallet);
}

export async function listBankAccounts(
  db: Db,
  tenant: Tenant,
  externalUserId: string | null,
): Promise<ListPage<BankAccountRecord>> {
  const wallet = externalUserId === null ? null : await findWallet(db, tenant, externalUserId);
  const rows = await db.bankAccount.findMany({
    where: { applicationId: tenant.applicationId, livemode: tenant.livemode, walletId: wallet?.id ?? null },
    orderBy: NEWEST_FIRST,
    take: 101,
  });
  return toPage(
    rows.map((row) => bankAccountRecord(row, wallet)),
    100,
  );
}
