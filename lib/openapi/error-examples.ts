// One example error body per documented error code, rendered by the server's own errorBody() so
// each shows exactly the envelope that code is answered with. Registered once as components
// (`#/components/examples/...`) and referenced from every response that can carry the code.
import type { ZodOpenApiExampleObject } from "zod-openapi";
import { ApiError, errorBody, type ErrorCode } from "@/lib/http/errors";
import { MAX_BODY_BYTES } from "@/lib/http/parse-input";
import type { Scope } from "@/lib/keys/scopes";
import { AUTHORIZATION_DECLINED_EXAMPLE, type AuthorizationRecord } from "@/lib/schemas/authorization";
import { errorEnvelopeSchema } from "@/lib/schemas/common";
import { EXAMPLE_IDS, EXAMPLE_USER } from "@/lib/schemas/examples";

type ErrorExample = ConstructorParameters<typeof ApiError>[2] & { message: string };

/** A 402 decline carries the declined authorization it recorded. */
const declined = (declineCode: AuthorizationRecord["declineCode"], changes: Partial<AuthorizationRecord> = {}) => ({
  extra: { authorization: { ...AUTHORIZATION_DECLINED_EXAMPLE, declineCode, ...changes } },
});

/** The message (and param or extra fields) each code is sent with, as the code that throws it words it. */
const ERROR_EXAMPLES = {
  invalid_json: { message: "The request body is not valid JSON." },
  unsupported_currency: { message: "ABC is not a supported ISO 4217 currency.", param: "currency" },
  amount_precision: { message: "USD amounts take at most 2 decimal places; got 18.405.", param: "amount" },
  currency_mismatch: {
    message: "The card's currency (EUR) must equal the wallet's currency (USD).",
    param: "currency",
  },
  invalid_idempotency_key: {
    message: "Idempotency-Key must be 1-255 visible ASCII characters.",
    param: "Idempotency-Key",
  },
  invalid_account_number: {
    message: "account must be 10 digits whose last digit is the Luhn check digit.",
    param: "account",
  },
  missing_api_key: { message: "Send your API key as `Authorization: Bearer sk_test_...` (or sk_live_...)." },
  invalid_api_key: { message: "No API key matches the one provided." },
  revoked_api_key: { message: "This API key has been revoked." },
  ip_not_allowed: { message: "Requests from 203.0.113.7 are not allowed for this API key." },
  test_mode_only: { message: "This helper works only with sk_test_ keys; live wallets are funded by the operator." },
  wallet_not_found: {
    message: `No wallet exists for externalUserId ${EXAMPLE_USER.externalUserId}.`,
    param: "externalUserId",
  },
  card_not_found: { message: `No card ${EXAMPLE_IDS.card} exists.`, param: "id" },
  authorization_not_found: { message: `No authorization ${EXAMPLE_IDS.authorization} exists.`, param: "id" },
  delivery_not_found: { message: `No webhook delivery ${EXAMPLE_IDS.delivery}.`, param: "id" },
  event_not_found: { message: `No event ${EXAMPLE_IDS.cardIssuedEvent}.`, param: "id" },
  endpoint_not_found: { message: `No webhook endpoint ${EXAMPLE_IDS.endpoint}.`, param: "id" },
  payout_not_found: { message: "No payout po_8Yz1Ab4Cd7Ef0Gh3Ij6Kl9Mn.", param: "id" },
  bank_account_not_found: { message: "No bank account ba_4Gh7Jk0Lm3Np6Qr9St2Uv5Wx.", param: "bankAccountId" },
  payout_status_conflict: { message: "The payout is in_transit; it can be canceled only from pending." },
  payouts_not_configured: {
    message: "Live payouts need a payout rail connector, and none is configured on this deployment.",
  },
  transfer_not_found: { message: "No transfer tr_2Bc5De8Fg1Hj4Kl7Mn0Pq3Rs.", param: "id" },
  top_up_reference_exists: {
    message: "A top-up with reference DEP-20261121-0042 was already recorded (tu_7Hk2Lm9Qp4Rs1Tv6Wx3Yz8Ab).",
    param: "reference",
  },
  recovery_not_found: { message: "No recovery whrc_5Lm7Nb2Vc9Xz4As1Df8Gh3Jk of this endpoint.", param: "recoveryId" },
  recovery_in_progress: {
    message: "Recovery whrc_5Lm7Nb2Vc9Xz4As1Df8Gh3Jk of this endpoint is still running; watch or cancel it first.",
  },
  endpoint_url_refused: {
    message: "http://10.0.0.7/hooks resolves to 10.0.0.7, a private address; webhook endpoints must be public.",
    param: "url",
  },
  statement_not_found: { message: `No statement ${EXAMPLE_IDS.statement} exists.`, param: "id" },
  proof_not_found: { message: `No proof letter ${EXAMPLE_IDS.proof} exists.`, param: "id" },
  liability_snapshot_not_found: {
    message: "No liability snapshot lsnap_7Hq2Lm9Xc4Vb1Nz8Kd3Rt6Wy is published.",
    param: "id",
  },
  liability_proof_unavailable: {
    message:
      "Wallet wal_4mX0aJ1n0S2bqz0f1Xk8Qe7T has no leaf in snapshot lsnap_7Hq2Lm9Xc4Vb1Nz8Kd3Rt6Wy: it was created after it.",
  },
  wallet_exists: {
    message: `A wallet for externalUserId ${EXAMPLE_USER.externalUserId} already exists.`,
    param: "externalUserId",
  },
  wallet_not_active: { message: "Cards cannot be issued on a frozen wallet." },
  wallet_not_empty: {
    message: `The wallet ${EXAMPLE_USER.externalUserId} still has money (posted or held); move it out before closing it.`,
  },
  wallet_address_missing: { message: "The wallet has no address on file; a proof of address needs one." },
  idempotency_in_progress: { message: "A request with this Idempotency-Key is still being processed." },
  card_not_active: { message: "A canceled card cannot be frozen." },
  card_canceled: { message: "The card is canceled; its details are no longer shown." },
  card_details_unavailable: {
    message: "This card has no number yet: live card numbers are not configured on this service.",
  },
  endpoint_disabled: { message: "The delivery's endpoint is disabled; enable it before replaying." },
  authorization_not_pending: { message: "Only a pending authorization can be captured; this one is closed." },
  amount_exceeds_authorization: { message: "At most 20 USD can be captured.", param: "amount" },
  balance_limit_exceeded: {
    message:
      "This would take the USD balance past the most the ledger holds (9223372036854775807 minor units); nothing was recorded.",
    param: "amount",
  },
  network_amount_invalid: {
    message:
      "The authorization's clearings may total at most 24 USD (its amount, plus the tip tolerance for its merchant category); 20 has cleared.",
    param: "amount",
  },
  network_message_conflict: {
    message:
      "The networkId sim_7Qx2LmP9aR4tVw8Z was already used for a different message (a clearing of 1840 minor units).",
    param: "networkId",
  },
  amount_exceeds_captured: { message: "At most 13.8 USD of the captured amount is left to refund.", param: "amount" },
  authorization_not_captured: { message: "Only a captured authorization can be refunded; this one is pending." },
  authorization_reversed: {
    message: "The authorization was reversed and its hold released; it can no longer be captured.",
  },
  authorization_expired: {
    message: "The authorization expired uncaptured and its hold was released; it can no longer be captured.",
  },
  payload_too_large: { message: `The request body is larger than ${MAX_BODY_BYTES} bytes (1 MiB).` },
  unsupported_media_type: { message: "Send the body as JSON with `Content-Type: application/json`." },
  idempotency_key_reused: {
    message:
      "This Idempotency-Key was already used with a different request (method, path or body) in the last 24 hours.",
    param: "Idempotency-Key",
  },
  insufficient_funds: {
    message: "The wallet's available balance is too low.",
    ...declined("insufficient_funds", { amount: 240 }),
  },
  spend_limit_exceeded: {
    message: "The amount exceeds the card's limit of 250.5 USD per authorization.",
    ...declined("spend_limit_exceeded"),
  },
  card_inactive: { message: "The card is frozen.", ...declined("card_inactive", { amount: 12 }) },
  card_currency_mismatch: {
    message: "The card spends USD, not EUR.",
    ...declined("card_currency_mismatch", { amount: 12, currency: "EUR" }),
  },
  spending_limit_exceeded: {
    message: "The amount exceeds the card's daily limit of 500 USD: 180 USD is left until 2026-10-04T00:00:00.000Z.",
    ...declined("spending_limit_exceeded", { amount: 200 }),
  },
  category_blocked: {
    message: "Merchant category 7995 is blocked on the card.",
    ...declined("category_blocked", { amount: 40, merchant: { name: "Lucky Slots", category: "7995", country: "US" } }),
  },
  country_blocked: {
    message: "Merchant country FR is not among the wallet's allowed countries.",
    ...declined("country_blocked", {
      amount: 35,
      merchant: { name: "Café de Flore", category: "5814", country: "FR" },
    }),
  },
  card_expired: { message: "The card expired at the end of 11/2026.", ...declined("card_expired", { amount: 12 }) },
  declined_by_application: {
    message: "The application's decision endpoint declined the spend.",
    ...declined("declined_by_application", {
      amount: 12,
      decision: { by: "application", reason: "declined", latencyMs: 38, statusCode: 200 },
      metadata: { rule: "merchant_not_allowed" },
    }),
  },
  authorization_endpoint_not_found: { message: "No authorization decision endpoint is set in test mode." },
  rate_limited: { message: "Too many requests: the limit is 60 per minute." },
  replay_limited: { message: "A delivery can be replayed 5 times per hour, counted over the last 60 minutes." },
  internal_error: { message: "Something went wrong on our side. Retry later; quote the request id if it persists." },
  unavailable: { message: "The service is temporarily unavailable. Retry shortly." },
  processor_error: {
    message:
      "The card processor (lithic) refused the change; nothing changed: Setting the card to PAUSED at Lithic failed: 422 Invalid card state transition",
  },
  processor_unavailable: {
    message:
      "The card processor (lithic) could not be reached or did not answer in time; nothing changed. Retry shortly.",
    retryAfterSeconds: 5,
  },
  overloaded: { message: "The service is over capacity (in_flight); retry after the given seconds." },
} satisfies Partial<Record<ErrorCode, ErrorExample>>;

