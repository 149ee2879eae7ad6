// Issues a statement for a period: opening and closing balances and the period's transactions from
// the ledger, and a verification token returned once (its hash is stored) with a QR code. A replay
// of the same Idempotency-Key shows the token again from the stored response, which is sealed.
// It is also signed (lib/documents): the JWS rides in the verify URL's fragment and the QR code.
import type { Db } from "@/lib/db/client";
import { currentSigningKey } from "@/lib/documents/signing-keys";
import { signDocument, withDocumentFragment } from "@/lib/documents/sign-document";
import { DomainError } from "@/lib/errors";
import { newId } from "@/lib/ids";
import type { CreateStatementBody, StatementCreatedRecord } from "@/lib/schemas/statement";
import type { Tenant } from "@/lib/tenant";
import { findWallet } from "@/lib/wallets/get-wallet";
import { resolveHolderName } from "./holder-name";
import { qrCodeSvg, statementVerifyUrl } from "./public-links";
import { readStatementPeriod } from "./statement-period";
import { statementRecord } from "./statement-record";
import { hashStatementToken, mintStatementToken } from "./statement-token";

const DAY_MS = 24 * 60 * 60 * 1000;
export const DEFAULT_STATEMENT_EXPIRY_DAYS = 90;

export async function createStatement(
  tx: Db,
  tenant: Tenant,
  externalUserId: string,
  input: CreateStatementBody,
  options: { baseUrl: string; now?: Date },
): Promise<StatementCreatedRecord> {
  const now = options.now ?? new Date();
  const start = new Date(`${input.periodStart}T00:00:00.000Z`);
  const end = new Date(`${input.periodEnd}T00:00:00.000Z`);
  if (start > end) {
    throw new DomainError("validation_failed", "periodStart must be on or before periodEnd.", { param: "periodStart" });
  }
  const today = new Date(`${now.toISOString().slice(0, 10)}T00:00:00.000Z`);
  if (end > today) {
    throw new DomainError("validation_failed", "periodEnd cannot be in the future (dates are UTC).", {
      param: "periodEnd",
    });
  }

  const wallet = await findWallet(tx, tenant, externalUserId);
  const holderName = resolveHolderName(wallet.name, input.holderName);
  // The period ends at midnight after periodEnd; for a period ending today, at issue time.
  const until = new Date(Math.min(end.getTime() + DAY_MS, now.getTime()));
  const period = await readStatementPeriod(tx, wallet, wallet.ledgerAccount?.id ?? null, start, until);

  const token = mintStatementToken();
  const key = await currentSigningKey(tx);
  const statement = await tx.statement.create({
    data: {
      id: newId("stmt"),
      applicationId: tenant.applicationId,
      livemode: tenant.livemode,
      walletId: wallet.id,
      holderName,
      currency: wallet.currency,
      periodStart: start,
      periodEnd: end,
      openingMinor: period.openingMinor,
      closingMinor: period.closingMinor,
      tokenHash: hashStatementToken(token),
      issuedAt: now,
      expiresAt: new Date(now.getTime() + (input.expiresInDays ?? DEFAULT_STATEMENT_EXPIRY_DAYS) * DAY_MS),
      signingKid: key.kid,
    },
  });
  const record = statementRecord(statement, wallet);
  const document = await signDocument(key, {
    iss: options.baseUrl,
    id: record.id,
    kind: "statement",
    holder_name: record.holderName,
    account_number: wallet.accountNumber,
    period_start: record.periodStart,
    period_end: record.periodEnd,
    currency: record.currency,
    opening_balance: record.openingBalance,
    closing_balance: record.closingBalance,
    issued_at: record.issuedAt,
    expires_at: record.expiresAt,
    livemode: record.livemode,
  });
  const verifyUrl = withDocumentFragment(statementVerifyUrl(options.baseUrl, token), document);
  return {
    ...record,
    transactions: period.transactions,
    token,
    document,
    verifyUrl,
    qrSvg: await qrCodeSvg(verifyUrl),
  };
}
