// The console's money screens, for a wallet and for the application's own balance: bank accounts
// (masked), payouts with their status, and the writes (record a bank account, pay out, transfer, and
// in test mode the simulator rail's moves), through the same domain functions as the API and the
// CLI, audited as the member. A write's mode comes from its form through checkModeWrite: in test mode
// the roles that write test data, in live mode owners and admins after re-authenticating.
import { recordAudit, type AuditContext } from "@/lib/audit/record-audit";
import type { Db } from "@/lib/db/client";
import { DomainError } from "@/lib/errors";
import { createBankAccount, listBankAccounts } from "@/lib/payouts/bank-accounts";
import { createPayout } from "@/lib/payouts/create-payout";
import { listBalancePayouts, listPayouts } from "@/lib/payouts/get-payout";
import { movePayout, type PayoutMove } from "@/lib/payouts/move-payout";
import {
  createBankAccountBodySchema,
  createPayoutBodySchema,
  createTransferBodySchema,
  type BankAccountRecord,
  type PayoutRecord,
  type TransferRecord,
} from "@/lib/schemas/money-movement";
import { createTransfer } from "@/lib/transfers/create-transfer";
import { ConsoleError } from "./errors";
import { modeOf, type ModeWrite } from "./mode-write";
import { consoleTenant, requireApplication } from "./require-application";

/** How many payouts a screen lists, newest first (the API and `cli payouts list` page through all). */
export const CONSOLE_PAYOUTS = 20;

/** A wallet's (by its external user id) or, with null, the application's own bank accounts and payouts. */
export async function readMoney(db: Db, merchantId: string, applicationId: string, externalUserId: string | null) {
  const application = await requireApplication(db, merchantId, applicationId);
  const tenant = consoleTenant(application);
  const payouts =
    externalUserId === null
      ? listBalancePayouts(db, tenant, CONSOLE_PAYOUTS)
      : listPayouts(db, tenant, { limit: CONSOLE_PAYOUTS, wallet: externalUserId }).then((page) => page.data);
  const [bankAccounts, payoutRows] = await Promise.all([listBankAccounts(db, tenant, externalUserId), payouts]);
  return { livemode: tenant.livemode, bankAccounts: bankAccounts.data, payouts: payoutRows };
}

/** A refusal of the domain shown by the field it names when the form has one, else above the button. */
function shown(error: unknown, fields: readonly string[]): unknown {
  if (!(error instanceof DomainError)) return error;
  return error.param && fields.includes(error.param)
    ? ConsoleError.field(error.param, error.message)
    : ConsoleError.refused(error.message);
}

function firstIssue(issues: readonly { path: PropertyKey[]; message: string }[], fields: readonly string[]) {
  const issue = issues[0];
  const field = String(issue?.path[0] ?? "");
  return fields.includes(field)
    ? ConsoleError.field(field, issue?.message ?? "Not valid.")
    : ConsoleError.refused(issue?.message ?? "Not valid.");
}

const amountOf = (text: string) => (text.trim() === "" ? Number.NaN : Number(text));
const given = (text: string | undefined) => (text?.trim() ? text.trim() : undefined);

async function writeTenant(tx: Db, context: AuditContext, write: ModeWrite) {
  const application = await requireApplication(tx, context.merchantId, write.applicationId);
  return { applicationId: application.id, livemode: modeOf(application, write) };
}

export const BANK_ACCOUNT_FIELDS = [
  "country",
  "currency",
  "holderName",
  "routingNumber",
  "accountNumber",
  "sortCode",
  "iban",
  "bankCode",
] as const;
export type BankAccountInput = Partial<Record<(typeof BANK_ACCOUNT_FIELDS)[number], string>>;

export async function addBankAccount(
  tx: Db,
  context: AuditContext,
  write: ModeWrite,
  externalUserId: string | null,
  input: BankAccountInput,
): Promise<BankAccountRecord> {
  const tenant = await writeTenant(tx, context, write);
  const country = (input.country ?? "").trim().toUpperCase();
  // Only the fields of the country's form: the others stay hidden in the page and are not sent.
  const parsed = createBankAccountBodySchema.safeParse({
    country,
    currency: (input.currency ?? "").trim().toUpperCase(),
    holderName: input.holderName ?? "",
    ...(country === "US"
      ? { routingNumber: given(input.routingNumber), accountNumber: given(input.accountNumber) }
      : country === "GB"
        ? { sortCode: given(input.sortCode), accountNumber: given(input.accountNumber) }
        : country === "NG"
          ? { bankCode: given(input.bankCode), accountNumber: given(input.accountNumber) }
          : { iban: given(input.iban) }),
  });
  if (!parsed.success) throw firstIssue(parsed.error.issues, BANK_ACCOUNT_FIELDS);
  let record: BankAccountRecord;
  try {
    record = await createBankAccount(tx, tenant, externalUserId, parsed.data);
  } catch (error) {
    throw shown(error, BANK_ACCOUNT_FIELDS);
  }
  await recordAudit(tx, context, {
    applicationId: tenant.applicationId,
    action: "bank_account.created",
    detail: { bankAccountId: record.id, livemode: tenant.livemode, externalUserId, country: record.country },
  });
  return record;
}

