// The request log of one application and mode, newest first, narrowed by the filters a log page
// carries in its query string (unknown filter values narrow nothing). The caller pages it (a Keyset).
import { TZDate } from "@date-fns/tz";
import type { Db } from "@/lib/db/client";
import { literalPattern } from "@/lib/db/literal-pattern";
import type { Prisma } from "@/lib/generated/prisma/client";
import { NEWEST_FIRST, type Keyset } from "@/lib/schemas/pagination";
import type { Tenant } from "@/lib/tenant";

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
  /**
   * Date-times: an <input type="datetime-local"> value read as a wall-clock time in `tz`, or ISO 8601
   * with an offset.
   */
  from?: string;
  to?: string;
  /** The browser's IANA time zone (the form sends it); UTC when absent or unknown. */
  tz?: string;
};

/** The logged request an `after` cursor names, within this application and mode, or null. */
export function findRequestLogCursor(db: Db, tenant: Tenant, id: string) {
  return db.requestLog.findFirst({
    where: { id, applicationId: tenant.applicationId, livemode: tenant.livemode },
    select: { id: true, createdAt: true },
  });
}

export function readRequestLog(db: Db, tenant: Tenant, filters: RequestLogFilters, keyset: Keyset, now = new Date()) {
  return db.requestLog.findMany({
    where: {
      applicationId: tenant.applicationId,
      livemode: tenant.livemode,
      ...filterWhere(filters, now),
      ...keyset.where,
    },
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
  });
}

/** Every key of this mode, revoked ones too (their requests stay logged): the key filter's choices. */
export function readRequestLogKeys(db: Db, tenant: Tenant) {
  return db.apiKey.findMany({
    where: { applicationId: tenant.applicationId, livemode: tenant.livemode },
    orderBy: NEWEST_FIRST,
    select: { id: true, name: true, prefix: true, last4: true, revokedAt: true },
  });
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

  const zone = knownTimeZone(filters.tz);
  const from = zonedDate(filters.from, zone);
  const to = zonedDate(filters.to, zone);
  if (from || to) {
    where.createdAt = { ...(from ? { gte: from } : {}), ...(to ? { lte: to } : {}) };
  } else if (filters.range && filters.range in TIME_RANGES) {
    const range = TIME_RANGES[filters.range as keyof typeof TIME_RANGES];
    where.createdAt = { gte: new Date(now.getTime() - range.ms) };
  }
  return where;
}

function knownTimeZone(zone: string | undefined): string {
  if (!zone) return "UTC";
  try {
    return new Intl.DateTimeFormat("en", { timeZone: zone }).resolvedOptions().timeZone;
  } catch {
    return "UTC";
  }
}

const WALL_CLOCK = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/;

/**
 * The instant a date-time names: ISO 8601 with an offset as written; one without (what a
 * datetime-local field sends) as the wall-clock time in `zone`. Anything else, or a time before 1970
 * or after 9999, filters nothing.
 */
function zonedDate(value: string | undefined, zone: string): Date | undefined {
  const text = value?.trim();
  if (!text) return undefined;
  const parts = WALL_CLOCK.exec(text);
  let date: Date;
  if (parts) {
    const [year, month, day, hour, minute, second] = parts.slice(1).map((part) => Number(part ?? 0));
    // eslint-disable-next-line @typescript-eslint/no-non-null-assertion -- WALL_CLOCK has six groups, so slice(1) maps to six numbers
    date = new TZDate(year!, month! - 1, day!, hour!, minute!, second!, zone);
  } else if (/T.*(Z|[+-]\d\d:?\d\d)$/i.test(text)) date = new Date(text);
  else return undefined;
  // Beyond what PostgreSQL's timestamp holds the query would fail; such a bound filters nothing here.
  const ms = date.getTime();
  return Number.isNaN(ms) || ms < EARLIEST_MS || ms > LATEST_MS ? undefined : new Date(ms);
}

const EARLIEST_MS = Date.UTC(1970, 0, 1);
const LATEST_MS = Date.UTC(9999, 11, 31);