const VALIDATION_FAILED = errorEnvelopeSchema.meta()?.example;

const registered = new Map<string, ZodOpenApiExampleObject>();

/** Registers an example once by id: zod-openapi turns every later use of the same object into a $ref. */
function register(id: string, summary: string, value: unknown): ZodOpenApiExampleObject {
  let example = registered.get(id);
  if (!example) {
    example = { id, summary, value };
    registered.set(id, example);
  }
  return example;
}

/**
 * The example for `code` on an operation that needs `scope` (scope_missing names the scope), or
 * undefined when the code has none (tests/unit/openapi-examples.test.ts requires one for every
 * documented code).
 */
export function errorExample(code: ErrorCode, scope?: Scope): ZodOpenApiExampleObject | undefined {
  if (code === "validation_failed") return register("validation_failed", code, VALIDATION_FAILED);
  if (code === "scope_missing") {
    if (!scope) return undefined;
    const error = new ApiError(code, `This API key lacks the ${scope} scope needed here.`, {
      extra: { required_scope: scope },
    });
    return register(`scope_missing.${scope.replace(":", ".")}`, code, errorBody(error, EXAMPLE_IDS.request));
  }
  if (!(code in ERROR_EXAMPLES)) return undefined;
  const { message, ...options }: ErrorExample = ERROR_EXAMPLES[code as keyof typeof ERROR_EXAMPLES];
  return register(code, code, errorBody(new ApiError(code, message, options), EXAMPLE_IDS.request));
}
