// THE ownership check: every console page and operation loads an application through here, scoped
// to the signed-in merchant, so another merchant's id behaves exactly like an id that does not exist.
import type { Db } from "@/lib/db/client";
import { ConsoleError } from "./errors";

export async function requireApplication(db: Db, merchantId: string, applicationId: string) {
  if (!merchantId || !applicationId) throw ConsoleError.notFound("Application");
  const application = await db.application.findFirst({ where: { id: applicationId, merchantId } });
  if (!application) throw ConsoleError.notFound("Application");
  return application;
}

export type OwnedApplication = Awaited<ReturnType<typeof requireApplication>>;

/** The mode the console currently shows for an application; keys, endpoints and data views use it. */
export function consoleTenant(application: OwnedApplication) {
  return { applicationId: application.id, livemode: application.consoleLivemode };
}
