// The settlement report of the application's balance over a period: per currency the opening
// balance, every movement of the balance account, and the closing balance, read from the ledger
// (docs/decisions/money-movement.md), as a record or as CSV.
import { readSnapshot, type Db } from "@/lib/db/client";
import { Prisma, type PrismaClient } from "@/lib/generated/prisma/client";
import { storedBalance } from "@/lib/ledger/balances";
import { toMajor, toMajorText } from "@/lib/money/amount";
import {
  BALANCE_REPORT_CSV_COLUMNS,
  type BalanceReportQuery,
  type BalanceReportRecord,
} from "@/lib/schemas/balance-report";
import type { Tenant } from "@/lib/tenant";
import { lastEntryBeforeQuery } from "@/lib/statements/statement-period";

/** One movement in minor units, as read. */
export type BalanceMovement = {
  createdAt: Date;
  kind: string;
  id: string;
  wallet: string | null;
  description: string | null;
  amountMinor: bigint;
  balanceAfterMinor: bigint;
};

export type CurrencyReport = {
  currency: string;
  openingMinor: bigint;
  closingMinor: bigint;
  movements: BalanceMovement[];
};

export type BalanceReport = { livemode: boolean; from: Date; to: Date; currencies: CurrencyReport[] };

type MovementRow = {
  id: bigint;
  createdAt: Date;
  amount: bigint;
  currency: string;
  balanceAfter: bigint | null;
  kind: string;
  ledgerTransferId: string;
  description: string | null;
  objectId: string | null;
  wallet: string | null;
};

/**
 * The balance account's entries with `from <= createdAt < to`, oldest first, each with the top-up's
 * or transfer's id and the wallet on the other side. Read generically from the ledger, so any kind
 * that posts to the balance (payouts and their returns too) appears without the report knowing it.
 */
function movementsQuery(accountId: string, from: Date, to: Date): Prisma.Sql {
  return Prisma.sql`
    ${MOVEMENT_COLUMNS}
    WHERE e."accountId" = ${accountId} AND e."createdAt" >= ${from} AND e."createdAt" < ${to}
    ORDER BY e."createdAt", e."id"`;
}

const MOVEMENT_COLUMNS = Prisma.sql`
    SELECT e."id", e."createdAt", e."amount", e."currency", e."balanceAfter", t."kind"::text AS "kind",
      t."id" AS "ledgerTransferId", t."description",
      COALESCE(
        (SELECT tu."id" FROM "TopUp" tu WHERE tu."ledgerTransferId" = t."id"),
        (SELECT tr."id" FROM "Transfer" tr WHERE tr."ledgerTransferId" = t."id"),
        (SELECT p."id" FROM "Payout" p WHERE p."paidTransferId" = t."id" OR p."returnTransferId" = t."id")
      ) AS "objectId",
      (SELECT w."externalUserId" FROM "LedgerEntry" o
         JOIN "LedgerAccount" a ON a."id" = o."accountId"
         JOIN "Wallet" w ON w."id" = a."walletId"
       WHERE o."transferId" = e."transferId" AND o."accountId" <> e."accountId"
       ORDER BY o."id" LIMIT 1) AS "wallet"
    FROM "LedgerEntry" e
    JOIN "LedgerTransfer" t ON t."id" = e."transferId"`;

function movementOf(row: MovementRow): BalanceMovement {
  return {
    createdAt: row.createdAt,
    kind: row.kind,
    id: row.objectId ?? row.ledgerTransferId,
    wallet: row.wallet,
    description: row.description,
    amountMinor: row.amount,
    balanceAfterMinor: storedBalance(row),
  };
}

/**
 * The balance's movements in every currency, newest first, a page at a time after the entry
 * `after` names (the console's list): keyed by entry id, which is the order each account's
 * running balance follows.
 */
export async function listBalanceMovements(
  db: Db,
  tenant: Tenant,
  query: { after?: string; limit: number },
): Promise<{ rows: (BalanceMovement & { entryId: string; currency: string })[]; nextCursor: string | null }> {
  const after = query.after && /^\d{1,19}$/.test(query.after) ? BigInt(query.after) : null;
  const rows = await db.$queryRaw<MovementRow[]>`
    ${MOVEMENT_COLUMNS}
    JOIN "LedgerAccount" a ON a."id" = e."accountId"
    WHERE a."applicationId" = ${tenant.applicationId} AND a."livemode" = ${tenant.livemode}
      AND a."kind"::text = 'balance' AND a."walletId" IS NULL
      ${after === null ? Prisma.empty : Prisma.sql`AND e."id" < ${after}`}
    ORDER BY e."id" DESC LIMIT ${query.limit + 1}`;
  const page = rows.slice(0, query.limit).map((row) => ({
    ...movementOf(row),
    entryId: row.id.toString(),
    currency: row.currency,
  }));
  return { rows: page, nextCursor: rows.length > query.limit ? (page.at(-1)?.entryId ?? null) : null };
}

