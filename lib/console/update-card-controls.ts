// Changes a card's spending controls from the console's card page: the form's fields become the
// API's spendingControls and go through the same domain function as POST /cards/{id}, so the console
// accepts and refuses exactly what the API does (docs/decisions/spending-controls.md). Limits with
// categories are not edited by the form and are kept as they are.
import { recordAudit, type AuditContext } from "@/lib/audit/record-audit";
import { getCard } from "@/lib/cards/get-card";
import { updateCard } from "@/lib/cards/update-card";
import type { Db } from "@/lib/db/client";
import { DomainError } from "@/lib/errors";
import type { CardRecord } from "@/lib/schemas/card";
import {
  SPENDING_INTERVALS,
  spendingControlsInputSchema,
  type SpendingControlsInput,
  type SpendingInterval,
} from "@/lib/schemas/spending-controls";
import { ConsoleError } from "./errors";
import { consoleTenant, requireApplication, requirePermission } from "./require-application";
import { writeIn } from "./roles";

/** The form: one amount per interval (blank: no limit) and four lists (codes separated by commas or spaces). */
export type CardControlsForm = Partial<Record<`limit_${SpendingInterval}` | ControlList, string>>;

const LISTS = ["allowedCategories", "blockedCategories", "allowedCountries", "blockedCountries"] as const;
type ControlList = (typeof LISTS)[number];

export const limitField = (interval: SpendingInterval) => `limit_${interval}` as const;

const codes = (value: string | undefined) =>
  (value ?? "")
    .split(/[\s,]+/)
    .map((code) => code.trim().toUpperCase())
    .filter(Boolean);

/** The API's controls from the form, with the card's categorized limits carried over unchanged. */
function controlsFromForm(form: CardControlsForm, current: CardRecord["spendingControls"]): unknown {
  const limits: unknown[] = [];
  for (const interval of SPENDING_INTERVALS) {
    const raw = form[limitField(interval)]?.trim().replaceAll(",", "");
    if (!raw) continue;
    // Not a number stays a string, so the schema names this field rather than a generic one.
    limits.push({ interval, amount: /^\d+(\.\d+)?$/.test(raw) ? Number(raw) : raw });
  }
  limits.push(...current.spendingLimits.filter((limit) => limit.categories !== undefined));
  const controls: Record<string, unknown> = { spendingLimits: limits };
  for (const list of LISTS) {
    const given = codes(form[list]);
    if (given.length > 0) controls[list] = given;
  }
  return controls;
}

/** Which form field an API field path (spendingControls.spendingLimits.2.amount) belongs to. */
function formField(path: string, sent: unknown): string {
  const [, first, index] = path.split(".");
  if (first === "spendingLimits" && index !== undefined) {
    const limits = (sent as { spendingLimits: { interval?: unknown; categories?: unknown }[] }).spendingLimits;
    const limit = limits[Number(index)];
    if (limit && limit.categories === undefined && typeof limit.interval === "string") return `limit_${limit.interval}`;
  }
  return first && (LISTS as readonly string[]).includes(first) ? first : "form";
}

export async function updateCardControls(
  db: Db,
  context: AuditContext,
  applicationId: string,
  cardId: string,
  form: CardControlsForm,
): Promise<CardRecord> {
  const application = await requireApplication(db, context.merchantId, applicationId);
  // A card's controls are a change in the console's current mode, the card's.
  requirePermission(application, writeIn(application.consoleLivemode));
  const tenant = consoleTenant(application);
  const current = await getCard(db, tenant, cardId).catch((error: unknown) => {
    throw error instanceof DomainError && error.code === "card_not_found" ? ConsoleError.notFound("Card") : error;
  });
  const sent = controlsFromForm(form, current.spendingControls);
  const parsed = spendingControlsInputSchema.safeParse(sent);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const path = ["spendingControls", ...(issue?.path ?? []).map(String)].join(".");
    throw ConsoleError.field(formField(path, sent), issue?.message ?? "These controls are not valid.");
  }
  const spendingControls: SpendingControlsInput = parsed.data;
  let updated: CardRecord;
  try {
    // The form shows every control, spendLimit included: a blank per-authorization field removes it
    // (spendingControls alone leaves the card's spendLimit as it is).
    const spendLimitCleared = !form[limitField("per_authorization")]?.trim();
    updated = await updateCard(db, tenant, cardId, {
      spendingControls,
      ...(spendLimitCleared ? { spendLimit: null } : {}),
    });
  } catch (error) {
    if (!(error instanceof DomainError) || error.param === undefined) throw error;
    throw ConsoleError.field(formField(error.param, sent), error.message);
  }
  await recordAudit(db, context, {
    applicationId,
    action: "card.spending_controls_updated",
    detail: { cardId, spendingControls: updated.spendingControls },
  });
  return updated;
}
