// Lithic's payment_transaction events read as where a payout is, and the moves that bring a payout
// there: payloads built from Lithic's document (checked against its webhook schema), and properties
// over every status and report order: each planned move is one the payout lifecycle allows from the
// state it is taken in, a report already reached plans nothing, and no order of reports moves a payout
// backwards or twice.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { lithicText } from "@/lib/connectors/lithic/payout-rail";
import {
  paymentStatus,
  paymentToReport,
  paymentTransactionSchema,
} from "@/lib/connectors/lithic/lithic-payment-mapping";
import type { PayoutStatus } from "@/lib/generated/prisma/client";
import { canMove, type PayoutMove } from "@/lib/payouts/move-payout";
import { movesToward, type RailStatus } from "@/lib/payouts/rail-report";
import { paymentTransactionEvent, webhookBodyErrors } from "../helpers/lithic-payloads";

const STATUSES: PayoutStatus[] = ["pending", "in_transit", "paid", "failed", "returned", "canceled"];
const REPORTS: RailStatus[] = ["pending", "in_transit", "paid", "failed", "returned"];
const AFTER: Record<PayoutMove, PayoutStatus> = {
  in_transit: "in_transit",
  paid: "paid",
  failed: "failed",
  returned: "returned",
  canceled: "canceled",
};

async function read(
  status: string,
  events: { type: string; result?: "APPROVED" | "DECLINED"; detail?: string }[],
  extra = {},
) {
  const payload = await paymentTransactionEvent({
    token: "4e3a2a4e-0a4b-4c59-9d0b-1f1e0e0f0a0b",
    userDefinedId: "po_1",
    amount: 1588,
    status,
    events,
    ...extra,
  });
  expect(await webhookBodyErrors("payment_transaction.updated", payload)).toEqual([]);
  return paymentTransactionSchema.parse(payload);
}

describe("Lithic's payment, read as our payout's state", () => {
  it("maps statuses and events as the decision record's table says", async () => {
    expect(paymentStatus(await read("PENDING", [{ type: "ACH_ORIGINATION_INITIATED" }]))).toEqual({
      status: "pending",
      reason: null,
    });
    expect(
      paymentStatus(
        await read("PENDING", [{ type: "ACH_ORIGINATION_INITIATED" }, { type: "ACH_ORIGINATION_REVIEWED" }]),
      ).status,
    ).toBe("pending");
    expect(
      paymentStatus(
        await read("PENDING", [{ type: "ACH_ORIGINATION_INITIATED" }, { type: "ACH_ORIGINATION_PROCESSED" }]),
      ).status,
    ).toBe("in_transit");
    expect(paymentStatus(await read("SETTLED", [{ type: "ACH_ORIGINATION_SETTLED" }])).status).toBe("paid");
    expect(paymentStatus(await read("PENDING", [{ type: "ACH_ORIGINATION_RELEASED" }])).status).toBe("paid");
    expect(
      paymentStatus(
        await read("DECLINED", [{ type: "ACH_ORIGINATION_INITIATED", result: "DECLINED", detail: "ACCOUNT_INVALID" }]),
      ),
    ).toEqual({ status: "failed", reason: "rail_declined: ACCOUNT_INVALID" });
    expect(paymentStatus(await read("CANCELED", [{ type: "ACH_ORIGINATION_CANCELLED" }]))).toEqual({
      status: "failed",
      reason: "rail_declined: CANCELED",
    });
    expect(
      paymentStatus(
        await read("RETURNED", [{ type: "ACH_ORIGINATION_SETTLED" }, { type: "ACH_RETURN_PROCESSED" }], {
          returnReasonCode: "R03",
        }),
      ),
    ).toEqual({ status: "returned", reason: "returned_by_bank: R03" });
  });

  it("reports only the payments we originated to pay out", async () => {
    expect(paymentToReport(await read("PENDING", [{ type: "ACH_ORIGINATION_INITIATED" }]))).toMatchObject({
      rail: "lithic",
      payoutId: "po_1",
      status: "pending",
    });
    expect(
      paymentToReport(await read("SETTLED", [{ type: "ACH_RECEIPT_SETTLED" }], { type: "RECEIPT_CREDIT" })),
    ).toBeNull();
  });

  it("folds holder names and memos to the printable ASCII Lithic takes", () => {
    expect(lithicText("  Zoë Ångström – Café  ", 100)).toBe("Zoe Angstrom  Cafe");
    expect(lithicText("x".repeat(600), 512)).toHaveLength(512);
    fc.assert(fc.property(fc.string(), (text) => /^[\x20-\x7e]*$/.test(lithicText(text, 50))));
  });
});

describe("moves toward the rail's state", () => {
  it("plans only moves the lifecycle allows, and nothing once there", () => {
    for (const current of STATUSES) {
      for (const target of REPORTS) {
        const moves = movesToward(current, target);
        if (moves === "conflict") continue;
        let status = current;
        for (const move of moves) {
          expect(canMove(status, move), `${current} → ${target}: ${move} from ${status}`).toBe(true);
          status = AFTER[move];
        }
        const again = movesToward(status, target);
        expect(again === "conflict" ? again : again.length, `${current} → ${target} again`).toBe(0);
      }
    }
  });

  it("never moves a payout backwards or twice, whatever order the reports arrive in", () => {
    const rank: Record<PayoutStatus, number> = {
      pending: 0,
      in_transit: 1,
      paid: 2,
      failed: 3,
      returned: 3,
      canceled: 3,
    };
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...REPORTS), { maxLength: 12 }), (reports) => {
        let status: PayoutStatus = "pending";
        const taken: PayoutMove[] = [];
        for (const report of reports) {
          const moves = movesToward(status, report);
          if (moves === "conflict") continue;
          for (const move of moves) {
            expect(rank[AFTER[move]]).toBeGreaterThan(rank[status]);
            status = AFTER[move];
            taken.push(move);
          }
        }
        expect(new Set(taken).size).toBe(taken.length);
      }),
    );
  });

  it("calls a rail state ours cannot follow a conflict", () => {
    expect(movesToward("canceled", "paid")).toBe("conflict");
    expect(movesToward("failed", "paid")).toBe("conflict");
    expect(movesToward("paid", "failed")).toBe("conflict");
    expect(movesToward("in_transit", "returned")).toEqual(["failed"]);
  });
});
