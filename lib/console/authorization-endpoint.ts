// The console's decision endpoint (Webhooks > Authorization decisions): read with its health, set,
// remove and send a test request, for the application's current mode, through the same domain
// functions as the API (lib/authorization-decisions). Writes need the mode's write permission and
// write their audit line in the transaction of the change.
import type { Db } from "@/lib/db/client";
import { prisma, transaction } from "@/lib/db/client";
import { recordAudit, type AuditContext } from "@/lib/audit/record-audit";
import {
  deleteDecisionEndpoint,
  getDecisionEndpoint,
  setDecisionEndpoint,
  vetDecisionUrl,
} from "@/lib/authorization-decisions/decision-endpoint";
import { testDecisionEndpoint } from "@/lib/authorization-decisions/ask-decision";
import { DomainError } from "@/lib/errors";
import { DECISION_TIMEOUT, type AuthorizationEndpointRecord } from "@/lib/schemas/authorization-endpoint";
import type { AuthorizationDecision } from "@/lib/schemas/authorization";
import { ConsoleError } from "./errors";
import { requireApplication, requirePermission } from "./require-application";
import { modeOf, type ModeWrite } from "./mode-write";
import { writeIn } from "./roles";

/** A write's tenant is in the mode its request named (mode-write.ts) when it names one; a read's is the member's view. */
async function tenantFor(db: Db, memberId: string, applicationId: string, write: boolean, mode?: ModeWrite) {
  const application = await requireApplication(db, memberId, applicationId);
  const livemode = modeOf(application, mode);
  if (write) requirePermission(application, writeIn(livemode));
  return { applicationId, livemode };
}

export async function readConsoleDecisionEndpoint(
  memberId: string,
  applicationId: string,
): Promise<AuthorizationEndpointRecord | null> {
  const db = prisma();
  const tenant = await tenantFor(db, memberId, applicationId, false);
  try {
    return await getDecisionEndpoint(db, tenant);
  } catch (error) {
    if (error instanceof DomainError && error.code === "authorization_endpoint_not_found") return null;
    throw error;
  }
}

export async function setConsoleDecisionEndpoint(
  context: AuditContext,
  applicationId: string,
  input: { url: string; timeoutMs: string; defaultAction: string },
  mode?: ModeWrite,
): Promise<AuthorizationEndpointRecord> {
  const tenant = await tenantFor(prisma(), context.merchantId, applicationId, true, mode);
  const timeoutMs = Number(input.timeoutMs || DECISION_TIMEOUT.default);
  if (!Number.isInteger(timeoutMs) || timeoutMs < DECISION_TIMEOUT.min || timeoutMs > DECISION_TIMEOUT.max)
    throw ConsoleError.field(
      "timeoutMs",
      `A whole number of milliseconds from ${DECISION_TIMEOUT.min} to ${DECISION_TIMEOUT.max}.`,
    );
  const defaultAction = input.defaultAction;
  if (defaultAction !== "approve" && defaultAction !== "decline")
    throw ConsoleError.field("defaultAction", "Choose approve or decline.");
  if (!input.url.trim()) throw ConsoleError.field("url", "Enter the URL that decides your spends.");
  let url: string;
  try {
    // Resolves DNS: before the transaction.
    url = await vetDecisionUrl(input.url.trim(), tenant.livemode);
  } catch (error) {
    throw ConsoleError.field("url", error instanceof Error ? error.message : String(error));
  }
  return transaction(async (tx) => {
    const endpoint = await setDecisionEndpoint(tx, tenant, { url, timeoutMs, defaultAction }, url);
    await recordAudit(tx, context, {
      applicationId,
      action: "authorization_endpoint.set",
      detail: { endpointId: endpoint.id, url, timeoutMs, defaultAction, livemode: tenant.livemode },
    });
    return endpoint;
  });
}

/** Removing an endpoint that is already gone changes nothing and writes no line. */
export async function deleteConsoleDecisionEndpoint(
  context: AuditContext,
  applicationId: string,
  mode?: ModeWrite,
): Promise<void> {
  const tenant = await tenantFor(prisma(), context.merchantId, applicationId, true, mode);
  try {
    await transaction(async (tx) => {
      const endpoint = await deleteDecisionEndpoint(tx, tenant);
      await recordAudit(tx, context, {
        applicationId,
        action: "authorization_endpoint.deleted",
        detail: { endpointId: endpoint.id, url: endpoint.url, livemode: tenant.livemode },
      });
    });
  } catch (error) {
    if (error instanceof DomainError && error.code === "authorization_endpoint_not_found") return;
    throw error;
  }
}

/** Sends a sample request now and says what its answer would decide. */
export async function testConsoleDecisionEndpoint(
  memberId: string,
  applicationId: string,
): Promise<{ approved: boolean; decision: AuthorizationDecision; metadata: Record<string, string> }> {
  const db = prisma();
  const tenant = await tenantFor(db, memberId, applicationId, true);
  const endpoint = await readConsoleDecisionEndpoint(memberId, applicationId);
  if (!endpoint) throw ConsoleError.notFound("Decision endpoint");
  const answer = await testDecisionEndpoint(tenant, endpoint);
  return { approved: answer.approved, decision: answer.decision, metadata: answer.metadata };
}
