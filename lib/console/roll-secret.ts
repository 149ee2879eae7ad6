// Rolls one mode's webhook signing secret: a new secret, shown at once (and by Reveal until it takes over), that takes over now or at the
// time the merchant picked; until then deliveries stay signed with the current one.
import type { Db } from "@/lib/db/client";
import {
  ACTIVATION_DELAYS,
  activationAuditDetail,
  isActivationDelay,
  rollSigningSecret,
} from "@/lib/webhooks/signing-secrets";
import type { KeyMode } from "@/lib/keys/api-key-secret";
import { ConsoleError } from "./errors";
import { recordAudit, type AuditContext } from "@/lib/audit/record-audit";
import { requireApplication } from "./require-application";
import { writeIn } from "./roles";

function activationDelayMs(activation: string): number {
  if (!isActivationDelay(activation))
    throw ConsoleError.field("activation", "Choose when the new secret takes over: now, in 1 hour or in 24 hours.");
  return ACTIVATION_DELAYS[activation];
}

export async function rollSecret(
  db: Db,
  context: AuditContext,
  applicationId: string,
  input: { mode: KeyMode; activation: string },
) {
  const delayMs = activationDelayMs(input.activation);
  await requireApplication(db, context.merchantId, applicationId, writeIn(input.mode === "live"));
  const now = new Date();
  const livemode = input.mode === "live";
  const rolled = await rollSigningSecret(
    db,
    { applicationId, livemode, activeFrom: new Date(now.getTime() + delayMs) },
    now,
  );
  await recordAudit(db, context, {
    applicationId,
    action: "webhook_secret.rolled",
    detail: { mode: input.mode, secretId: rolled.id, activeFrom: rolled.activeFrom.toISOString() },
  });
  if (!rolled.pending)
    await recordAudit(db, context, {
      applicationId,
      action: "webhook_secret.activated",
      detail: activationAuditDetail(livemode, rolled, false),
    });
  return { mode: input.mode, secret: rolled.secret, activeFrom: rolled.activeFrom, pending: rolled.pending };
}
