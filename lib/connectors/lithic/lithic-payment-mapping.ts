// Lithic's payment_transaction events, read as a report of where one of our payouts is: pure, no I/O
// (lithic-inbound.ts finds the payout and applies it through lib/payouts/rail-report.ts). The table is
// in docs/decisions/money-movement.md, "Lithic's ACH payments".
import { z } from "zod";
import type { RailReport, RailStatus } from "@/lib/payouts/rail-report";

export const PAYMENT_EVENT_KINDS = ["payment_transaction.created", "payment_transaction.updated"] as const;

export function isPaymentEventKind(kind: string): kind is (typeof PAYMENT_EVENT_KINDS)[number] {
  return (PAYMENT_EVENT_KINDS as readonly string[]).includes(kind);
}

// What we read of Lithic's `payment-transaction` schema; everything else passes through unread.
export const paymentTransactionSchema = z
  .object({
    token: z.string().min(1),
    family: z.literal("PAYMENT"),
    status: z.enum(["PENDING", "SETTLED", "DECLINED", "REVERSED", "CANCELED", "RETURNED"]),
    /** ORIGINATION_CREDIT is money we sent out; receipts and collections are not payouts. */
    type: z.string().optional(),
    user_defined_id: z.string().nullable().optional(),
    method_attributes: z.object({ return_reason_code: z.string().nullable().optional() }).loose().optional(),
    events: z.array(
      z
        .object({
          type: z.string(),
          result: z.enum(["APPROVED", "DECLINED"]),
          detailed_results: z.array(z.string()).optional(),
        })
        .loose(),
    ),
  })
  .loose();

export type PaymentTransaction = z.output<typeof paymentTransactionSchema>;

const FAILED_STATUSES = new Set(["DECLINED", "REVERSED", "CANCELED"]);
const SENT_EVENTS = new Set(["ACH_ORIGINATION_PROCESSED"]);
const SETTLED_EVENTS = new Set(["ACH_ORIGINATION_SETTLED", "ACH_ORIGINATION_RELEASED"]);
const RETURN_EVENTS = new Set(["ACH_RETURN_PROCESSED", "ACH_RETURN_SETTLED"]);

function declineReason(payment: PaymentTransaction): string {
  const declined = payment.events.find((event) => event.result === "DECLINED");
  const detail = declined?.detailed_results?.find((result) => result !== "APPROVED" && result !== "DECLINED");
  const what = detail ?? declined?.type ?? payment.status;
  return `rail_declined: ${what}`;
}

function returnReason(payment: PaymentTransaction): string {
  const code = payment.method_attributes?.return_reason_code;
  return code ? `returned_by_bank: ${code}` : "returned_by_bank";
}

/** The payout's state as the payment's status and events tell it, with the reason when it ended badly. */
export function paymentStatus(payment: PaymentTransaction): { status: RailStatus; reason: string | null } {
  const approved = (kinds: Set<string>) =>
    payment.events.some((event) => event.result === "APPROVED" && kinds.has(event.type));
  if (payment.status === "RETURNED" || approved(RETURN_EVENTS))
    return { status: "returned", reason: returnReason(payment) };
  if (FAILED_STATUSES.has(payment.status) || payment.events.some((event) => event.result === "DECLINED"))
    return { status: "failed", reason: declineReason(payment) };
  if (payment.status === "SETTLED" || approved(SETTLED_EVENTS)) return { status: "paid", reason: null };
  if (approved(SENT_EVENTS)) return { status: "in_transit", reason: null };
  return { status: "pending", reason: null };
}

/** The report for our payout rail, or null for a payment that is not one we sent (a receipt, a collection). */
export function paymentToReport(payment: PaymentTransaction): RailReport | null {
  if (payment.type !== undefined && payment.type !== "ORIGINATION_CREDIT") return null;
  return {
    rail: "lithic",
    payoutId: payment.user_defined_id ?? null,
    reference: payment.token,
    ...paymentStatus(payment),
  };
}
