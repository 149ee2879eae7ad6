// Which console changes are sensitive only in live mode, and so ask for a recent re-authentication
// (lib/console/recent-authentication.ts): minting a live key, pointing a live endpoint at another URL;
// registering a live endpoint and setting or removing the live decision endpoint are checked by
// mode-write.ts with the mode their form names. Each decides who gets live access or data, or who
// approves live spends.
import type { Db } from "@/lib/db/client";
import { requireApplication } from "./require-application";
import { requireEndpoint } from "./require-endpoint";

export function keyMintIsSensitive(mode: string): boolean {
  return mode === "live";
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
