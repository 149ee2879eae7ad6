// The console's card page and the card network: sending a test card a network message through the
// simulator (the same as POST /test/cards/{id}/network/{kind}; test mode only), and any card's recent
// authorizations with their history. Another merchant's or mode's card behaves as one not there.
import { recordAudit, type AuditContext } from "@/lib/audit/record-audit";
import { authorizationHistories } from "@/lib/authorizations/authorization-history";
import { authorizationRecord } from "@/lib/authorizations/authorization-record";
import { simulateNetworkMessage } from "@/lib/connectors/simulator/simulate-network-message";
import type { Db } from "@/lib/db/client";
import { DomainError } from "@/lib/errors";
import type { AuthorizationWithHistory } from "@/lib/schemas/authorization";
import {
  networkSimulationBodySchema,
  SIMULATED_KINDS,
  type NetworkSimulationResult,
} from "@/lib/schemas/network-simulation";
import { ConsoleError } from "./errors";
import { consoleTenant, requireApplication, requirePermission } from "./require-application";
import { writeIn } from "./roles";

/** The simulator form's fields, as typed. */
export type NetworkMessageForm = Partial<
  Record<"kind" | "amount" | "authorizationId" | "networkId" | "merchant" | "category" | "final", string>
>;

/** The form field an API field (or a refusal's param) is shown next to; anything else is the form's. */
const FIELD_OF: Partial<Record<string, keyof NetworkMessageForm>> = {
  amount: "amount",
  authorizationId: "authorizationId",
  networkId: "networkId",
  merchant: "merchant",
};

export async function sendConsoleNetworkMessage(
  db: Db,
  context: AuditContext,
  applicationId: string,
  cardId: string,
  form: NetworkMessageForm,
): Promise<NetworkSimulationResult> {
  const application = await requireApplication(db, context.merchantId, applicationId);
  requirePermission(application, writeIn(false));
  if (application.consoleLivemode)
    throw ConsoleError.refused("The card network simulator sends messages to test cards only.");
  const kind = SIMULATED_KINDS.find((k) => k === form.kind);
  if (!kind) throw ConsoleError.field("kind", "Pick a message kind.");
  const amount = form.amount?.trim() ?? "";
  const parsed = networkSimulationBodySchema.safeParse({
    amount: /^\d+(\.\d+)?$/.test(amount) ? Number(amount) : amount,
    ...(form.authorizationId?.trim() ? { authorizationId: form.authorizationId.trim() } : {}),
    ...(form.networkId?.trim() ? { networkId: form.networkId.trim() } : {}),
    ...(form.merchant?.trim()
      ? {
          merchant: {
            name: form.merchant.trim(),
            ...(form.category?.trim() ? { category: form.category.trim() } : {}),
          },
        }
      : {}),
    ...(form.final === "on" ? { final: true } : {}),
  });
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const field = FIELD_OF[String(issue?.path[0] ?? "")] ?? "form";
    throw ConsoleError.field(field, issue?.message ?? "This message is not valid.");
  }
  let result: NetworkSimulationResult;
  try {
    result = await simulateNetworkMessage(consoleTenant(application), cardId, kind, parsed.data);
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    if (error.code === "card_not_found") throw ConsoleError.notFound("Card");
    throw ConsoleError.field(FIELD_OF[error.param ?? ""] ?? "form", error.message);
  }
  await recordAudit(db, context, {
    applicationId,
    action: "card.network_simulated",
    detail: {
      cardId,
      kind,
      networkId: result.networkId,
      result: result.result,
      authorizationId: result.authorization.id,
    },
  });
  return result;
}

/** The card's newest authorizations (at most `limit`), each with its history oldest first. */
export async function cardAuthorizationsWithHistory(
  db: Db,
  merchantId: string,
  applicationId: string,
  cardId: string,
  limit = 10,
): Promise<AuthorizationWithHistory[]> {
  const tenant = consoleTenant(await requireApplication(db, merchantId, applicationId));
  const rows = await db.authorization.findMany({
    where: { cardId, ...tenant },
    include: { wallet: { select: { externalUserId: true } } },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: limit,
  });
  const histories = await authorizationHistories(db, rows);
  return rows.map((auth) => ({
    ...authorizationRecord(auth, auth.wallet.externalUserId),
    history: histories.get(auth.id) ?? [],
  }));
}
