// What the console shows of one mode's signing secrets without opening them: since when the current
// one signs, and when the pending one (if any) takes over.
import type { Db } from "@/lib/db/client";
import { modeSigningSecrets } from "@/lib/webhooks/signing-secrets";
import type { KeyMode } from "@/lib/keys/api-key-secret";
import { requireApplication } from "./require-application";

export async function signingSecretTimes(db: Db, merchantId: string, applicationId: string, mode: KeyMode) {
  await requireApplication(db, merchantId, applicationId);
  const { current, pending } = await modeSigningSecrets(db, applicationId, mode === "live");
  return {
    mode,
    current: { id: current.id, activeFrom: current.activeFrom },
    pending: pending ? { id: pending.id, activeFrom: pending.activeFrom } : null,
  };
}
