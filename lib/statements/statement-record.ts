// The statement record as the API returns it (without the token, which is never stored in the clear).
import type { Statement, Wallet } from "@/lib/generated/prisma/client";
import { toMajor } from "@/lib/money/amount";
import type { StatementRecord } from "@/lib/schemas/statement";

export function isoDate(date: Date): string {
  return date.toISOString().slice(0, 10);
}

export function statementRecord(statement: Statement, wallet: Pick<Wallet, "externalUserId">): StatementRecord {
  return {
    id: statement.id,
    object: "statement",
    walletId: statement.walletId,
    externalUserId: wallet.externalUserId,
    holderName: statement.holderName,
    currency: statement.currency,
    periodStart: isoDate(statement.periodStart),
    periodEnd: isoDate(statement.periodEnd),
    openingBalance: toMajor(statement.openingMinor, statement.currency),
    closingBalance: toMajor(statement.closingMinor, statement.currency),
    issuedAt: statement.issuedAt.toISOString(),
    expiresAt: statement.expiresAt?.toISOString() ?? null,
    revokedAt: statement.revokedAt?.toISOString() ?? null,
    livemode: statement.livemode,
  };
}
