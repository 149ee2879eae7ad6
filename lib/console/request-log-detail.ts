// One logged SDK request of the application's current mode for its console page: ownership checked
// here, the request, its key and the events it caused read by the request-log domain.
import type { Db } from "@/lib/db/client";
import { findLoggedRequest } from "@/lib/request-log/find-logged-request";
import { ConsoleError } from "./errors";
import { consoleTenant, requireApplication } from "./require-application";
import { keyForRole } from "./roles";

export async function requestLogDetail(db: Db, merchantId: string, applicationId: string, requestId: string) {
  const application = await requireApplication(db, merchantId, applicationId);
  const found = await findLoggedRequest(db, consoleTenant(application), requestId);
  if (!found) throw ConsoleError.notFound("Request");
  const { apiKey } = found.request;
  return { ...found, request: { ...found.request, apiKey: apiKey && keyForRole(apiKey, application.role) } };
}
