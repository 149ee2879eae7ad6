// POST /webhooks/secret/roll: the console's roll of the key's mode's signing secret (now, or taking
// over in 1 hour or 24 hours, deliveries signed with the current one meanwhile), with the console's
// audit lines. The new secret is in the answer, and otherwise only behind the console's Reveal.
import type { Db } from "@/lib/db/client";
import type { Tenant } from "@/lib/tenant";
import { auditApiChange, type ApiCaller } from "./api-writes";
import { ACTIVATION_DELAYS, activationAuditDetail, rollSigningSecret, type ActivationDelay } from "./signing-secrets";

export async function rollSecret(
  tx: Db,
  tenant: Tenant,
  caller: ApiCaller,
  activation: ActivationDelay,
  now: Date = new Date(),
) {
  const mode = tenant.livemode ? ("live" as const) : ("test" as const);
  const rolled = await rollSigningSecret(
    tx,
    { ...tenant, activeFrom: new Date(now.getTime() + ACTIVATION_DELAYS[activation]) },
    now,
  );
  await auditApiChange(tx, tenant, caller, "webhook_secret.rolled", {
    mode,
    secretId: rolled.id,
    activeFrom: rolled.activeFrom.toISOString(),
  });
  if (!rolled.pending)
    await auditApiChange(tx, tenant, caller, "webhook_secret.activated", activationAuditDetail(tenant.livemode, rolled, false));
  return {
    object: "webhook_signing_secret" as const,
    mode,
    secret: rolled.secret,
    activeFrom: rolled.activeFrom.toISOString(),
    pending: rolled.pending,
  };
}
