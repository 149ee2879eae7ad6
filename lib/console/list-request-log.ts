// The request log of an application's current mode for the console, a page at a time: ownership
// checked here, the rows and the key filter's choices read by the request-log domain.
import type { Db } from "@/lib/db/client";
import {
  findRequestLogCursor,
  readRequestLog,
  readRequestLogKeys,
  type RequestLogFilters,
} from "@/lib/request-log/list-request-log";
import { readConsolePage } from "./keyset-page";
import { consoleTenant, requireApplication } from "./require-application";
import { keyForRole } from "./roles";

export async function listRequestLog(
  db: Db,
  merchantId: string,
  applicationId: string,
  filters: RequestLogFilters & { after?: string },
  now = new Date(),
) {
  const application = await requireApplication(db, merchantId, applicationId);
  const tenant = consoleTenant(application);
  const [page, allKeys] = await Promise.all([
    readConsolePage(
      filters.after,
      (id) => findRequestLogCursor(db, tenant, id),
      (keyset) => readRequestLog(db, tenant, filters, keyset, now),
    ),
    readRequestLogKeys(db, tenant),
  ]);
  const keys = allKeys.map((key) => keyForRole(key, application.role));
  // The log has no foreign key to its keys (schema.prisma says why): each row's key comes from the
  // filter's list, which holds every key of this mode.
  const keyById = new Map(keys.map((key) => [key.id, key]));
  const rows = page.rows.map(({ apiKeyId, ...row }) => ({
    ...row,
    apiKey: (apiKeyId && keyById.get(apiKeyId)) || null,
  }));
  return { page: { ...page, rows }, keys };
}
