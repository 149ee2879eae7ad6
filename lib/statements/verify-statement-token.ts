// Checks a statement token for the public: valid with the statement's details, or invalid with a
// reason. Every token, malformed ones included, costs one hash and one indexed lookup, so the
// time taken says no more than the answer does.
import type { Db } from "@/lib/db/client";
import { toMajor } from "@/lib/money/amount";
import type { StatementTokenReasonCode, StatementTokenResult } from "@/lib/schemas/statement";
import { isoDate } from "./statement-record";
import { hashStatementToken, isWellFormedStatementToken } from "./statement-token";

const REASONS: Record<StatementTokenReasonCode, string> = {
  malformed: "This is not a statement token: tokens look like vst_ followed by 32 letters and digits.",
  not_found: "No statement was issued with this token.",
  revoked: "This statement has been revoked by its issuer.",
  expired: "This statement's verification token has expired.",
};

function invalid(reason_code: StatementTokenReasonCode): StatementTokenResult {
  return { valid: false, reason: REASONS[reason_code], reason_code };
}

export async function verifyStatementToken(
  db: Db,
  token: string | undefined,
  now = new Date(),
): Promise<StatementTokenResult> {
  const candidate = token?.trim() ?? "";
  const wellFormed = isWellFormedStatementToken(candidate);
  const statement = await db.statement.findUnique({ where: { tokenHash: hashStatementToken(candidate) } });
  if (!wellFormed) return invalid("malformed");
  if (!statement) return invalid("not_found");
  if (statement.revokedAt && statement.revokedAt <= now) return invalid("revoked");
  if (statement.expiresAt && statement.expiresAt <= now) return invalid("expired");
  return {
    valid: true,
    holder_name: statement.holderName,
    period_start: isoDate(statement.periodStart),
    period_end: isoDate(statement.periodEnd),
    issued_at: statement.issuedAt.toISOString(),
    expires_at: statement.expiresAt?.toISOString() ?? null,
    currency: statement.currency,
    opening_balance: toMajor(statement.openingMinor, statement.currency),
    closing_balance: toMajor(statement.closingMinor, statement.currency),
    livemode: statement.livemode,
  };
}
