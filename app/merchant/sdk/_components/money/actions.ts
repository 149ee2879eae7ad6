"use server";
// Server actions of the money screens (a wallet's page and the Balance page): recording a bank
// account, paying out, transferring, and the simulator's moves of a test payout. Each checks the
// session and the form's mode (live: owner or admin, re-authenticated: lib/console/mode-write.ts);
// the lib/console operation does the rest.
import { revalidatePath } from "next/cache";
import { prisma, transaction } from "@/lib/db/client";
import { checkModeWrite } from "@/lib/console/mode-write";
import {
  addBankAccount,
  BANK_ACCOUNT_FIELDS,
  payOut,
  simulatePayoutMove,
  transferMoney,
} from "@/lib/console/money-screens";
import { requireRecentAuthentication } from "@/lib/console/recent-authentication";
import { requireAuditContext } from "@/lib/console/session";
import { formatMoney } from "@/lib/money/format";
import { runAction, text, type ActionState } from "@/app/merchant/sdk/_lib/action-state";

async function checkedMode(merchantId: string, applicationId: string, form: FormData) {
  return checkModeWrite(prisma(), merchantId, applicationId, text(form, "mode"), () =>
    requireRecentAuthentication(merchantId),
  );
}

/** Every page below the application shows money: its wallets' pages and the Balance page. */
function refresh(applicationId: string) {
  revalidatePath(`/merchant/sdk/apps/${applicationId}`, "layout");
}

export async function addBankAccountAction(
  applicationId: string,
  externalUserId: string | null,
  _previous: ActionState,
  form: FormData,
): Promise<ActionState> {
  const context = await requireAuditContext();
  const values = Object.fromEntries(BANK_ACCOUNT_FIELDS.map((field) => [field, text(form, field)]));
  const state = await runAction(async () => {
    const mode = await checkedMode(context.merchantId, applicationId, form);
    const record = await transaction((tx) => addBankAccount(tx, context, mode, externalUserId, values));
    return { message: `Recorded ${record.country} ${record.currency} account ••••${record.last4}.` };
  }, values);
  refresh(applicationId);
  return state;
}

export async function payOutAction(
  applicationId: string,
  externalUserId: string | null,
  _previous: ActionState,
  form: FormData,
): Promise<ActionState> {
  const context = await requireAuditContext();
  const values = {
    bankAccountId: text(form, "bankAccountId"),
    amount: text(form, "amount"),
    currency: text(form, "currency"),
    description: text(form, "description"),
  };
  const state = await runAction(async () => {
    const mode = await checkedMode(context.merchantId, applicationId, form);
    const record = await transaction((tx) => payOut(tx, context, mode, externalUserId, values));
    return { message: `Payout ${record.id} of ${formatMoney(record.amount, record.currency)} is ${record.status}.` };
  }, values);
  refresh(applicationId);
  return state;
}

export async function transferAction(
  applicationId: string,
  from: string,
  _previous: ActionState,
  form: FormData,
): Promise<ActionState> {
  const context = await requireAuditContext();
  const values = {
    from,
    to: text(form, "to"),
    amount: text(form, "amount"),
    currency: text(form, "currency"),
    description: text(form, "description"),
  };
  const state = await runAction(async () => {
    const mode = await checkedMode(context.merchantId, applicationId, form);
    const record = await transaction((tx) => transferMoney(tx, context, mode, values));
    const name = (p: typeof record.from) => p.externalUserId ?? "the balance";
    return {
      message: `Moved ${formatMoney(record.amount, record.currency)} from ${name(record.from)} to ${name(record.to)}.`,
    };
  }, values);
  refresh(applicationId);
  return state;
}

export async function simulatePayoutMoveAction(
  applicationId: string,
  payoutId: string,
  _previous: ActionState,
  form: FormData,
): Promise<ActionState> {
  const context = await requireAuditContext();
  const state = await runAction(async () => {
    const mode = await checkedMode(context.merchantId, applicationId, form);
    const record = await transaction((tx) => simulatePayoutMove(tx, context, mode, payoutId, text(form, "move")));
    return { message: `${record.id} is ${record.status.replace("_", " ")}.` };
  });
  refresh(applicationId);
  return state;
}
