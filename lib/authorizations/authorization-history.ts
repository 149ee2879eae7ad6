// An authorization's history, oldest first: the card network messages applied to it (NetworkStep,
// lib/card-network/), or, for a spend the application reported itself, its steps read from what
// they left: the approval, each capture and refund transfer, and how the hold ended.
import type { Db } from "@/lib/db/client";
import type { Authorization } from "@/lib/generated/prisma/client";
import { toMajor } from "@/lib/money/amount";
import type { AuthorizationHistoryStep } from "@/lib/schemas/authorization";

type HistorySource = Pick<Authorization, "id" | "amount" | "currency" | "status" | "createdAt" | "updatedAt">;

export async function authorizationHistory(db: Db, auth: HistorySource): Promise<AuthorizationHistoryStep[]> {
  return (await authorizationHistories(db, [auth])).get(auth.id) ?? [];
}

/**
 * The histories of several authorizations (a page's worth) by id, in two queries whatever their
 * number: their network steps, then the ledger transfers of those that have none.
 */
export async function authorizationHistories(
  db: Db,
  auths: readonly HistorySource[],
): Promise<Map<string, AuthorizationHistoryStep[]>> {
  const histories = new Map<string, AuthorizationHistoryStep[]>();
  if (auths.length === 0) return histories;
  const steps = await db.networkStep.findMany({
    where: { authorizationId: { in: auths.map((auth) => auth.id) } },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
  });
  for (const s of steps) {
    const history = histories.get(s.authorizationId) ?? [];
    history.push({
      kind: s.kind as AuthorizationHistoryStep["kind"],
      amount: toMajor(s.amount, s.currency),
      networkId: s.networkId,
      createdAt: s.createdAt.toISOString(),
    });
    histories.set(s.authorizationId, history);
  }
  const reported = auths.filter((auth) => !histories.has(auth.id));
  if (reported.length === 0) return histories;
  const transfers = await db.ledgerTransfer.findMany({
    where: { authorizationId: { in: reported.map((auth) => auth.id) } },
    include: { entries: { where: { amount: { gt: 0n } }, select: { amount: true } } },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
  });
  for (const auth of reported) {
    const history: AuthorizationHistoryStep[] = [
      {
        kind: "authorization",
        amount: toMajor(auth.amount, auth.currency),
        networkId: null,
        createdAt: auth.createdAt.toISOString(),
      },
    ];
    for (const t of transfers) {
      if (t.authorizationId !== auth.id) continue;
      const amount = t.entries.reduce((sum, e) => sum + e.amount, 0n);
      history.push({
        kind: t.kind === "refund" ? "refund" : "clearing",
        amount: toMajor(amount, auth.currency),
        networkId: null,
        createdAt: t.createdAt.toISOString(),
      });
    }
    if (auth.status === "reversed" || auth.status === "expired") {
      history.push({
        kind: auth.status === "reversed" ? "reversal" : "expiry",
        amount: toMajor(auth.amount, auth.currency),
        networkId: null,
        createdAt: auth.updatedAt.toISOString(),
      });
    }
    histories.set(auth.id, history);
  }
  return histories;
}
