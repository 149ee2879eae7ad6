// What a route handler returns: a record to send, or a business refusal whose own writes (a
// declined authorization, say) must still commit.
import { ApiError, errorBody } from "./errors";

export type HandlerResult = { status?: number; body: Record<string, unknown> } | { refusal: ApiError };

export type RenderedResult = { status: number; text: string };

export function renderResult(result: HandlerResult, requestId: string, write: boolean): RenderedResult {
  if ("refusal" in result) {
    return { status: result.refusal.status, text: JSON.stringify(errorBody(result.refusal, requestId)) };
  }
  const body = write ? { ...result.body, idempotent_replay: false } : result.body;
  return { status: result.status ?? 200, text: JSON.stringify(body) };
}

/** A stored response as replayed: same bytes, with idempotent_replay now true on records. */
export function replayText(status: number, text: string): string {
  if (status >= 400) return text;
  const body = JSON.parse(text) as Record<string, unknown>;
  return JSON.stringify({ ...body, idempotent_replay: true });
}
