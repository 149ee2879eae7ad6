// What a route handler returns: a record to send, or a business refusal whose own writes (a
// declined authorization, say) must still commit. Outside production each record is checked
// against its operation's declared success schema.
import type { z } from "zod";
import { config } from "@/lib/config";
import { ApiError, errorBody } from "./errors";
import { logger } from "@/lib/logging/logger";

/** A text answer in a form the operation declares besides JSON (`success.text`), such as a CSV report; reads only. */
export type TextResult = { status?: number; text: string; contentType: string; filename?: string };

export type HandlerResult = { status?: number; body: Record<string, unknown> } | { refusal: ApiError } | TextResult;

/** What is sent: JSON text unless `contentType` says otherwise. */
export type RenderedResult = { status: number; text: string; contentType?: string; filename?: string };

/** The record as sent: a write's carries idempotent_replay (false on first execution). */
export function sentBody(body: Record<string, unknown>, write: boolean): Record<string, unknown> {
  return write ? { ...body, idempotent_replay: false } : body;
}

export function renderResult(result: HandlerResult, requestId: string, write: boolean): RenderedResult {
  if ("refusal" in result) {
    return { status: result.refusal.status, text: JSON.stringify(errorBody(result.refusal, requestId)) };
  }
  if ("contentType" in result) {
    if (write) throw new ApiError("internal_error", "A write answers JSON: its stored answer is replayed as JSON.");
    return { ...result, status: result.status ?? 200 };
  }
  return { status: result.status ?? 200, text: JSON.stringify(sentBody(result.body, write)) };
}

/** A stored response as replayed: same bytes, with idempotent_replay now true on records. */
export function replayText(status: number, text: string): string {
  if (status >= 400) return text;
  const body = JSON.parse(text) as Record<string, unknown>;
  return JSON.stringify({ ...body, idempotent_replay: true });
}

/** What the check reads of a declaration (lib/operations). */
export type DeclaredSuccess = { operationId?: string; success?: { schema: z.ZodType } };

/**
 * Outside production, refuses a body that does not match the operation's declared success schema
 * (as JSON, the form clients read; a string is taken as that JSON text), so drift between a handler and its declaration fails every
 * test that calls the route. Production skips it: parsing every answer costs CPU on the hot path.
 */
export function assertDeclaredBody(declaration: DeclaredSuccess, body: unknown): void {
  if (config().NODE_ENV === "production" || !declaration.success) return;
  const json: unknown = JSON.parse(typeof body === "string" ? body : JSON.stringify(body));
  const result = declaration.success.schema.safeParse(json);
  if (result.success) return;
  const issue = result.error.issues[0];
  const message = `${declaration.operationId ?? "The operation"} answered a body its declared success schema refuses: ${issue?.path.map(String).join(".") || "(body)"}: ${issue?.message ?? "invalid"}`;
  logger("http").error({ issues: result.error.issues }, message);
  throw new ApiError("internal_error", message);
}
