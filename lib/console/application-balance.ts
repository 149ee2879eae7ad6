// The console's view of an application's balance (per currency, and its movements a page at a time)
// and its two ways in: a test top-up, and in live mode a bank deposit an account owner records after
// re-authenticating; the same domain functions as the API and the CLI, audited as the member.
import { recordAudit, type AuditContext } from "@/lib/audit/record-audit";
import { listBalanceMovements } from "@/lib/balance/balance-report";
import { getBalance } from "@/lib/balance/get-balance";
import { topUpBalance } from "@/lib/balance/top-up";
import type { Db } from "@/lib/db/client";
import { DomainError } from "@/lib/errors";
import type { TopUpRecord } from "@/lib/schemas/money-movement";
import { testTopUpBodySchema } from "@/lib/schemas/money-movement";
import { ConsoleError } from "./errors";
import { CONSOLE_PAGE_SIZE } from "./keyset-page";
import { modeOf, type ModeWrite } from "./mode-write";
import { consoleTenant, requireApplication } from "./require-application";

export async function readApplicationBalance(db: Db, merchantId: string, applicationId: string, after?: string) {
  const application = await requireApplication(db, merchantId, applicationId);
  const tenant = consoleTenant(application);
  const [balance, movements] = await Promise.all([
    getBalance(db, tenant),
    listBalanceMovements(db, tenant, { after, limit: CONSOLE_PAGE_SIZE }),
  ]);
  return { application, balance, movements };
}

export type AddToBalanceInput = { amount: string; currency: string; reference?: string; description?: string };

/**
 * Adds money to the balance in the mode `write` names: a test top-up, or a live bank deposit under
 * the bank's reference, which only an account owner records (live money comes in only this way and
 * by the operator's CLI; the caller has checked the re-authentication, mode-write.ts).
 */
export async function addToBalance(
  tx: Db,
  context: AuditContext,
  write: ModeWrite,
  input: AddToBalanceInput,
): Promise<TopUpRecord> {
  const application = await requireApplication(tx, context.merchantId ?? "", write.applicationId);
  const livemode = modeOf(application, write);
  if (livemode && application.role !== "owner") {
    throw ConsoleError.forbidden(
      `Your role (${application.role}) cannot record a bank deposit. Ask an owner of the account.`,
    );
  }
  const reference = input.reference?.trim() || undefined;
  if (livemode && !reference) throw ConsoleError.field("reference", "Enter the bank's reference of the deposit.");
  const parsed = testTopUpBodySchema.safeParse({
    amount: input.amount.trim() === "" ? Number.NaN : Number(input.amount),
    currency: input.currency,
    description: input.description?.trim() || undefined,
  });
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const field = String(issue?.path[0] ?? "amount");
    throw ConsoleError.field(field, field === "amount" ? "Enter an amount above 0." : (issue?.message ?? "Not valid."));
  }
  let record: TopUpRecord;
  try {
    record = await topUpBalance(
      tx,
      { applicationId: application.id, livemode },
      { ...parsed.data, ...(reference ? { reference } : {}) },
    );
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    throw ConsoleError.field(
      error.param === "reference" ? "reference" : error.param === "currency" ? "currency" : "amount",
      error.message,
    );
  }
  await recordAudit(tx, context, {
    applicationId: application.id,
    action: "top_up.recorded",
    detail: {
      topUpId: record.id,
      livemode,
      amount: record.amount,
      currency: record.currency,
      reference: record.reference,
    },
  });
  return record;
}
