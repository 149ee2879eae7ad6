// For receivers: checks a webhook's x-service-signature (lowercase hex HMAC-SHA256 of the raw body
// with the application's webhook secret of that mode) in constant time, against one secret or a list:
// while a rolled secret is pending, a receiver holds both and accepts either. Depends on node:crypto only: receivers
// install it as @wallet-card/client/webhooks (built from this file by packages/client), or copy it as is.
import { createHmac, timingSafeEqual } from "node:crypto";

export const SIGNATURE_HEADER = "x-service-signature";

export type WebhookEnvelope = {
  id: string;
  event: string;
  schema_version: string;
  sent_at: string;
  /**
   * This event's place among the events about its wallet: 1 for the first, then 2, 3… with no gaps,
   * in commit order. A receiver that sees n+2 before n+1 knows one is late or missing.
   */
  sequence: number;
  data: Record<string, unknown>;
};

/** The signature the sender puts on `rawBody`: lowercase hex HMAC-SHA256 with the secret. */
export function signPayload(rawBody: string | Uint8Array, secret: string): string {
  return createHmac("sha256", secret).update(rawBody).digest("hex");
}

/** One secret, or several accepted alike (the current and the pending one around a roll). */
export type WebhookSecrets = string | readonly string[];

/**
 * true only when the header holds exactly the signature of these bytes with one of the secrets;
 * each compared in constant time, and every one is checked, so the time does not tell which matched.
 * An empty list matches nothing.
 */
export function verifySignature(
  rawBody: string | Uint8Array,
  signatureHeader: string | null,
  secrets: WebhookSecrets,
): boolean {
  if (!signatureHeader) return false;
  const received = Buffer.from(signatureHeader.trim(), "utf8");
  let matched = false;
  for (const secret of typeof secrets === "string" ? [secrets] : secrets) {
    const expected = Buffer.from(signPayload(rawBody, secret), "utf8");
    // timingSafeEqual throws on different lengths; a length mismatch is simply a wrong signature.
    if (received.length === expected.length && timingSafeEqual(received, expected)) matched = true;
  }
  return matched;
}

/**
 * Reads a webhook request's raw body and verifies it against one secret or a list. Returns the parsed
 * envelope, or the Response to answer with: 401 when no secret's signature matches, 400 when the
 * signed body is not an envelope. Use it in a Next.js route handler:
 * `const result = await verifyWebhookRequest(request, [current, pending]);
 * if (result instanceof Response) return result;`.
 */
export async function verifyWebhookRequest(
  request: Request,
  secrets: WebhookSecrets,
): Promise<WebhookEnvelope | Response> {
  // The signature covers the bytes as sent, so read them before any JSON parsing.
  const rawBody = new Uint8Array(await request.arrayBuffer());
  if (!verifySignature(rawBody, request.headers.get(SIGNATURE_HEADER), secrets)) {
    return Response.json({ error: "invalid signature" }, { status: 401 });
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(new TextDecoder().decode(rawBody));
  } catch {
    return Response.json({ error: "body is not JSON" }, { status: 400 });
  }
  if (!isEnvelope(parsed)) return Response.json({ error: "body is not a webhook envelope" }, { status: 400 });
  return parsed;
}

function isEnvelope(value: unknown): value is WebhookEnvelope {
  return (
    typeof value === "object" &&
    value !== null &&
    "id" in value &&
    typeof value.id === "string" &&
    "event" in value &&
    typeof value.event === "string" &&
    "schema_version" in value &&
    typeof value.schema_version === "string" &&
    "sent_at" in value &&
    typeof value.sent_at === "string" &&
    "sequence" in value &&
    typeof value.sequence === "number" &&
    Number.isInteger(value.sequence) &&
    value.sequence >= 1 &&
    "data" in value &&
    typeof value.data === "object" &&
    value.data !== null
  );
}
