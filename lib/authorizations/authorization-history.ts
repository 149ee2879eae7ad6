// An authorization's history, oldest first: the card network messages applied to it (NetworkStep,
// lib/card-network/), or, for a spend the application reported itself, its steps read from what
// they left: the approval, each capture and refund transfer, and how the hold ended.
import type { Db } from "@/lib/db/client";
import type { Authorization } from "@/lib/generated/prisma/client";
import { toMajor } from "@/lib/money/amount";
import type { AuthorizationHistoryStep } from "@/lib/schemas/authorization";

export async function authorizationHistory(db: Db, auth: Authorization): Promise<AuthorizationHistoryStep[]> {
  const steps = await db.networkStep.findMany({
    where: { authorizationId: auth.id },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
  });
  if (steps.length > 0) {
    return steps.map((s) => ({
      kind: s.kind as AuthorizationHistoryStep["kind"],
      amount: toMajor(s.amount, s.currency),
      networkId: s.networkId,
      createdAt: s.createdAt.toISOString(),
    }));
  }
  const history: AuthorizationHistoryStep[] = [
    {
      kind: "authorization",
      amount: toMajor(auth.amount, auth.currency),
      networkId: null,
      createdAt: auth.createdAt.toISOString(),
    },
  ];
  const transfers = await db.ledgerTransfer.findMany({
    where: { authorizationId: auth.id },
    include: { entries: { where: { amount: { gt: 0n } }, select: { amount: true } } },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
  });
  for (const t of transfers) {
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
  return history;
}
