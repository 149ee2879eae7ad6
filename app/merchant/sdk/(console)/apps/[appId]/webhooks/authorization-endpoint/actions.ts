"use server";
// Server actions of the decision endpoint page: set, remove, send a test request. Each checks the
// session; a set or a removal writes in the mode its request names, checked once by
// lib/console/mode-write.ts with that mode's write permission and, in live mode, a recent
// re-authentication (the live endpoint approves real spends); lib/console/authorization-endpoint.ts
// writes the audit line in the same mode.
import { revalidatePath } from "next/cache";
import {
  deleteConsoleDecisionEndpoint,
  setConsoleDecisionEndpoint,
  testConsoleDecisionEndpoint,
} from "@/lib/console/authorization-endpoint";
import { prisma } from "@/lib/db/client";
import { requireRecentAuthentication } from "@/lib/console/recent-authentication";
import { checkModeWrite } from "@/lib/console/mode-write";
import { requireAuditContext } from "@/lib/console/session";
import { runAction, text, type ActionState } from "@/app/merchant/sdk/_lib/action-state";

const pagePath = (applicationId: string) => `/merchant/sdk/apps/${applicationId}/webhooks/authorization-endpoint`;

export async function setDecisionEndpointAction(
  applicationId: string,
  _previous: ActionState,
  form: FormData,
): Promise<ActionState> {
  const context = await requireAuditContext();
  const values = {
    url: text(form, "url"),
    timeoutMs: text(form, "timeoutMs"),
    defaultAction: text(form, "defaultAction"),
  };
  const state = await runAction(async () => {
    const mode = await checkModeWrite(prisma(), context.merchantId, applicationId, text(form, "mode"), () =>
      requireRecentAuthentication(context.merchantId),
    );
    await setConsoleDecisionEndpoint(context, applicationId, values, mode);
    return { message: "Decision endpoint saved. New spends are asked from now on." };
  }, values);
  revalidatePath(pagePath(applicationId));
  return state;
}

export async function deleteDecisionEndpointAction(applicationId: string, mode: string): Promise<ActionState> {
  const context = await requireAuditContext();
  const state = await runAction(async () => {
    const checked = await checkModeWrite(prisma(), context.merchantId, applicationId, String(mode), () =>
      requireRecentAuthentication(context.merchantId),
    );
    await deleteConsoleDecisionEndpoint(context, applicationId, checked);
    return { message: "Removed: spends are decided by status, controls and funds alone." };
  });
  revalidatePath(pagePath(applicationId));
  return state;
}

export async function testDecisionEndpointAction(applicationId: string): Promise<ActionState> {
  const context = await requireAuditContext();
  return runAction(async () => {
    const { approved, decision, metadata } = await testConsoleDecisionEndpoint(context.merchantId, applicationId);
    const timing = [
      decision.latencyMs !== undefined ? `${decision.latencyMs} ms` : null,
      decision.statusCode !== undefined ? `HTTP ${decision.statusCode}` : null,
    ].filter(Boolean);
    const meta = Object.keys(metadata).length > 0 ? `; metadata ${JSON.stringify(metadata)}` : "";
    return {
      message: `${approved ? "Approved" : "Declined"} by ${decision.by} (${decision.reason}${timing.length ? `, ${timing.join(", ")}` : ""})${meta}.`,
    };
  });
}
