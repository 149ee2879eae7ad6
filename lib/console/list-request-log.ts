// The request log of an application's current mode, newest first, a page at a time, narrowed by
// the filters the list page carries in its query string. Unknown filter values narrow nothing.
import type { Db } from "@/lib/db/client";
import type { Prisma } from "@/lib/generated/prisma/client";
import { NEWEST_FIRST } from "@/lib/schemas/pagination";
import { readConsolePage } from "./keyset-page";
import { consoleTenant, requireApplication } from "./require-application";
import { literalPattern } from "./search-wallets";

export const STATUS_CLASSES = ["2xx", "4xx", "5xx"] as const;
export const LOGGED_METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;

const HOUR_MS = 60 * 60 * 1000;
export const TIME_RANGES = {
  "1h": { label: "Last hour", ms: HOUR_MS },
  "24h": { label: "Last 24 hours", ms: 24 * HOUR_MS },
  "7d": { label: "Last 7 days", ms: 7 * 24 * HOUR_MS },
  "30d": { label: "Last 30 days", ms: 30 * 24 * HOUR_MS },
} as const;

export type RequestLogFilters = {
  status?: string;
  method?: string;
  path?: string;
  /** An API key's id. */
  key?: string;
  /** One of TIME_RANGES; ignored when from or to is given. */
  range?: string;
  /** UTC date-times (an <input type="datetime-local"> value, or ISO 8601). */
  from?: string;
  to?: string;
  after?: string;
};

export async function listRequestLog(
  db: Db,
  merchantId: string,
  applicationId: string,
  filters: RequestLogFilters,
  now = new Date(),
) {
  const tenant = consoleTenant(await requireApplication(db, merchantId, applicationId));
  const where = { ...tenant, ...filterWhere(filters, now) };
  const [page, keys] = await Promise.all([
    readConsolePage(
      filters.after,
      (id) => db.requestLog.findFirst({ where: { id, ...tenant }, select: { id: true, createdAt: true } }),
      (keyset) =>
        db.requestLog.findMany({
          where: { ...where, ...keyset.where },
          orderBy: NEWEST_FIRST,
          take: keyset.take,
          select: {
            id: true,
            method: true,
            path: true,
            status: true,
            errorCode: true,
            latencyMs: true,
            idempotentReplay: true,
            createdAt: true,
            apiKeyId: true,
          },
        }),
    ),
    // The key filter's choices: every key of this mode, revoked ones too (their requests stay logged).
    db.apiKey.findMany({
      where: tenant,
      orderBy: NEWEST_FIRST,
      select: { id: true, name: true, last4: true, revokedAt: true },
    }),
  ]);
  // The log has no foreign key to its keys (schema.prisma says why): each row's key comes from the
  // filter's list, which holds every key of this mode.
  const keyById = new Map(keys.map((key) => [key.id, key]));
  const rows = page.rows.map(({ apiKeyId, ...row }) => ({
    ...row,
    apiKey: (apiKeyId && keyById.get(apiKeyId)) || null,
  }));
  return { page: { ...page, rows }, keys };
}

function filterWhere(filters: RequestLogFilters, now: Date): Prisma.RequestLogWhereInput {
  const where: Prisma.RequestLogWhereInput = {};
  const statusClass = STATUS_CLASSES.find((c) => c === filters.status);
  if (statusClass) {
    const floor = Number(statusClass[0]) * 100;
    where.status = { gte: floor, lt: floor + 100 };
  }
  const method = LOGGED_METHODS.find((m) => m === filters.method);
  if (method) where.method = method;
  const path = filters.path?.trim();
  if (path) where.path = { contains: literalPattern(path) };
  if (filters.key) where.apiKeyId = filters.key;

  const from = utcDate(filters.from);
  const to = utcDate(filters.to);
  if (from || to) {
    where.createdAt = { ...(from ? { gte: from } : {}), ...(to ? { lte: to } : {}) };
  } else if (filters.range && filters.range in TIME_RANGES) {
    const range = TIME_RANGES[filters.range as keyof typeof TIME_RANGES];
    where.createdAt = { gte: new Date(now.getTime() - range.ms) };
  }
  return where;
}

/** A date-time without a zone is read as UTC (the filter form says so). */
function utcDate(value: string | undefined): Date | undefined {
  const text = value?.trim();
  if (!text) return undefined;
  const date = new Date(/(Z|[+-]\d\d:?\d\d)$/i.test(text) ? text : `${text}Z`);
  return Number.isNaN(date.getTime()) ? undefined : date;
}

/** Whether the application's current mode logged this request: the request-id search jumps only then. */
export async function findLoggedRequest(db: Db, merchantId: string, applicationId: string, requestId: string) {
  const tenant = consoleTenant(await requireApplication(db, merchantId, applicationId));
  const row = await db.requestLog.findFirst({ where: { id: requestId.trim(), ...tenant }, select: { id: true } });
  return row?.id ?? null;
}
