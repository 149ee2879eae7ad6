// Which console changes are sensitive only in live mode, and so ask for a recent re-authentication
// (lib/console/recent-authentication.ts): minting a live key, registering an endpoint while the console
// shows live mode, pointing a live endpoint at another URL. Each decides who gets live access or data.
import type { Db } from "@/lib/db/client";
import { requireApplication } from "./require-application";
import { requireEndpoint } from "./require-endpoint";

export function keyMintIsSensitive(mode: string): boolean {
  return mode === "live";
}

export async function endpointRegistrationIsSensitive(db: Db, merchantId: string, applicationId: string) {
  return (await requireApplication(db, merchantId, applicationId)).consoleLivemode;
}

export async function endpointUpdateIsSensitive(
  db: Db,
  merchantId: string,
  applicationId: string,
  endpointId: string,
  url: string,
): Promise<boolean> {
  await requireApplication(db, merchantId, applicationId);
  const endpoint = await requireEndpoint(db, applicationId, endpointId);
  return endpoint.livemode && endpoint.url !== url.trim();
}