/**
 * Reads the report in one repeatable-read snapshot, so a movement posting meanwhile is either in
 * both a currency's movements and its closing balance or in neither.
 */
export function balanceReport(db: PrismaClient, tenant: Tenant, query: BalanceReportQuery): Promise<BalanceReport> {
  return readSnapshot(db, (tx) => readBalanceReport(tx, tenant, query));
}

/**
 * The balance account's entries are written under its row lock with the instant taken after the
 * lock, so createdAt order and the running balance's order agree (as for a wallet's statement,
 * lib/statements/statement-period.ts): "before `from`" is one place.
 */
async function readBalanceReport(db: Db, tenant: Tenant, query: BalanceReportQuery): Promise<BalanceReport> {
  const { from, to } = query;
  const accounts = await db.ledgerAccount.findMany({
    where: { applicationId: tenant.applicationId, livemode: tenant.livemode, kind: "balance" },
    orderBy: { currency: "asc" },
    select: { id: true, currency: true },
  });
  const currencies: CurrencyReport[] = [];
  for (const account of accounts) {
    const [before] = await db.$queryRaw<{ id: bigint; balanceAfter: bigint | null }[]>(
      lastEntryBeforeQuery(account.id, from),
    );
    const openingMinor = before ? storedBalance(before) : 0n;
    const rows = await db.$queryRaw<MovementRow[]>(movementsQuery(account.id, from, to));
    const movements = rows.map(movementOf);
    const closingMinor = movements.at(-1)?.balanceAfterMinor ?? openingMinor;
    currencies.push({ currency: account.currency, openingMinor, closingMinor, movements });
  }
  return { livemode: tenant.livemode, from, to, currencies };
}

export function balanceReportRecord(report: BalanceReport): BalanceReportRecord {
  return {
    object: "balance_report",
    livemode: report.livemode,
    from: report.from.toISOString(),
    to: report.to.toISOString(),
    currencies: report.currencies.map(({ currency, openingMinor, closingMinor, movements }) => ({
      currency,
      openingBalance: toMajor(openingMinor, currency),
      closingBalance: toMajor(closingMinor, currency),
      movements: movements.map((m) => ({
        createdAt: m.createdAt.toISOString(),
        kind: m.kind,
        id: m.id,
        wallet: m.wallet,
        description: m.description,
        amount: toMajor(m.amountMinor, currency),
        currency,
        balanceAfter: toMajor(m.balanceAfterMinor, currency),
      })),
    })),
  };
}

/**
 * RFC 4180 field: quoted when it holds a comma, quote or line break. A field a spreadsheet would
 * run as a formula (starting = + - @, tab or CR) gets a leading apostrophe, except a number.
 */
function csvField(value: string): string {
  const guarded = /^[=+\-@\t\r]/.test(value) && !/^-?\d+(\.\d+)?$/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(guarded) ? `"${guarded.replaceAll('"', '""')}"` : guarded;
}

function csvLine(fields: readonly string[]): string {
  return `${fields.map(csvField).join(",")}\r\n`;
}

/**
 * The CSV form: the header, then per currency an `opening_balance` line at `from`, its movements
 * oldest first, and a `closing_balance` line at `to` (their amount empty, balance_after the
 * balance). Amounts are exact decimal text with every decimal of the currency.
 */
export function balanceReportCsv(report: BalanceReport): string {
  let text = csvLine(BALANCE_REPORT_CSV_COLUMNS);
  for (const { currency, openingMinor, closingMinor, movements } of report.currencies) {
    const bound = (kind: string, at: Date, minor: bigint) =>
      csvLine([at.toISOString(), kind, "", "", "", "", currency, toMajorText(minor, currency)]);
    text += bound("opening_balance", report.from, openingMinor);
    for (const m of movements) {
      text += csvLine([
        m.createdAt.toISOString(),
        m.kind,
        m.id,
        m.wallet ?? "",
        m.description ?? "",
        toMajorText(m.amountMinor, currency),
        currency,
        toMajorText(m.balanceAfterMinor, currency),
      ]);
    }
    text += bound("closing_balance", report.to, closingMinor);
  }
  return text;
}
