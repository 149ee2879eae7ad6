// What a live rail reports about a payout it carries (Lithic's payment events), applied as the moves
// that bring our payout to the rail's state (docs/decisions/money-movement.md, "Lithic's ACH
// payments"). The report says where the payout is, not what changed, so a redelivered, repeated or
// out-of-order report moves nothing twice: each move is taken only from the state it starts at.
import { transaction, type Db } from "@/lib/db/client";
import type { PayoutStatus } from "@/lib/generated/prisma/client";
import { movePayout, type PayoutMove } from "./move-payout";

export type RailStatus = "pending" | "in_transit" | "paid" | "failed" | "returned";

export type RailReport = {
  rail: string;
  /** Our payout id as the rail echoes it back, when it does. */
  payoutId: string | null;
  /** The rail's own reference of the payment. */
  reference: string;
  status: RailStatus;
  /** Why it failed or came back, in the rail's words. */
  reason: string | null;
};

export type RailReportOutcome =
  | { result: "applied"; payoutId: string; moves: PayoutMove[]; status: PayoutStatus }
  | { result: "unchanged"; payoutId: string; status: PayoutStatus }
  | { result: "unknown_payout" }
  /** The rail's state cannot follow ours (paid at the rail, canceled here): left for the operator. */
  | { result: "conflict"; payoutId: string; status: PayoutStatus; message: string };

export type RailReportHandler = (report: RailReport) => Promise<RailReportOutcome>;

/**
 * The moves from our status to the rail's. A payout the rail returned before we saw it paid never
 * left our books (its amount is still held), so it fails, releasing the hold, rather than posting
 * out and straight back.
 */
export function movesToward(current: PayoutStatus, target: RailStatus): PayoutMove[] | "conflict" {
  const plan: Record<RailStatus, Partial<Record<PayoutStatus, PayoutMove[]>>> = {
    pending: { pending: [], in_transit: [], paid: [], failed: [], returned: [] },
    in_transit: { pending: ["in_transit"], in_transit: [], paid: [], failed: [], returned: [] },
    paid: { pending: ["in_transit", "paid"], in_transit: ["paid"], paid: [], returned: [] },
    failed: { pending: ["failed"], in_transit: ["failed"], failed: [], returned: [] },
    returned: { pending: ["failed"], in_transit: ["failed"], paid: ["returned"], failed: [], returned: [] },
  };
  return plan[target][current] ?? "conflict";
}

async function findPayout(tx: Db, report: RailReport) {
  const select = { id: true, applicationId: true, livemode: true, railReference: true } as const;
  const byId = report.payoutId
    ? await tx.payout.findFirst({ where: { id: report.payoutId, rail: report.rail }, select })
    : null;
  return byId ?? tx.payout.findFirst({ where: { rail: report.rail, railReference: report.reference }, select });
}

export async function applyRailReport(report: RailReport, db?: Db): Promise<RailReportOutcome> {
  const work = async (tx: Db): Promise<RailReportOutcome> => {
    const found = await findPayout(tx, report);
    if (!found) return { result: "unknown_payout" };
    const [locked] = await tx.$queryRaw<{ status: PayoutStatus }[]>`
      SELECT status FROM "Payout" WHERE id = ${found.id} FOR UPDATE`;
    if (!locked) return { result: "unknown_payout" };
    // The report can arrive before the submission recorded the rail's answer.
    if (found.railReference === null)
      await tx.payout.update({ where: { id: found.id }, data: { railReference: report.reference } });
    const moves = movesToward(locked.status, report.status);
    if (moves === "conflict") {
      return {
        result: "conflict",
        payoutId: found.id,
        status: locked.status,
        message: `The rail says ${report.status} but the payout is ${locked.status} here.`,
      };
    }
    if (moves.length === 0) return { result: "unchanged", payoutId: found.id, status: locked.status };
    const tenant = { applicationId: found.applicationId, livemode: found.livemode };
    let status = locked.status;
    for (const move of moves) {
      status = (await movePayout(tx, tenant, found.id, move, report.reason ?? undefined)).status;
    }
    return { result: "applied", payoutId: found.id, moves, status };
  };
  return db ? work(db) : transaction(work);
}
