// For receivers: checks a webhook's signatures in constant time, against one secret or a list (while a
// rolled secret is pending, a receiver holds both and accepts either). Two schemes ride on every
// delivery (docs/decisions/standard-webhooks.md): x-service-signature (lowercase hex HMAC-SHA256 of
// the raw body with the secret, the specification's) and the Standard Webhooks headers (webhook-id,
// webhook-timestamp, webhook-signature: HMAC-SHA256 of "id.timestamp.body", which also dates the
// request, so a captured delivery cannot be replayed later). Depends on node:crypto only: receivers
// install it as @wallet-card/client/webhooks (built from this file by packages/client), or copy it as is.
import { createHmac, timingSafeEqual } from "node:crypto";

export const SIGNATURE_HEADER = "x-service-signature";
/** The Standard Webhooks headers (https://www.standardwebhooks.com). */
export const STANDARD_ID_HEADER = "webhook-id";
export const STANDARD_TIMESTAMP_HEADER = "webhook-timestamp";
export const STANDARD_SIGNATURE_HEADER = "webhook-signature";
/** How far a webhook-timestamp may be from the receiver's clock, either way: the standard's 5 minutes. */
export const STANDARD_TOLERANCE_SECONDS = 5 * 60;

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

/**
 * The HMAC key of the Standard Webhooks signature for one of our secrets, as the standard's libraries
 * derive it from the secret as the console shows it: the part after `whsec_`, base64-decoded. Our
 * secrets are `whsec_` + 40 base62 characters, all in the base64 alphabet, so this is 30 bytes. Only
 * canonical base64 is decoded (length a multiple of 4, the standard alphabet): a lenient decoder
 * would give `whsec_…x` the key of `whsec_…`. Anything else (no secret we mint) is keyed by its UTF-8
 * bytes, so it still signs and verifies consistently here.
 */
// Declared as Uint8Array, not Buffer: the package's declarations must not need @types/node.
export function standardSigningKey(secret: string): Uint8Array {
  const body = secret.startsWith("whsec_") ? secret.slice("whsec_".length) : secret;
  const canonical = body.length > 0 && body.length % 4 === 0 && /^[A-Za-z0-9+/]+={0,2}$/.test(body);
  return canonical ? Buffer.from(body, "base64") : Buffer.from(secret, "utf8");
}

/** One Standard Webhooks signature, `v1,<base64 HMAC-SHA256 of "id.timestamp.body">`. */
export function signStandard(
  id: string,
  timestampSeconds: number,
  rawBody: string | Uint8Array,
  secret: string,
): string {
  const mac = createHmac("sha256", standardSigningKey(secret))
    .update(`${id}.${timestampSeconds}.`)
    .update(rawBody)
    .digest("base64");
  return `v1,${mac}`;
}

/** One secret, or several accepted alike (the current and the pending one around a roll). */
export type WebhookSecrets = string | readonly string[];

/**
 * The one variable our examples and docs keep the mode's webhook secret in, comma-separated while a
 * rolled secret is pending (current,pending); the request helpers read it when given no secrets.
 */
export const WEBHOOK_SECRETS_VARIABLE = "WEBHOOK_SECRETS";

/**
 * The secrets a request helper checks against: those given, or WEBHOOK_SECRETS's; none at all is a
 * 401 naming where they should have come from, since a receiver without its secret refuses every
 * delivery (and every spend takes the decision endpoint's defaultAction) and only this says why.
 */
export function secretsOrRefusal(secrets: WebhookSecrets | undefined, helper: string): string[] | Response {
  const list = (secrets === undefined ? (process.env[WEBHOOK_SECRETS_VARIABLE] ?? "").split(",") : [secrets].flat())
    .map((secret) => secret.trim())
    .filter(Boolean);
  if (list.length > 0) return list;
  const error =
    secrets === undefined
      ? `no webhook secret: ${WEBHOOK_SECRETS_VARIABLE} is empty or unset in this app's environment; set it to the secret the console or \`bootstrap\` shows (during a roll, both, comma-separated)`
      : `no webhook secret: the secrets given to ${helper} are empty; is the variable they come from set? (our examples use ${WEBHOOK_SECRETS_VARIABLE})`;
  console.error(`${helper}: ${error}`);
  return Response.json({ error }, { status: 401 });
}

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

