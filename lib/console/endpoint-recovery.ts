// Starts and cancels an endpoint's recovery from the console: the member's permission for the
// endpoint's mode checked, then the webhooks domain's own functions (lib/webhooks/recovery.ts, the
// ones the API calls), which write the audit line naming the member.
import type { Db } from "@/lib/db/client";
import { DomainError } from "@/lib/errors";
import { recoverEndpointBodySchema, type WebhookRecoveryRecord } from "@/lib/schemas/webhook-recovery";
import { cancelRecovery, startRecovery, type RecoveryCaller } from "@/lib/webhooks/recovery";
import type { AuditContext } from "@/lib/audit/record-audit";
import { ConsoleError } from "./errors";
import { requireApplication, requirePermission } from "./require-application";
import { requireEndpoint } from "./require-endpoint";
import { writeIn } from "./roles";

export type RecoveryInput = {
  /**
   * An ISO 8601 time with its offset (the browser converts the member's local time); absent: the
   * whole retention window; empty: "since" was chosen with no time, refused next to the field.
   */
  since?: string;
  /** Re-send the deliveries that had succeeded too. */
  all: boolean;
};

async function endpointForMember(tx: Db, context: AuditContext, applicationId: string, endpointId: string) {
  const application = await requireApplication(tx, context.merchantId, applicationId);
  const endpoint = await requireEndpoint(tx, applicationId, endpointId);
  requirePermission(application, writeIn(endpoint.livemode));
  const member = await tx.merchantUser.findUnique({ where: { id: context.merchantId }, select: { email: true } });
  const caller: RecoveryCaller = {
    merchantId: context.merchantId,
    email: member?.email ?? "the merchant",
    address: context.ipAddress ?? null,
  };
  return { tenant: { applicationId, livemode: endpoint.livemode }, caller };
}

/** The domain's refusals as the console shows them: `since` next to its field, the rest above the form. */
async function asRecoveryErrors<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    if (error.code === "recovery_not_found") throw ConsoleError.notFound("Recovery");
    if (error.code === "endpoint_not_found") throw ConsoleError.notFound("Webhook endpoint");
    if (error.param === "since") throw ConsoleError.field("since", error.message);
    throw ConsoleError.refused(error.message);
  }
}

export async function startEndpointRecovery(
  tx: Db,
  context: AuditContext,
  applicationId: string,
  endpointId: string,
  input: RecoveryInput,
): Promise<WebhookRecoveryRecord> {
  const { tenant, caller } = await endpointForMember(tx, context, applicationId, endpointId);
  if (input.since?.trim() === "") throw ConsoleError.field("since", "Enter the date and time to recover from.");
  // The API's own body schema, so the console takes exactly what the API takes.
  const body = recoverEndpointBodySchema.safeParse({ since: input.since, all: input.all });
  if (!body.success) throw ConsoleError.field("since", "Enter the date and time to recover from.");
  return asRecoveryErrors(() => startRecovery(tx, tenant, caller, endpointId, body.data));
}

export async function cancelEndpointRecovery(
  tx: Db,
  context: AuditContext,
  applicationId: string,
  endpointId: string,
  recoveryId: string,
): Promise<WebhookRecoveryRecord> {
  const { tenant, caller } = await endpointForMember(tx, context, applicationId, endpointId);
  return asRecoveryErrors(() => cancelRecovery(tx, tenant, caller, endpointId, recoveryId));
}
