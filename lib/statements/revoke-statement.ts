// Revokes a statement so its token no longer verifies; revoking again changes nothing.
import type { Db } from "@/lib/db/client";
import { DomainError } from "@/lib/errors";
import type { StatementRecord } from "@/lib/schemas/statement";
import type { Tenant } from "@/lib/tenant";
import { statementRecord } from "./statement-record";

export async function revokeStatement(
  tx: Db,
  tenant: Tenant,
  statementId: string,
  now = new Date(),
): Promise<StatementRecord> {
  const statement = await tx.statement.findFirst({
    where: { id: statementId, applicationId: tenant.applicationId, livemode: tenant.livemode },
    include: { wallet: { select: { externalUserId: true } } },
  });
  if (!statement) throw new DomainError("statement_not_found", `No statement ${statementId} exists.`, { param: "id" });
  if (statement.revokedAt) return statementRecord(statement, statement.wallet);
  const revoked = await tx.statement.update({ where: { id: statement.id }, data: { revokedAt: now } });
  return statementRecord(revoked, statement.wallet);
}
