// For an application's decision endpoint (docs/decisions/authorization-decisions.md): verifies the
// signed `card.authorization.request` exactly as a webhook is verified (the same headers and
// secrets), and types the answer. Published as @wallet-card/client/authorization-decisions; depends
// on node:crypto only (through ../webhooks/verify.ts).
import {
  SIGNATURE_HEADER,
  STANDARD_ID_HEADER,
  STANDARD_SIGNATURE_HEADER,
  STANDARD_TIMESTAMP_HEADER,
  secretsOrRefusal,
  verifySignature,
  verifyStandardSignature,
  type WebhookSecrets,
} from "../webhooks/verify.ts";

/** The request's body: one spend that passed status, controls and funds, waiting for your answer. */
export type AuthorizationDecisionRequest = {
  id: string;
  event: "card.authorization.request";
  schema_version: string;
  sent_at: string;
  data: {
    /** The id the authorization will have, whatever you answer. */
    authorizationId: string;
    /** Asked for, in the major unit (12.5 is 12.50). */
    amount: number;
    currency: string;
    merchant: { name: string; category: string | null; country: string | null };
    card: { id: string; last4: string };
    /** availableBalance: before this hold. */
    wallet: { id: string; externalUserId: string; availableBalance: number };
    source: "sdk" | "tap";
    livemode: boolean;
  };
};

/**
 * What to answer, with a 2xx, within the endpoint's timeoutMs. `amount` below the request approves
 * that much (a partial approval); `metadata`, at most 20 keys of 40 characters and values of 500, is
 * stored on the authorization. Anything else applies the endpoint's defaultAction.
 */
export type AuthorizationDecisionAnswer = {
  approved: boolean;
  amount?: number;
  metadata?: Record<string, string>;
};

function isDecisionRequest(value: unknown): value is AuthorizationDecisionRequest {
  if (typeof value !== "object" || value === null) return false;
  const v = value as Record<string, unknown>;
  const data = v.data as Record<string, unknown> | null | undefined;
  return (
    typeof v.id === "string" &&
    v.event === "card.authorization.request" &&
    typeof v.sent_at === "string" &&
    typeof data === "object" &&
    data !== null &&
    typeof data.authorizationId === "string" &&
    typeof data.amount === "number"
  );
}

/**
 * Reads the raw body and checks its signature (the Standard Webhooks headers when present, with their
 * 5-minute window; else x-service-signature) against the secret, or the current and pending ones during
 * a roll (by default the comma-separated WEBHOOK_SECRETS). Returns the request, or the Response to
 * answer with (401 bad signature, or no secret, naming the empty variable; 400 not a decision
 * request); either refusal makes the spend take your defaultAction.
 */
export async function verifyAuthorizationRequest(
  request: Request,
  given?: WebhookSecrets,
  options: { now?: Date } = {},
): Promise<AuthorizationDecisionRequest | Response> {
  const secrets = secretsOrRefusal(given, "verifyAuthorizationRequest");
  if (secrets instanceof Response) return secrets;
  const rawBody = new Uint8Array(await request.arrayBuffer());
  const standard = {
    id: request.headers.get(STANDARD_ID_HEADER),
    timestamp: request.headers.get(STANDARD_TIMESTAMP_HEADER),
    signature: request.headers.get(STANDARD_SIGNATURE_HEADER),
  };
  if (standard.signature !== null) {
    const result = verifyStandardSignature(rawBody, standard, secrets, { now: options.now });
    if (!result.ok) return Response.json({ error: `invalid signature: ${result.reason}` }, { status: 401 });
  } else if (!verifySignature(rawBody, request.headers.get(SIGNATURE_HEADER), secrets)) {
    return Response.json({ error: "invalid signature" }, { status: 401 });
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(new TextDecoder().decode(rawBody));
  } catch {
    return Response.json({ error: "body is not JSON" }, { status: 400 });
  }
  if (!isDecisionRequest(parsed)) return Response.json({ error: "not a card.authorization.request" }, { status: 400 });
  return parsed;
}

/** The answer as the Response to return: `return answerDecision({ approved: true });`. */
export function answerDecision(answer: AuthorizationDecisionAnswer): Response {
  return Response.json(answer, { status: 200 });
}