export type StandardHeaders = { id: string | null; timestamp: string | null; signature: string | null };

export type StandardVerification = { ok: true } | { ok: false; reason: string };

/**
 * Checks the Standard Webhooks headers: the timestamp within `toleranceSeconds` of `now` (so a
 * delivery captured and sent again later is refused, though its signature is genuine), then any of
 * the space-separated `v1,` signatures against any secret, every comparison in constant time.
 */
export function verifyStandardSignature(
  rawBody: string | Uint8Array,
  headers: StandardHeaders,
  secrets: WebhookSecrets,
  options: { now?: Date; toleranceSeconds?: number } = {},
): StandardVerification {
  const { id, timestamp, signature } = headers;
  if (!id || !timestamp || !signature)
    return { ok: false, reason: "missing webhook-id, webhook-timestamp or webhook-signature" };
  if (!/^\d{1,12}$/.test(timestamp.trim())) return { ok: false, reason: "webhook-timestamp is not unix seconds" };
  const seconds = Number(timestamp.trim());
  const nowSeconds = Math.floor((options.now ?? new Date()).getTime() / 1000);
  const tolerance = options.toleranceSeconds ?? STANDARD_TOLERANCE_SECONDS;
  if (nowSeconds - seconds > tolerance)
    return { ok: false, reason: "webhook-timestamp is too old: a replay, or a clock far off" };
  if (seconds - nowSeconds > tolerance) return { ok: false, reason: "webhook-timestamp is in the future" };
  const received = signature
    .split(" ")
    .filter((part) => part.startsWith("v1,"))
    .map((part) => Buffer.from(part.slice(3), "utf8"));
  let matched = false;
  for (const secret of typeof secrets === "string" ? [secrets] : secrets) {
    const expected = Buffer.from(signStandard(id, seconds, rawBody, secret).slice(3), "utf8");
    for (const candidate of received) {
      if (candidate.length === expected.length && timingSafeEqual(candidate, expected)) matched = true;
    }
  }
  return matched ? { ok: true } : { ok: false, reason: "no webhook-signature matches" };
}

/**
 * Reads a webhook request's raw body and verifies it against one secret or a list (by default the
 * comma-separated WEBHOOK_SECRETS). Returns the parsed envelope, or the Response to answer with: 401
 * when the signature does not hold or there is no secret (saying which variable was empty), 400 when
 * the signed body is not an envelope. Use it in a Next.js route handler:
 * `const result = await verifyWebhookRequest(request);
 * if (result instanceof Response) return result;`.
 *
 * Our deliveries carry both schemes. When the Standard Webhooks headers are there, they decide: the
 * signature covers the event id and the attempt's time as well as the body, so a copy replayed more
 * than 5 minutes later is refused. A request with only x-service-signature (a sender or proxy that
 * dropped the others) is checked by it alone; that scheme signs the body only, so deduplicate on the
 * envelope's id to make a replay harmless. Pass `{ requireStandard: true }` to refuse such requests.
 */
export async function verifyWebhookRequest(
  request: Request,
  given?: WebhookSecrets,
  options: { requireStandard?: boolean; now?: Date } = {},
): Promise<WebhookEnvelope | Response> {
  const secrets = secretsOrRefusal(given, "verifyWebhookRequest");
  if (secrets instanceof Response) return secrets;
  // The signature covers the bytes as sent, so read them before any JSON parsing.
  const rawBody = new Uint8Array(await request.arrayBuffer());
  const standard: StandardHeaders = {
    id: request.headers.get(STANDARD_ID_HEADER),
    timestamp: request.headers.get(STANDARD_TIMESTAMP_HEADER),
    signature: request.headers.get(STANDARD_SIGNATURE_HEADER),
  };
  if (standard.signature !== null) {
    const result = verifyStandardSignature(rawBody, standard, secrets, { now: options.now });
    if (!result.ok) return Response.json({ error: `invalid signature: ${result.reason}` }, { status: 401 });
  } else if (options.requireStandard) {
    return Response.json({ error: "invalid signature: no webhook-signature header" }, { status: 401 });
  } else if (!verifySignature(rawBody, request.headers.get(SIGNATURE_HEADER), secrets)) {
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