export type PayoutInput = { bankAccountId: string; amount: string; currency: string; description?: string };
const PAYOUT_FIELDS = ["bankAccountId", "amount", "currency", "description"] as const;

export async function payOut(
  tx: Db,
  context: AuditContext,
  write: ModeWrite,
  externalUserId: string | null,
  input: PayoutInput,
): Promise<PayoutRecord> {
  const tenant = await writeTenant(tx, context, write);
  const parsed = createPayoutBodySchema.safeParse({
    from: externalUserId === null ? { type: "balance" } : { type: "wallet", externalUserId },
    bankAccountId: input.bankAccountId,
    amount: amountOf(input.amount),
    currency: input.currency.trim().toUpperCase(),
    description: given(input.description),
  });
  if (!parsed.success) throw firstIssue(parsed.error.issues, PAYOUT_FIELDS);
  let record: PayoutRecord;
  try {
    record = await createPayout(tx, tenant, parsed.data);
  } catch (error) {
    throw shown(error, PAYOUT_FIELDS);
  }
  await recordAudit(tx, context, {
    applicationId: tenant.applicationId,
    action: "payout.created",
    detail: { payoutId: record.id, livemode: tenant.livemode, amount: record.amount, currency: record.currency },
  });
  return record;
}

/** `to` is "balance" or a wallet's external user id; `from` the same, set by the page. */
export type TransferInput = { from: string; to: string; amount: string; currency: string; description?: string };
const TRANSFER_FIELDS = ["to", "amount", "currency", "description"] as const;

const party = (text: string) =>
  text.trim() === "balance" ? { type: "balance" as const } : { type: "wallet" as const, externalUserId: text.trim() };

export async function transferMoney(
  tx: Db,
  context: AuditContext,
  write: ModeWrite,
  input: TransferInput,
): Promise<TransferRecord> {
  const tenant = await writeTenant(tx, context, write);
  if (input.to.trim() === "") throw ConsoleError.field("to", "Enter a wallet's external user id, or balance.");
  const parsed = createTransferBodySchema.safeParse({
    from: party(input.from),
    to: party(input.to),
    amount: amountOf(input.amount),
    currency: input.currency.trim().toUpperCase(),
    description: given(input.description),
  });
  if (!parsed.success) throw firstIssue(parsed.error.issues, TRANSFER_FIELDS);
  let record: TransferRecord;
  try {
    record = await createTransfer(tx, tenant, parsed.data);
  } catch (error) {
    throw shown(error, TRANSFER_FIELDS);
  }
  await recordAudit(tx, context, {
    applicationId: tenant.applicationId,
    action: "transfer.created",
    detail: { transferId: record.id, livemode: tenant.livemode, amount: record.amount, currency: record.currency },
  });
  return record;
}

/** The simulator rail's moves a test payout may be given, as POST /test/payouts/{id}/{move}. */
export const CONSOLE_PAYOUT_MOVES = [
  "in_transit",
  "paid",
  "failed",
  "returned",
] as const satisfies readonly PayoutMove[];
export type ConsolePayoutMove = (typeof CONSOLE_PAYOUT_MOVES)[number];

export function isConsolePayoutMove(value: string): value is ConsolePayoutMove {
  return (CONSOLE_PAYOUT_MOVES as readonly string[]).includes(value);
}

export async function simulatePayoutMove(
  tx: Db,
  context: AuditContext,
  write: ModeWrite,
  payoutId: string,
  move: string,
): Promise<PayoutRecord> {
  const tenant = await writeTenant(tx, context, write);
  if (tenant.livemode) throw ConsoleError.refused("A live payout moves only by its rail's reports.");
  if (!isConsolePayoutMove(move)) throw ConsoleError.refused(`No such move: ${move}.`);
  let record: PayoutRecord;
  try {
    record = await movePayout(tx, tenant, payoutId, move);
  } catch (error) {
    throw shown(error, []);
  }
  await recordAudit(tx, context, {
    applicationId: tenant.applicationId,
    action: "payout.moved",
    detail: { payoutId, move, livemode: false },
  });
  return record;
}
