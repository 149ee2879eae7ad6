// Every error code the service can answer with, and what each means; lib/http/errors.ts gives each
// its HTTP status and type, so a code added here without one there fails to compile.

export const ERROR_CODE_MEANINGS = {
  validation_failed: "The input does not match its schema; `param` names the first field at fault.",
  invalid_json: "The request body is not valid JSON.",
  unsupported_currency: "The currency is not one the service holds.",
  amount_precision: "The amount has more decimal places than its currency allows.",
  currency_mismatch: "The currency differs from the wallet's or card's own.",
  invalid_idempotency_key: "The Idempotency-Key is empty, too long or has characters it may not.",
  invalid_token: "A token is malformed or not genuine (reserved; nothing answers it today).",
  invalid_account_number: "The account number is not 10 digits ending in their Luhn check digit.",
  missing_api_key: "No API key was sent.",
  invalid_api_key: "The API key is not one the service knows.",
  revoked_api_key: "The API key was revoked.",
  invalid_signature:
    "A card processor's message whose signature does not verify, that is older than the signature scheme's tolerance (a replay), or for which no signing secret is configured; nothing changed.",
  scope_missing: "The API key lacks the scope the operation needs.",
  ip_not_allowed: "The caller's address is outside the key's allowlist.",
  livemode_mismatch: "The key's mode (live or test) differs from the resource's (reserved; nothing answers it today).",
  test_mode_only: "The operation exists only in test mode.",
  wallet_not_found: "No wallet with that id or external user id.",
  card_not_found: "No card with that id.",
  authorization_not_found: "No authorization with that id.",
  delivery_not_found: "No webhook delivery with that id.",
  event_not_found: "No event with that id.",
  endpoint_not_found: "No webhook endpoint with that id.",
  recovery_not_found: "No recovery of that endpoint with that id.",
  recovery_in_progress: "The endpoint already has a running recovery; watch or cancel it first.",
  transfer_not_found: "No transfer with that id.",
  payout_not_found: "No payout with that id.",
  bank_account_not_found: "No bank account with that id.",
  endpoint_url_refused:
    "The webhook endpoint's URL breaks the address rule (public unicast addresses only; https in live mode; loopback only where the deployment allows it), or its name does not resolve.",
  statement_not_found: "No statement with that id.",
  proof_not_found: "No proof letter with that reference.",
  liability_snapshot_not_found: "No published liability snapshot with that id.",
  liability_proof_unavailable:
    "The wallet has no leaf in that liability snapshot (a test-mode wallet, one created after it, or its proofs were deleted after their retention).",
  route_not_found: "No operation at that path.",
  method_not_allowed: "The path exists but not with that method.",
  payout_status_conflict:
    "The payout's status does not allow that move (a cancel after it left, a return before it was paid).",
  payouts_not_configured: "Live payouts need a payout rail connector, and none is configured on this deployment.",
  top_up_reference_exists: "A top-up with that bank reference was already recorded.",
  wallet_exists: "A wallet for that external user already exists.",
  wallet_not_active: "The wallet is frozen or closed.",
  wallet_not_empty: "The wallet still has money posted or held, or a payout on its way, so it cannot be closed.",
  wallet_address_missing: "The wallet has no address, which the operation needs.",
  idempotency_in_progress: "A request with the same Idempotency-Key is still running.",
  card_not_active: "The card is canceled, so its status can no longer change.",
  endpoint_disabled: "The webhook endpoint is disabled.",
  card_canceled:
    "The card is canceled, so its details are no longer shown (a canceled card's status changes answer card_not_active).",
  card_details_unavailable:
    "The card has no number yet: live cards get one once the service's live card range (CARD_LIVE_BIN) is configured.",
  authorization_not_pending: "The authorization is no longer pending.",
  amount_exceeds_authorization: "The capture is larger than the authorization.",
  amount_exceeds_captured: "The refund is larger than what is left captured.",
  authorization_not_captured: "The authorization was never captured, so there is nothing to refund.",
  authorization_reversed: "The authorization was reversed: its hold is released and it can no longer be captured.",
  authorization_expired: "The authorization expired uncaptured: its hold is released and it can no longer be captured.",
  payload_too_large: "The request body is larger than 1 MiB.",
  unsupported_media_type: "The body is not sent as application/json.",
  idempotency_key_reused: "The Idempotency-Key was used before with a different request.",
  balance_limit_exceeded: "The change would take a balance past what the ledger can hold.",
  network_amount_invalid:
    "A card network message's amount is not one it may carry: zero where only an authorization or expiry may be, or more than its authorization allows (a clearing past the tip tolerance, a return reversal past what was refunded).",
  network_message_conflict:
    "The card network message's networkId was used for a different message, or the authorization it names cannot take it (declined, or no longer holding for an increment).",
  insufficient_funds: "A spend declined: the wallet's available balance is too low.",
  spend_limit_exceeded: "A spend declined: the amount is over the card's per-authorization limit.",
  card_inactive: "A spend declined: the card or its wallet is not active.",
  card_currency_mismatch: "A spend declined: the card spends another currency.",
  spending_limit_exceeded:
    "A spend declined: it would take the card's or wallet's spending past one of its spending limits; the message names the limit.",
  category_blocked:
    "A spend declined: the merchant's category is blocked, or not allowed, by the card's or wallet's controls.",
  country_blocked:
    "A spend declined: the merchant's country is blocked, or not allowed, by the card's or wallet's controls.",
  card_expired: "A spend declined: the card is past its expiry month.",
  declined_by_application:
    "A spend declined by the application's decision endpoint, or by its defaultAction when the endpoint did not answer usably in time (see the authorization's decision).",
  authorization_endpoint_not_found: "The application has no authorization decision endpoint in this mode.",
  card_declined: "A spend declined for another reason (reserved; nothing answers it today).",
  rate_limited: "Too many requests; retry after the given seconds.",
  replay_limited: "Too many webhook replays; retry after the given seconds.",
  processor_error:
    "The card processor (Lithic) refused the card change as it was asked; nothing changed on either side. The message carries the processor's reason.",
  processor_unavailable:
    "The card processor (Lithic) could not be reached, or did not answer in time; nothing changed on our side. Retry after the given seconds.",
  internal_error: "A bug on the service's side; the request id finds it in the logs.",
  unavailable: "A dependency is down for now; retry shortly.",
  overloaded:
    "The service is over capacity and refused the request at once, before doing any of it; retry after the given seconds.",
} as const satisfies Record<string, string>;

export type ErrorCode = keyof typeof ERROR_CODE_MEANINGS;

export const ERROR_CODES = Object.keys(ERROR_CODE_MEANINGS) as ErrorCode[];
