// Whether a signed statement or letter is still current: the one thing its signature cannot say.
// Any id is answered (not_found for one that is malformed or not ours); the answer holds nothing the
// document does not state itself, so it needs no key.
import type { Db } from "@/lib/db/client";
import type { DocumentStatus } from "@/lib/schemas/document";

const STATEMENT_ID = /^stmt_[0-9A-Za-z]{24}$/;
const PROOF_ID = /^prf_[0-9A-Za-z]{24}$/;

export async function documentStatus(db: Db, id: string | undefined, now: Date = new Date()): Promise<DocumentStatus> {
  const candidate = id?.trim() ?? "";
  const select = { revokedAt: true, expiresAt: true } as const;
  const row = STATEMENT_ID.test(candidate)
    ? await db.statement.findUnique({ where: { id: candidate }, select })
    : PROOF_ID.test(candidate)
      ? await db.proof.findUnique({ where: { id: candidate }, select })
      : null;
  // Echo only the id's shape we recognise: a long hostile id is not repeated back.
  const echoed = row ? candidate : candidate.slice(0, 64);
  if (!row) return { id: echoed, status: "not_found", revoked_at: null, expires_at: null };
  const status = row.revokedAt ? "revoked" : row.expiresAt && row.expiresAt <= now ? "expired" : "current";
  return {
    id: echoed,
    status,
    revoked_at: row.revokedAt?.toISOString() ?? null,
    expires_at: row.expiresAt?.toISOString() ?? null,
  };
}
