// Generated from the OpenAPI document (lib/openapi/document.ts) by openapi-typescript: do not edit.
// Run `npm run client:gen` after changing the document; `npm test` fails while this file is stale.

export interface paths {
  "/api/public/sdk/v1/wallets": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Provision a wallet
     * @description Creates a wallet for one of your users and fires `wallet.provisioned`. One wallet per externalUserId per mode.
     *
     *     Required scope: `wallets:write`.
     */
    post: operations["createWallet"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/api/public/sdk/v1/wallets/{externalUserId}": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Retrieve a wallet
     * @description Required scope: `wallets:read`.
     */
    get: operations["getWallet"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/api/public/sdk/v1/cards": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Issue a virtual card
     * @description Issues a virtual card on the user's wallet and fires `card.issued`. The card's currency must equal the wallet's. Only last4 and expiry are ever returned.
     *
     *     Required scope: `cards:write`.
     */
    post: operations["issueCard"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/api/public/sdk/v1/cards/{id}": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Retrieve a card
     * @description Required scope: `cards:read`.
     */
    get: operations["getCard"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/api/public/sdk/v1/cards/{id}/freeze": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Freeze a card
     * @description A frozen card declines every spend (402 `card_inactive`) until unfrozen. Freezing a frozen card changes nothing; a canceled card answers 409 `card_not_active`. No body.
     *
     *     Required scope: `cards:write`.
     */
    post: operations["freezeCard"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/api/public/sdk/v1/cards/{id}/unfreeze": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Unfreeze a card
     * @description Lets a frozen card spend again. Unfreezing an active card changes nothing; a canceled card answers 409 `card_not_active`. No body.
     *
     *     Required scope: `cards:write`.
     */
    post: operations["unfreezeCard"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/api/public/sdk/v1/cards/{id}/cancel": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Cancel a card
     * @description Cancels the card for good: every later spend declines with `card_inactive`. Holds it placed before stay capturable. Canceling twice changes nothing. No body.
     *
     *     Required scope: `cards:write`.
     */
    post: operations["cancelCard"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/api/public/sdk/v1/wallets/{externalUserId}/cards": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List a wallet's cards
     * @description Newest first, paged with `limit` and `starting_after`.
     *
     *     Required scope: `cards:read`.
     */
    get: operations["listWalletCards"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/api/public/sdk/v1/cards/{id}/authorizations": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Spend with a card
     * @description Authorizes a spend: places a hold of `amount` on the wallet (available balance drops, posted does not) and fires `card.authorized` with the authorization. A decline answers 402 with `type: card_error`, the decline `code` (`insufficient_funds`, `spend_limit_exceeded`, `card_inactive`, `card_currency_mismatch`) and the recorded declined authorization under `error.authorization`; it places no hold and fires no event.
     *
     *     Required scope: `transactions:write`.
     */
    post: operations["createAuthorization"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/api/public/sdk/v1/authorizations/{id}": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Retrieve an authorization
     * @description Required scope: `wallets:read`.
     */
    get: operations["getAuthorization"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/api/public/sdk/v1/authorizations/{id}/capture": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Capture an authorization
     * @description Captures a pending authorization, fully (no amount) or partly: the captured amount leaves the wallet, the rest of the hold is released, the authorization becomes `closed`, and `card.captured` fires. One capture per authorization.
     *
     *     Required scope: `transactions:write`.
     */
    post: operations["captureAuthorization"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/api/public/sdk/v1/authorizations/{id}/refund": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Refund a captured authorization
     * @description Returns part (amount) or the rest (no amount) of the captured money to the wallet and fires `card.refunded`; `refundedAmount` is the running total. Several partial refunds are allowed, never more than was captured in total.
     *
     *     Required scope: `transactions:write`.
     */
    post: operations["refundAuthorization"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/api/public/sdk/v1/wallets/{externalUserId}/transactions": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List a wallet's transactions
     * @description The wallet's ledger movements (funding, captures, refunds), newest first, paged with `limit` and `starting_after`. Holds are not transactions: they show in the wallet's available balance and as pending authorizations.
     *
     *     Required scope: `wallets:read`.
     */
    get: operations["listWalletTransactions"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/api/public/sdk/v1/test/wallets/{externalUserId}/fund": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Fund a test wallet
     * @description Test mode only (live keys get 403 `test_mode_only`; live wallets are funded by the operator). Credits the wallet from the platform's test reserve as one balanced ledger transfer.
     *
     *     Required scope: `transactions:write`.
     */
    post: operations["fundTestWallet"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/api/public/sdk/v1/test/cards/{id}/tap": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Simulate a card tap
     * @description Test mode only (live keys get 403 `test_mode_only`). Runs the same path as an SDK spend, with `source: "tap"`. A decline answers 402 with `type: card_error`, the decline `code` (`insufficient_funds`, `spend_limit_exceeded`, `card_inactive`, `card_currency_mismatch`) and the recorded declined authorization under `error.authorization`; it places no hold and fires no event.
     *
     *     Required scope: `transactions:write`.
     */
    post: operations["simulateCardTap"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/api/public/sdk/v1/events": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List events
     * @description The application's events in the key's mode, newest first. Each event is what a webhook delivers in its envelope's `data`.
     *
     *     Required scope: `events:read`.
     */
    get: operations["listEvents"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/api/public/sdk/v1/events/{id}": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Retrieve an event
     * @description Required scope: `events:read`.
     */
    get: operations["getEvent"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/api/public/sdk/v1/webhooks/deliveries": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List webhook deliveries
     * @description One delivery per event and endpoint, newest first, each with its last attempt (time, status code, latency, response excerpt, error).
     *
     *     Required scope: `events:read`.
     */
    get: operations["listWebhookDeliveries"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/api/public/sdk/v1/webhooks/deliveries/{id}": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Retrieve a webhook delivery with every attempt
     * @description Required scope: `events:read`.
     */
    get: operations["getWebhookDelivery"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/api/public/sdk/v1/webhooks/deliveries/{id}/replay": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Replay a webhook delivery
     * @description Queues one more attempt of the delivery, whatever its state: the same event id, a fresh `sent_at` and a new signature. A successful replay marks the delivery succeeded. Limits: 5 replays per hour per delivery and 20 per minute per merchant user; over either, 429 `replay_limited` with `Retry-After` in seconds. No request body.
     *
     *     Required scope: `webhooks:write`.
     */
    post: operations["replayWebhookDelivery"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/api/public/sdk/v1/wallets/{externalUserId}/statements": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Issue a statement
     * @description Issues a statement of the wallet for a period of whole UTC days: opening and closing posted balances and the period's transactions from the ledger, with a verification token (shown only here; stored as a hash), the public `verifyUrl` (`/verify?token=`) and an SVG QR code of it. The token expires after `expiresInDays` (default 90) and can be revoked. `holderName` is required when the wallet has no name.
     *
     *     Required scope: `statements:write`.
     */
    post: operations["createStatement"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/api/public/sdk/v1/statements/{id}/revoke": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Revoke a statement
     * @description Its token then verifies as `revoked`. Revoking a revoked statement returns it unchanged.
     *
     *     Required scope: `statements:write`.
     */
    post: operations["revokeStatement"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/api/public/sdk/v1/wallets/{externalUserId}/proofs": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Issue a proof letter
     * @description Issues a proof-of-address (`kind: address`, needs the wallet's address) or proof-of-funds (`kind: funds`, records the available balance now) letter with a reference code, current for `expiresInDays` (default 30). Anyone can check it at `/api/public/verify/proof` by account number; the amount or address is shown only to those who also give the reference. Active wallets only.
     *
     *     Required scope: `proofs:write`.
     */
    post: operations["createProof"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/api/public/sdk/v1/proofs/{id}/revoke": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Revoke a proof letter
     * @description The public check then no longer reports it. Revoking a revoked letter returns it unchanged.
     *
     *     Required scope: `proofs:write`.
     */
    post: operations["revokeProof"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/api/public/verify/statement-token": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Check a statement token
     * @description No key needed; limited per client address. Always answers 200: `valid: true` with the holder, period (dates `YYYY-MM-DD`), issue and expiry, currency and balances; or `valid: false` with `reason` and `reason_code` (`malformed` — including a missing token —, `not_found`, `revoked`, `expired`) and no holder name. Responses carry `Cache-Control: no-store`.
     */
    get: operations["verifyStatementToken"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/api/public/verify/proof": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Check a proof letter
     * @description No key needed; limited per client address. Says whether a current (unrevoked, unexpired) letter of `kind` exists for the account, with the holder's name masked (`A*** O***`) and the letter's dates; with the letter's `reference` it also shows the funds amount or the address. A wallet is either test or live; `livemode` says which. A malformed account number (not 10 digits, or a failed check digit) is a 400 `invalid_account_number`; a bad `kind` a 400 `validation_failed`.
     */
    get: operations["verifyProof"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/api/public/treasury/stats.json": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Treasury statistics
     * @description Live-mode figures only, per currency: wallets, active cards, liabilities (sum of wallet balances), reserves, coverage ratio and 30-day card volume (captures net of refunds), plus `ledger_balanced` from the ledger's invariant. Computed at most once a minute; `Cache-Control: public, max-age=60`.
     */
    get: operations["getTreasuryStats"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/api/public/openapi.json": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * This OpenAPI 3.1 document
     * @description Not rate-limited; `Cache-Control: public, max-age=300`.
     */
    get: operations["getOpenApiDocument"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
}
export interface webhooks {
  "wallet.provisioned": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * A wallet was issued
     * @description Sent as a POST to every enabled endpoint subscribed to this kind. Success is a 2xx within 10 seconds; redirects are not followed. Otherwise retried with jitter after 1 min, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h, 14 h and 20 h (about three days), then marked failed. Every attempt has a fresh `sent_at` and signature; deliveries are at least once, so deduplicate on `id`.
     */
    post: operations["webhook_wallet_provisioned"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "card.issued": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * A card was issued
     * @description Sent as a POST to every enabled endpoint subscribed to this kind. Success is a 2xx within 10 seconds; redirects are not followed. Otherwise retried with jitter after 1 min, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h, 14 h and 20 h (about three days), then marked failed. Every attempt has a fresh `sent_at` and signature; deliveries are at least once, so deduplicate on `id`.
     */
    post: operations["webhook_card_issued"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "card.authorized": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * A card spend was authorized (a hold)
     * @description Sent as a POST to every enabled endpoint subscribed to this kind. Success is a 2xx within 10 seconds; redirects are not followed. Otherwise retried with jitter after 1 min, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h, 14 h and 20 h (about three days), then marked failed. Every attempt has a fresh `sent_at` and signature; deliveries are at least once, so deduplicate on `id`.
     */
    post: operations["webhook_card_authorized"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "card.captured": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * A merchant captured an authorization
     * @description Sent as a POST to every enabled endpoint subscribed to this kind. Success is a 2xx within 10 seconds; redirects are not followed. Otherwise retried with jitter after 1 min, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h, 14 h and 20 h (about three days), then marked failed. Every attempt has a fresh `sent_at` and signature; deliveries are at least once, so deduplicate on `id`.
     */
    post: operations["webhook_card_captured"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "card.refunded": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * An authorization was refunded
     * @description Sent as a POST to every enabled endpoint subscribed to this kind. Success is a 2xx within 10 seconds; redirects are not followed. Otherwise retried with jitter after 1 min, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h, 14 h and 20 h (about three days), then marked failed. Every attempt has a fresh `sent_at` and signature; deliveries are at least once, so deduplicate on `id`.
     */
    post: operations["webhook_card_refunded"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
}
export interface components {
  schemas: {
    CreateWalletRequest: {
      /**
       * @description Your own identifier for the user; 1-128 characters of `[A-Za-z0-9_.:@-]`.
       * @example user_42
       */
      externalUserId: string;
      /**
       * @description ISO 4217 currency code (upper case in responses).
       * @example USD
       */
      currency: string;
      /**
       * Format: email
       * @description The user's email address.
       * @example ada@example.com
       */
      email: string;
      /**
       * @description The holder's name, used on statements and proofs.
       * @example Ada Obi
       */
      name?: string;
      address?: components["schemas"]["Address"];
    };
    /** @description Postal address, used by proof-of-address letters. */
    Address: {
      line1: string;
      line2?: string;
      city: string;
      region?: string;
      postalCode?: string;
      country: string;
    };
    IssueCardRequest: {
      /**
       * @description Identifies the wallet the card draws on.
       * @example user_42
       */
      externalUserId: string;
      /**
       * @description Only virtual cards are issued.
       * @constant
       */
      kind: "virtual";
      /**
       * @description Must equal the wallet's currency.
       * @example USD
       */
      currency: string;
      /**
       * @description Per-authorization limit in the card's currency; absent means no limit.
       * @example 25.5
       */
      spendLimit?: number;
    };
    CreateAuthorizationRequest: {
      /**
       * @description Amount to hold, in the card's currency (major unit).
       * @example 25.5
       */
      amount: number;
      /**
       * @description Optional; when given it must equal the card's currency, or the spend is declined with card_currency_mismatch.
       * @example USD
       */
      currency?: string;
      merchant: components["schemas"]["MerchantInput"];
    };
    MerchantInput: {
      /**
       * @description The merchant's name as shown to the holder.
       * @example Corner Coffee
       */
      name: string;
      /**
       * @description Merchant category, e.g. an MCC or a label.
       * @example 5814
       */
      category?: string;
      /**
       * @description ISO 3166-1 alpha-2 country of the merchant.
       * @example NG
       */
      country?: string;
    };
    CaptureAuthorizationRequest: {
      /**
       * @description Amount to capture, at most the authorized amount; absent captures it all. The rest of the hold is released.
       * @example 25.5
       */
      amount?: number;
    };
    RefundAuthorizationRequest: {
      /**
       * @description Amount to refund, at most what is captured and not yet refunded; absent refunds all of that.
       * @example 25.5
       */
      amount?: number;
    };
    FundWalletRequest: {
      /**
       * @description Amount to credit, in the wallet's currency (major unit).
       * @example 25.5
       */
      amount: number;
      /**
       * @description Shown on the wallet's transaction.
       * @example Test top-up
       */
      description?: string;
    };
    CreateStatementRequest: {
      /**
       * @description First day of the period (UTC), `YYYY-MM-DD`.
       * @example 2026-10-01
       */
      periodStart: string;
      /**
       * @description Last day of the period (UTC), inclusive, not after today.
       * @example 2026-10-31
       */
      periodEnd: string;
      /**
       * @description The holder's name; required when the wallet has no name, and must equal it when it has one.
       * @example Ada Obi
       */
      holderName?: string;
      /**
       * @description Days until the verification token expires; default 90.
       * @example 90
       */
      expiresInDays?: number;
    };
    CreateProofRequest: {
      /**
       * @description address: the holder's address on file; funds: the available balance at issue.
       * @example funds
       * @enum {string}
       */
      kind: "address" | "funds";
      /**
       * @description The holder's name; required when the wallet has no name, and must equal it when it has one.
       * @example Ada Obi
       */
      holderName?: string;
      /**
       * @description Days the letter stays current; default 30.
       * @example 30
       */
      expiresInDays?: number;
    };
    WalletProvisionedEvent: {
      /**
       * @description The event's id; the same on every attempt and replay, so receivers can drop duplicates.
       * @example evt_4fG7hJ2kL9mN3pQ6rS8tV1wX
       */
      id: string;
      /** @constant */
      event: "wallet.provisioned";
      /**
       * @description Payload schema version; also in the x-service-schema-version header.
       * @constant
       */
      schema_version: "1.1";
      /**
       * @description When this attempt was sent; fresh on every retry and replay.
       * @example 2026-11-21T10:00:00.000Z
       */
      sent_at: string;
      data: components["schemas"]["Wallet"];
    };
    Wallet: {
      /** @example wal_4mX0aJ1n0S2bqz0f1Xk8Qe7T */
      id: string;
      /** @constant */
      object: "wallet";
      externalUserId: string;
      email: string;
      name: string | null;
      address: components["schemas"]["Address"] | null;
      /**
       * @description ISO 4217 currency code.
       * @example USD
       */
      currency: string;
      /**
       * @description 10 digits; the last is a Luhn check digit.
       * @example 4829103746
       */
      accountNumber: string;
      /** @enum {string} */
      status: "active" | "frozen" | "closed";
      balance: {
        /**
         * @description Posted balance minus open authorization holds.
         * @example 25.5
         */
        available: number;
        /**
         * @description Sum of the wallet's ledger entries.
         * @example 25.5
         */
        posted: number;
      };
      /** @description false for records made with sk_test_ keys, true for sk_live_ keys. */
      livemode: boolean;
      /**
       * @description ISO 8601 UTC timestamp.
       * @example 2026-11-21T10:00:00.000Z
       */
      createdAt: string;
    };
    CardIssuedEvent: {
      /**
       * @description The event's id; the same on every attempt and replay, so receivers can drop duplicates.
       * @example evt_4fG7hJ2kL9mN3pQ6rS8tV1wX
       */
      id: string;
      /** @constant */
      event: "card.issued";
      /**
       * @description Payload schema version; also in the x-service-schema-version header.
       * @constant
       */
      schema_version: "1.1";
      /**
       * @description When this attempt was sent; fresh on every retry and replay.
       * @example 2026-11-21T10:00:00.000Z
       */
      sent_at: string;
      data: components["schemas"]["Card"];
    };
    Card: {
      /** @example card_9QwE2rTy6UiO0pAs4DfG8hJk */
      id: string;
      /** @constant */
      object: "card";
      walletId: string;
      externalUserId: string;
      /** @constant */
      kind: "virtual";
      /**
       * @description ISO 4217 currency code.
       * @example USD
       */
      currency: string;
      /** @description Per-authorization limit; null means none. */
      spendLimit: number | null;
      /** @enum {string} */
      status: "active" | "frozen" | "canceled";
      /** @example 4242 */
      last4: string;
      expMonth: number;
      expYear: number;
      /** @description false for records made with sk_test_ keys, true for sk_live_ keys. */
      livemode: boolean;
      /**
       * @description ISO 8601 UTC timestamp.
       * @example 2026-11-21T10:00:00.000Z
       */
      createdAt: string;
    };
    CardAuthorizedEvent: {
      /**
       * @description The event's id; the same on every attempt and replay, so receivers can drop duplicates.
       * @example evt_4fG7hJ2kL9mN3pQ6rS8tV1wX
       */
      id: string;
      /** @constant */
      event: "card.authorized";
      /**
       * @description Payload schema version; also in the x-service-schema-version header.
       * @constant
       */
      schema_version: "1.1";
      /**
       * @description When this attempt was sent; fresh on every retry and replay.
       * @example 2026-11-21T10:00:00.000Z
       */
      sent_at: string;
      data: components["schemas"]["Authorization"];
    };
    Authorization: {
      /** @example auth_3kT9sLm2QpX7vB1nR5cY8dWz */
      id: string;
      /** @constant */
      object: "authorization";
      cardId: string;
      walletId: string;
      externalUserId: string;
      /**
       * @description Amount authorized (or attempted, when declined).
       * @example 25.5
       */
      amount: number;
      /**
       * @description ISO 4217 currency code.
       * @example USD
       */
      currency: string;
      /**
       * @description pending: the hold is open. closed: captured, fully or partly (the rest released). declined: refused; see declineCode.
       * @enum {string}
       */
      status: "pending" | "closed" | "declined";
      /** @description Why the card refused; null unless declined. */
      declineCode: ("insufficient_funds" | "spend_limit_exceeded" | "card_inactive" | "card_currency_mismatch") | null;
      /**
       * @description Amount in the major unit of the currency.
       * @example 25.5
       */
      capturedAmount: number;
      /**
       * @description Amount in the major unit of the currency.
       * @example 25.5
       */
      refundedAmount: number;
      merchant: {
        name: string;
        category: string | null;
        country: string | null;
      };
      /**
       * @description sdk: an SDK spend; tap: a simulated card tap (test mode).
       * @enum {string}
       */
      source: "sdk" | "tap";
      /** @description false for records made with sk_test_ keys, true for sk_live_ keys. */
      livemode: boolean;
      /**
       * @description ISO 8601 UTC timestamp.
       * @example 2026-11-21T10:00:00.000Z
       */
      createdAt: string;
      /**
       * @description ISO 8601 UTC timestamp.
       * @example 2026-11-21T10:00:00.000Z
       */
      updatedAt: string;
    };
    CardCapturedEvent: {
      /**
       * @description The event's id; the same on every attempt and replay, so receivers can drop duplicates.
       * @example evt_4fG7hJ2kL9mN3pQ6rS8tV1wX
       */
      id: string;
      /** @constant */
      event: "card.captured";
      /**
       * @description Payload schema version; also in the x-service-schema-version header.
       * @constant
       */
      schema_version: "1.1";
      /**
       * @description When this attempt was sent; fresh on every retry and replay.
       * @example 2026-11-21T10:00:00.000Z
       */
      sent_at: string;
      data: components["schemas"]["Authorization"];
    };
    CardRefundedEvent: {
      /**
       * @description The event's id; the same on every attempt and replay, so receivers can drop duplicates.
       * @example evt_4fG7hJ2kL9mN3pQ6rS8tV1wX
       */
      id: string;
      /** @constant */
      event: "card.refunded";
      /**
       * @description Payload schema version; also in the x-service-schema-version header.
       * @constant
       */
      schema_version: "1.1";
      /**
       * @description When this attempt was sent; fresh on every retry and replay.
       * @example 2026-11-21T10:00:00.000Z
       */
      sent_at: string;
      data: components["schemas"]["Authorization"];
    };
    WalletWriteResponse: {
      /** @example wal_4mX0aJ1n0S2bqz0f1Xk8Qe7T */
      id: string;
      /** @constant */
      object: "wallet";
      externalUserId: string;
      email: string;
      name: string | null;
      address: components["schemas"]["AddressOutput"] | null;
      /**
       * @description ISO 4217 currency code.
       * @example USD
       */
      currency: string;
      /**
       * @description 10 digits; the last is a Luhn check digit.
       * @example 4829103746
       */
      accountNumber: string;
      /** @enum {string} */
      status: "active" | "frozen" | "closed";
      balance: {
        /**
         * @description Posted balance minus open authorization holds.
         * @example 25.5
         */
        available: number;
        /**
         * @description Sum of the wallet's ledger entries.
         * @example 25.5
         */
        posted: number;
      };
      /** @description false for records made with sk_test_ keys, true for sk_live_ keys. */
      livemode: boolean;
      /**
       * @description ISO 8601 UTC timestamp.
       * @example 2026-11-21T10:00:00.000Z
       */
      createdAt: string;
      /** @description true when this response is the stored answer to an earlier request with the same Idempotency-Key. */
      idempotent_replay: boolean;
    };
    /** @description The error envelope of every non-2xx API response. */
    Error: {
      error: {
        /** @description Error category, e.g. invalid_request_error. */
        type: string;
        /** @description Machine-readable code, e.g. validation_failed. */
        code: string;
        /** @description A sentence for the developer. */
        message: string;
        /** @description The one field to blame, when there is one. */
        param?: string;
        /** @description Every validation issue, for validation_failed. */
        details?: {
          path: string;
          message: string;
          code: string;
        }[];
        /**
         * @description scope_missing only: the scope the key lacks.
         * @example wallets:write
         */
        required_scope?: string;
        /** @description 402 card declines only: the declined authorization, recorded with status declined (see the Authorization schema). */
        authorization?: {
          id: string;
          /** @constant */
          object: "authorization";
        } & {
          [key: string]: unknown;
        };
        /** @description Same as the x-request-id header. */
        request_id: string;
      };
    };
    CardWriteResponse: {
      /** @example card_9QwE2rTy6UiO0pAs4DfG8hJk */
      id: string;
      /** @constant */
      object: "card";
      walletId: string;
      externalUserId: string;
      /** @constant */
      kind: "virtual";
      /**
       * @description ISO 4217 currency code.
       * @example USD
       */
      currency: string;
      /** @description Per-authorization limit; null means none. */
      spendLimit: number | null;
      /** @enum {string} */
      status: "active" | "frozen" | "canceled";
      /** @example 4242 */
      last4: string;
      expMonth: number;
      expYear: number;
      /** @description false for records made with sk_test_ keys, true for sk_live_ keys. */
      livemode: boolean;
      /**
       * @description ISO 8601 UTC timestamp.
       * @example 2026-11-21T10:00:00.000Z
       */
      createdAt: string;
      /** @description true when this response is the stored answer to an earlier request with the same Idempotency-Key. */
      idempotent_replay: boolean;
    };
    CardList: {
      /** @constant */
      object: "list";
      /** @description Newest first. */
      data: components["schemas"]["CardOutput"][];
      /** @description true when another page follows. */
      has_more: boolean;
      /** @description Pass as `starting_after` to read the next page; null on the last page. */
      next_cursor: string | null;
    };
    AuthorizationWriteResponse: {
      /** @example auth_3kT9sLm2QpX7vB1nR5cY8dWz */
      id: string;
      /** @constant */
      object: "authorization";
      cardId: string;
      walletId: string;
      externalUserId: string;
      /**
       * @description Amount authorized (or attempted, when declined).
       * @example 25.5
       */
      amount: number;
      /**
       * @description ISO 4217 currency code.
       * @example USD
       */
      currency: string;
      /**
       * @description pending: the hold is open. closed: captured, fully or partly (the rest released). declined: refused; see declineCode.
       * @enum {string}
       */
      status: "pending" | "closed" | "declined";
      /** @description Why the card refused; null unless declined. */
      declineCode: ("insufficient_funds" | "spend_limit_exceeded" | "card_inactive" | "card_currency_mismatch") | null;
      /**
       * @description Amount in the major unit of the currency.
       * @example 25.5
       */
      capturedAmount: number;
      /**
       * @description Amount in the major unit of the currency.
       * @example 25.5
       */
      refundedAmount: number;
      merchant: {
        name: string;
        category: string | null;
        country: string | null;
      };
      /**
       * @description sdk: an SDK spend; tap: a simulated card tap (test mode).
       * @enum {string}
       */
      source: "sdk" | "tap";
      /** @description false for records made with sk_test_ keys, true for sk_live_ keys. */
      livemode: boolean;
      /**
       * @description ISO 8601 UTC timestamp.
       * @example 2026-11-21T10:00:00.000Z
       */
      createdAt: string;
      /**
       * @description ISO 8601 UTC timestamp.
       * @example 2026-11-21T10:00:00.000Z
       */
      updatedAt: string;
      /** @description true when this response is the stored answer to an earlier request with the same Idempotency-Key. */
      idempotent_replay: boolean;
    };
    TransactionList: {
      /** @constant */
      object: "list";
      /** @description Newest first. */
      data: components["schemas"]["Transaction"][];
      /** @description true when another page follows. */
      has_more: boolean;
      /** @description Pass as `starting_after` to read the next page; null on the last page. */
      next_cursor: string | null;
    };
    Transaction: {
      /**
       * @description The ledger transfer's id.
       * @example ltr_8HcN2wQe5RtY1uIo3PaS7dFg
       */
      id: string;
      /** @constant */
      object: "transaction";
      walletId: string;
      externalUserId: string;
      /**
       * @description funding: money in; capture: a card payment; refund: a merchant refund.
       * @enum {string}
       */
      type: "funding" | "capture" | "refund";
      /**
       * @description Signed: positive credits the wallet, negative debits it.
       * @example -12.5
       */
      amount: number;
      /**
       * @description ISO 4217 currency code.
       * @example USD
       */
      currency: string;
      /** @description The authorization captured or refunded; null for funding. */
      authorizationId: string | null;
      description: string | null;
      /**
       * @description The wallet's posted balance right after this transaction.
       * @example 25.5
       */
      balanceAfter: number;
      /** @description false for records made with sk_test_ keys, true for sk_live_ keys. */
      livemode: boolean;
      /**
       * @description ISO 8601 UTC timestamp.
       * @example 2026-11-21T10:00:00.000Z
       */
      createdAt: string;
    };
    TransactionWriteResponse: {
      /**
       * @description The ledger transfer's id.
       * @example ltr_8HcN2wQe5RtY1uIo3PaS7dFg
       */
      id: string;
      /** @constant */
      object: "transaction";
      walletId: string;
      externalUserId: string;
      /**
       * @description funding: money in; capture: a card payment; refund: a merchant refund.
       * @enum {string}
       */
      type: "funding" | "capture" | "refund";
      /**
       * @description Signed: positive credits the wallet, negative debits it.
       * @example -12.5
       */
      amount: number;
      /**
       * @description ISO 4217 currency code.
       * @example USD
       */
      currency: string;
      /** @description The authorization captured or refunded; null for funding. */
      authorizationId: string | null;
      description: string | null;
      /**
       * @description The wallet's posted balance right after this transaction.
       * @example 25.5
       */
      balanceAfter: number;
      /** @description false for records made with sk_test_ keys, true for sk_live_ keys. */
      livemode: boolean;
      /**
       * @description ISO 8601 UTC timestamp.
       * @example 2026-11-21T10:00:00.000Z
       */
      createdAt: string;
      /** @description true when this response is the stored answer to an earlier request with the same Idempotency-Key. */
      idempotent_replay: boolean;
    };
    EventList: {
      /** @constant */
      object: "list";
      /** @description Newest first. */
      data: components["schemas"]["Event"][];
      /** @description true when another page follows. */
      has_more: boolean;
      /** @description Pass as `starting_after` to read the next page; null on the last page. */
      next_cursor: string | null;
    };
    Event: {
      /** @example evt_4fG7hJ2kL9mN3pQ6rS8tV1wX */
      id: string;
      /** @constant */
      object: "event";
      /**
       * @description The event kind.
       * @example card.issued
       * @enum {string}
       */
      type: "wallet.provisioned" | "card.issued" | "card.authorized" | "card.captured" | "card.refunded";
      /** @description The resource record as the API returned it when the event happened (wallet, card or authorization). */
      data: {
        [key: string]: unknown;
      };
      /** @description false for records made with sk_test_ keys, true for sk_live_ keys. */
      livemode: boolean;
      /**
       * @description ISO 8601 UTC timestamp.
       * @example 2026-11-21T10:00:00.000Z
       */
      createdAt: string;
    };
    WebhookDeliveryList: {
      /** @constant */
      object: "list";
      /** @description Newest first. */
      data: components["schemas"]["WebhookDelivery"][];
      /** @description true when another page follows. */
      has_more: boolean;
      /** @description Pass as `starting_after` to read the next page; null on the last page. */
      next_cursor: string | null;
    };
    WebhookDelivery: {
      /** @example whd_2bC4dE6fG8hJ0kL1mN3pQ5rS */
      id: string;
      /** @constant */
      object: "webhook_delivery";
      eventId: string;
      /**
       * @description The event kind.
       * @example card.issued
       * @enum {string}
       */
      eventType: "wallet.provisioned" | "card.issued" | "card.authorized" | "card.captured" | "card.refunded";
      endpointId: string;
      /** @description The endpoint's URL. */
      url: string;
      /**
       * @description pending: not delivered yet, retries scheduled. succeeded: a 2xx was received. failed: the retry schedule (about three days) ran out, or the endpoint was disabled.
       * @enum {string}
       */
      status: "pending" | "succeeded" | "failed";
      attemptCount: number;
      lastStatusCode: number | null;
      /** @description When the next automatic retry is due; null when none is. */
      nextAttemptAt: string | null;
      lastAttempt: components["schemas"]["WebhookAttempt"] | null;
      /** @description false for records made with sk_test_ keys, true for sk_live_ keys. */
      livemode: boolean;
      /**
       * @description ISO 8601 UTC timestamp.
       * @example 2026-11-21T10:00:00.000Z
       */
      createdAt: string;
      /**
       * @description ISO 8601 UTC timestamp.
       * @example 2026-11-21T10:00:00.000Z
       */
      updatedAt: string;
    };
    WebhookAttempt: {
      /** @example wha_8hJ3kL5mN7pQ9rS2tV4wX6yZ */
      id: string;
      /** @constant */
      object: "webhook_attempt";
      /**
       * @description retry: the automatic schedule (the first try included). replay: asked for through the API.
       * @enum {string}
       */
      trigger: "retry" | "replay";
      /** @description The receiver's HTTP status; null when no answer came (timeout, refused connection or address). */
      statusCode: number | null;
      /** @description Milliseconds from the start of the attempt to the answer (or the failure). */
      latencyMs: number | null;
      /** @description The first 2 KB of the receiver's answer. */
      responseExcerpt: string | null;
      /** @description Why the attempt got no answer, e.g. `timed out after 10000 ms`. */
      error: string | null;
      /** @description The headers sent, signature included. */
      requestHeaders: {
        [key: string]: string;
      };
      /** @description The exact body sent (the signed bytes). */
      requestBody: string;
      /**
       * @description ISO 8601 UTC timestamp.
       * @example 2026-11-21T10:00:00.000Z
       */
      createdAt: string;
    };
    WebhookDeliveryDetail: {
      /** @example whd_2bC4dE6fG8hJ0kL1mN3pQ5rS */
      id: string;
      /** @constant */
      object: "webhook_delivery";
      eventId: string;
      /**
       * @description The event kind.
       * @example card.issued
       * @enum {string}
       */
      eventType: "wallet.provisioned" | "card.issued" | "card.authorized" | "card.captured" | "card.refunded";
      endpointId: string;
      /** @description The endpoint's URL. */
      url: string;
      /**
       * @description pending: not delivered yet, retries scheduled. succeeded: a 2xx was received. failed: the retry schedule (about three days) ran out, or the endpoint was disabled.
       * @enum {string}
       */
      status: "pending" | "succeeded" | "failed";
      attemptCount: number;
      lastStatusCode: number | null;
      /** @description When the next automatic retry is due; null when none is. */
      nextAttemptAt: string | null;
      lastAttempt: components["schemas"]["WebhookAttempt"] | null;
      /** @description false for records made with sk_test_ keys, true for sk_live_ keys. */
      livemode: boolean;
      /**
       * @description ISO 8601 UTC timestamp.
       * @example 2026-11-21T10:00:00.000Z
       */
      createdAt: string;
      /**
       * @description ISO 8601 UTC timestamp.
       * @example 2026-11-21T10:00:00.000Z
       */
      updatedAt: string;
      /** @description Every attempt, oldest first. */
      attempts: components["schemas"]["WebhookAttempt"][];
    };
    WebhookReplayResponse: {
      /** @example whd_2bC4dE6fG8hJ0kL1mN3pQ5rS */
      id: string;
      /** @constant */
      object: "webhook_delivery";
      eventId: string;
      /**
       * @description The event kind.
       * @example card.issued
       * @enum {string}
       */
      eventType: "wallet.provisioned" | "card.issued" | "card.authorized" | "card.captured" | "card.refunded";
      endpointId: string;
      /** @description The endpoint's URL. */
      url: string;
      /**
       * @description pending: not delivered yet, retries scheduled. succeeded: a 2xx was received. failed: the retry schedule (about three days) ran out, or the endpoint was disabled.
       * @enum {string}
       */
      status: "pending" | "succeeded" | "failed";
      attemptCount: number;
      lastStatusCode: number | null;
      /** @description When the next automatic retry is due; null when none is. */
      nextAttemptAt: string | null;
      lastAttempt: components["schemas"]["WebhookAttempt"] | null;
      /** @description false for records made with sk_test_ keys, true for sk_live_ keys. */
      livemode: boolean;
      /**
       * @description ISO 8601 UTC timestamp.
       * @example 2026-11-21T10:00:00.000Z
       */
      createdAt: string;
      /**
       * @description ISO 8601 UTC timestamp.
       * @example 2026-11-21T10:00:00.000Z
       */
      updatedAt: string;
      /** @description true when this response is the stored answer to an earlier request with the same Idempotency-Key. */
      idempotent_replay: boolean;
    };
    StatementCreated: {
      /** @example stmt_4mX0aJ1n0S2bqz0f1Xk8Qe7T */
      id: string;
      /** @constant */
      object: "statement";
      walletId: string;
      externalUserId: string;
      holderName: string;
      /**
       * @description ISO 4217 currency code.
       * @example USD
       */
      currency: string;
      /**
       * @description `YYYY-MM-DD`.
       * @example 2026-10-01
       */
      periodStart: string;
      /**
       * @description `YYYY-MM-DD`, inclusive.
       * @example 2026-10-31
       */
      periodEnd: string;
      /**
       * @description Posted balance at the start of periodStart (UTC).
       * @example 25.5
       */
      openingBalance: number;
      /**
       * @description Posted balance after the period's last transaction (at issue, for a period ending today).
       * @example 25.5
       */
      closingBalance: number;
      /**
       * @description ISO 8601 UTC timestamp.
       * @example 2026-11-21T10:00:00.000Z
       */
      issuedAt: string;
      expiresAt: string | null;
      revokedAt: string | null;
      /** @description false for records made with sk_test_ keys, true for sk_live_ keys. */
      livemode: boolean;
      /** @description The period's transactions, oldest first. */
      transactions: components["schemas"]["Transaction"][];
      /**
       * @description The verification token (`vst_` + 32 base62 characters). Shown only in this response (and its idempotent replays); stored hashed.
       * @example vst_8HcN2wQe5RtY1uIo3PaS7dFgK9LmZx0b
       */
      token: string;
      /**
       * @description Public page that checks the token.
       * @example https://example.com/verify?token=vst_8HcN2wQe5RtY1uIo3PaS7dFgK9LmZx0b
       */
      verifyUrl: string;
      /** @description An SVG QR code that encodes verifyUrl, to print on the statement. */
      qrSvg: string;
      /** @description true when this response is the stored answer to an earlier request with the same Idempotency-Key. */
      idempotent_replay: boolean;
    };
    StatementWriteResponse: {
      /** @example stmt_4mX0aJ1n0S2bqz0f1Xk8Qe7T */
      id: string;
      /** @constant */
      object: "statement";
      walletId: string;
      externalUserId: string;
      holderName: string;
      /**
       * @description ISO 4217 currency code.
       * @example USD
       */
      currency: string;
      /**
       * @description `YYYY-MM-DD`.
       * @example 2026-10-01
       */
      periodStart: string;
      /**
       * @description `YYYY-MM-DD`, inclusive.
       * @example 2026-10-31
       */
      periodEnd: string;
      /**
       * @description Posted balance at the start of periodStart (UTC).
       * @example 25.5
       */
      openingBalance: number;
      /**
       * @description Posted balance after the period's last transaction (at issue, for a period ending today).
       * @example 25.5
       */
      closingBalance: number;
      /**
       * @description ISO 8601 UTC timestamp.
       * @example 2026-11-21T10:00:00.000Z
       */
      issuedAt: string;
      expiresAt: string | null;
      revokedAt: string | null;
      /** @description false for records made with sk_test_ keys, true for sk_live_ keys. */
      livemode: boolean;
      /** @description true when this response is the stored answer to an earlier request with the same Idempotency-Key. */
      idempotent_replay: boolean;
    };
    ProofWriteResponse: {
      /** @example prf_4mX0aJ1n0S2bqz0f1Xk8Qe7T */
      id: string;
      /** @constant */
      object: "proof";
      walletId: string;
      externalUserId: string;
      /**
       * @description address: the holder's address on file; funds: the available balance at issue.
       * @example funds
       * @enum {string}
       */
      kind: "address" | "funds";
      /**
       * @description The letter's reference code; a verifier who has it also sees the amount or address.
       * @example PRF-7KQ2-M9XD
       */
      reference: string;
      holderName: string;
      /** @example 4829103746 */
      accountNumber: string;
      /** @description Funds letters: the wallet's currency. */
      currency: string | null;
      /** @description Funds letters: the available balance when the letter was issued. */
      amount: number | null;
      /** @description Address letters: the address on file when the letter was issued. */
      address: components["schemas"]["AddressOutput"] | null;
      /** @description Public page that checks the letter, reference included. */
      verifyUrl: string;
      /**
       * @description ISO 8601 UTC timestamp.
       * @example 2026-11-21T10:00:00.000Z
       */
      issuedAt: string;
      expiresAt: string | null;
      revokedAt: string | null;
      /** @description false for records made with sk_test_ keys, true for sk_live_ keys. */
      livemode: boolean;
      /** @description true when this response is the stored answer to an earlier request with the same Idempotency-Key. */
      idempotent_replay: boolean;
    };
    /** @description Always HTTP 200: valid true with the statement's details, or valid false with a reason. */
    StatementTokenResult: components["schemas"]["StatementTokenValid"] | components["schemas"]["StatementTokenInvalid"];
    StatementTokenValid: {
      /** @constant */
      valid: true;
      /** @example Ada Obi */
      holder_name: string;
      /**
       * @description `YYYY-MM-DD`.
       * @example 2026-10-01
       */
      period_start: string;
      /**
       * @description `YYYY-MM-DD`, inclusive.
       * @example 2026-10-31
       */
      period_end: string;
      /**
       * @description ISO 8601 UTC timestamp.
       * @example 2026-11-21T10:00:00.000Z
       */
      issued_at: string;
      expires_at: string | null;
      /**
       * @description ISO 4217 currency code.
       * @example USD
       */
      currency: string;
      /**
       * @description Amount in the major unit of the currency.
       * @example 25.5
       */
      opening_balance: number;
      /**
       * @description Amount in the major unit of the currency.
       * @example 25.5
       */
      closing_balance: number;
      /** @description false for a statement issued with a test key: not a real account. */
      livemode: boolean;
    };
    StatementTokenInvalid: {
      /** @constant */
      valid: false;
      /**
       * @description A sentence explaining the failure.
       * @example This statement has been revoked by its issuer.
       */
      reason: string;
      /** @enum {string} */
      reason_code: "malformed" | "not_found" | "revoked" | "expired";
    };
    ProofVerification: {
      account: string;
      /**
       * @description address: the holder's address on file; funds: the available balance at issue.
       * @example funds
       * @enum {string}
       */
      kind: "address" | "funds";
      /** @description true when a current (unrevoked, unexpired) letter of this kind exists for the account. */
      valid: boolean;
      /**
       * @description Masked, e.g. `A*** O***`; null when valid is false.
       * @example A*** O***
       */
      holder_name: string | null;
      issued_at: string | null;
      expires_at: string | null;
      /** @description false for a letter issued with a test key; null when valid is false. */
      livemode: boolean | null;
      /** @description null when no reference was passed; otherwise whether it names a current letter of this kind for the account. */
      reference_matched: boolean | null;
      /**
       * @description Funds letters, with a matching reference only.
       * @example USD
       */
      currency?: string;
      /**
       * @description Funds letters, with a matching reference only: the available balance at issue.
       * @example 25.5
       */
      amount?: number;
      /** @description Address letters, with a matching reference only. */
      address?: components["schemas"]["AddressOutput"];
    };
    TreasuryStats: {
      /**
       * @description When these figures were computed (they are cached for up to 60 seconds).
       * @example 2026-11-21T10:00:00.000Z
       */
      as_of: string;
      /**
       * @description Always true: test-mode data never appears here.
       * @constant
       */
      livemode: true;
      /** @description true when the live ledger's invariant holds (every transfer sums to zero, cached balances match entries). */
      ledger_balanced: boolean;
      /** @description One entry per currency with live wallets, cards or ledger accounts, by code. */
      currencies: components["schemas"]["TreasuryCurrency"][];
    };
    TreasuryCurrency: {
      /**
       * @description ISO 4217 currency code.
       * @example USD
       */
      currency: string;
      /** @description Live wallets in this currency. */
      wallets: number;
      /** @description Live cards in this currency whose status is active. */
      active_cards: number;
      /**
       * @description Sum of live wallet posted balances (what the platform owes holders), major units.
       * @example 12500.5
       */
      liabilities: number;
      /**
       * @description Reserves held against them: the negative of the live reserve account's balance, major units.
       * @example 12500.5
       */
      reserves: number;
      /**
       * @description reserves / liabilities, to 4 decimal places; null when liabilities are 0.
       * @example 1
       */
      coverage_ratio: number | null;
      /**
       * @description Live card captures over the last 30 days, net of refunds posted in the same window, major units.
       * @example 12500.5
       */
      card_volume_30d: number;
    };
    OpenApiDocument: {
      openapi: string;
    } & {
      [key: string]: unknown;
    };
    /** @description Postal address, used by proof-of-address letters. */
    AddressOutput: {
      line1: string;
      line2?: string;
      city: string;
      region?: string;
      postalCode?: string;
      country: string;
    };
    WalletOutput: {
      /** @example wal_4mX0aJ1n0S2bqz0f1Xk8Qe7T */
      id: string;
      /** @constant */
      object: "wallet";
      externalUserId: string;
      email: string;
      name: string | null;
      address: components["schemas"]["AddressOutput"] | null;
      /**
       * @description ISO 4217 currency code.
       * @example USD
       */
      currency: string;
      /**
       * @description 10 digits; the last is a Luhn check digit.
       * @example 4829103746
       */
      accountNumber: string;
      /** @enum {string} */
      status: "active" | "frozen" | "closed";
      balance: {
        /**
         * @description Posted balance minus open authorization holds.
         * @example 25.5
         */
        available: number;
        /**
         * @description Sum of the wallet's ledger entries.
         * @example 25.5
         */
        posted: number;
      };
      /** @description false for records made with sk_test_ keys, true for sk_live_ keys. */
      livemode: boolean;
      /**
       * @description ISO 8601 UTC timestamp.
       * @example 2026-11-21T10:00:00.000Z
       */
      createdAt: string;
    };
    CardOutput: {
      /** @example card_9QwE2rTy6UiO0pAs4DfG8hJk */
      id: string;
      /** @constant */
      object: "card";
      walletId: string;
      externalUserId: string;
      /** @constant */
      kind: "virtual";
      /**
       * @description ISO 4217 currency code.
       * @example USD
       */
      currency: string;
      /** @description Per-authorization limit; null means none. */
      spendLimit: number | null;
      /** @enum {string} */
      status: "active" | "frozen" | "canceled";
      /** @example 4242 */
      last4: string;
      expMonth: number;
      expYear: number;
      /** @description false for records made with sk_test_ keys, true for sk_live_ keys. */
      livemode: boolean;
      /**
       * @description ISO 8601 UTC timestamp.
       * @example 2026-11-21T10:00:00.000Z
       */
      createdAt: string;
    };
    AuthorizationOutput: {
      /** @example auth_3kT9sLm2QpX7vB1nR5cY8dWz */
      id: string;
      /** @constant */
      object: "authorization";
      cardId: string;
      walletId: string;
      externalUserId: string;
      /**
       * @description Amount authorized (or attempted, when declined).
       * @example 25.5
       */
      amount: number;
      /**
       * @description ISO 4217 currency code.
       * @example USD
       */
      currency: string;
      /**
       * @description pending: the hold is open. closed: captured, fully or partly (the rest released). declined: refused; see declineCode.
       * @enum {string}
       */
      status: "pending" | "closed" | "declined";
      /** @description Why the card refused; null unless declined. */
      declineCode: ("insufficient_funds" | "spend_limit_exceeded" | "card_inactive" | "card_currency_mismatch") | null;
      /**
       * @description Amount in the major unit of the currency.
       * @example 25.5
       */
      capturedAmount: number;
      /**
       * @description Amount in the major unit of the currency.
       * @example 25.5
       */
      refundedAmount: number;
      merchant: {
        name: string;
        category: string | null;
        country: string | null;
      };
      /**
       * @description sdk: an SDK spend; tap: a simulated card tap (test mode).
       * @enum {string}
       */
      source: "sdk" | "tap";
      /** @description false for records made with sk_test_ keys, true for sk_live_ keys. */
      livemode: boolean;
      /**
       * @description ISO 8601 UTC timestamp.
       * @example 2026-11-21T10:00:00.000Z
       */
      createdAt: string;
      /**
       * @description ISO 8601 UTC timestamp.
       * @example 2026-11-21T10:00:00.000Z
       */
      updatedAt: string;
    };
  };
  responses: never;
  parameters: never;
  requestBodies: never;
  headers: never;
  pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
  createWallet: {
    parameters: {
      query?: never;
      header?: {
        /** @description Makes the write safe to retry: the same key within 24 hours returns the original response. */
        "Idempotency-Key"?: string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": components["schemas"]["CreateWalletRequest"];
      };
    };
    responses: {
      /** @description The wallet. */
      201: {
        headers: {
          /** @description Payload schema version of the API; currently 1.1. */
          "x-service-schema-version": string;
          /** @description Identifies this request; quote it when asking for help. */
          "x-request-id": string;
          /** @description Requests allowed per minute. */
          "x-ratelimit-limit": string;
          /** @description Requests left in the current window. */
          "x-ratelimit-remaining": string;
          /** @description Seconds until the window resets. */
          "x-ratelimit-reset": string;
          "idempotent-replayed"?: string;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["WalletWriteResponse"];
        };
      };
      /** @description The request is invalid (validation_failed, invalid_json, amount_precision, unsupported_currency...). Codes: validation_failed, invalid_json, invalid_idempotency_key, unsupported_currency. */
      400: {
        headers: {
          /** @description Payload schema version of the API; currently 1.1. */
          "x-service-schema-version": string;
          /** @description Identifies this request; quote it when asking for help. */
          "x-request-id": string;
          /** @description Requests allowed per minute. */
          "x-ratelimit-limit": string;
          /** @description Requests left in the current window. */
          "x-ratelimit-remaining": string;
          /** @description Seconds until the window resets. */
          "x-ratelimit-reset": string;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Missing, unknown or revoked API key. Codes: missing_api_key, invalid_api_key, revoked_api_key. */
      401: {
        headers: {
          /** @description Payload schema version of the API; currently 1.1. */
          "x-service-schema-version": string;
          /** @description Identifies this request; quote it when asking for help. */
          "x-request-id": string;
          /** @description Requests allowed per minute. */
          "x-ratelimit-limit": string;
          /** @description Requests left in the current window. */
          "x-ratelimit-remaining": string;
          /** @description Seconds until the window resets. */
          "x-ratelimit-reset": string;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description The key lacks the scope, or the caller's address is not allowed. Codes: scope_missing, ip_not_allowed. */
      403: {
        headers: {
          /** @description Payload schema version of the API; currently 1.1. */
          "x-service-schema-version": string;
          /** @description Identifies this request; quote it when asking for help. */
          "x-request-id": string;
          /** @description Requests allowed per minute. */
          "x-ratelimit-limit": string;
          /** @description Requests left in the current window. */
          "x-ratelimit-remaining": string;
          /** @description Seconds until the window resets. */
          "x-ratelimit-reset": string;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Conflict with the resource's current state, or the same Idempotency-Key is still in flight. Codes: idempotency_in_progress, wallet_exists. */
      409: {
        headers: {
          /** @description Payload schema version of the API; currently 1.1. */
          "x-service-schema-version": string;
          /** @description Identifies this request; quote it when asking for help. */
          "x-request-id": string;
          /** @description Requests allowed per minute. */
          "x-ratelimit-limit": string;
          /** @description Requests left in the current window. */
          "x-ratelimit-remaining": string;
          /** @description Seconds until the window resets. */
          "x-ratelimit-reset": string;
          "retry-after"?: string;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Writes must send Content-Type: application/json. Codes: unsupported_media_type. */
      415: {
        headers: {
          /** @description Payload schema version of the API; currently 1.1. */
          "x-service-schema-version": string;
          /** @description Identifies this request; quote it when asking for help. */
          "x-request-id": string;
          /** @description Requests allowed per minute. */
          "x-ratelimit-limit": string;
          /** @description Requests left in the current window. */
          "x-ratelimit-remaining": string;
          /** @description Seconds until the window resets. */
          "x-ratelimit-reset": string;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description The Idempotency-Key was used with a different request. Codes: idempotency_key_reused. */
      422: {
        headers: {
          /** @description Payload schema version of the API; currently 1.1. */
          "x-service-schema-version": string;
          /** @description Identifies this request; quote it when asking for help. */
          "x-request-id": string;
          /** @description Requests allowed per minute. */
          "x-ratelimit-limit": string;
          /** @description Requests left in the current window. */
          "x-ratelimit-remaining": string;
          /** @description Seconds until the window resets. */
          "x-ratelimit-reset": string;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Over the rate limit; retry after the number of seconds in Retry-After. Codes: rate_limited. */
      429: {
        headers: {
          /** @description Payload schema version of the API; currently 1.1. */
          "x-service-schema-version": string;
          /** @description Identifies this request; quote it when asking for help. */
          "x-request-id": string;
          /** @description Requests allowed per minute. */
          "x-ratelimit-limit": string;
          /** @description Requests left in the current window. */
          "x-ratelimit-remaining": string;
          /** @description Seconds until the window resets. */
          "x-ratelimit-reset": string;
          /** @description Seconds to wait before retrying (on 409, only with idempotency_in_progress). */
          "retry-after": string;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Something failed on our side. Codes: internal_error. */
      500: {
        headers: {
          /** @description Payload schema version of the API; currently 1.1. */
          "x-service-schema-version": string;
          /** @description Identifies this request; quote it when asking for help. */
          "x-request-id": string;
          /** @description Requests allowed per minute. */
          "x-ratelimit-limit": string;
          /** @description Requests left in the current window. */
          "x-ratelimit-remaining": string;
          /** @description Seconds until the window resets. */
          "x-ratelimit-reset": string;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description A dependency is unavailable; retry shortly. Codes: unavailable. */
      503: {
        headers: {
          /** @description Payload schema version of the API; currently 1.1. */
          "x-service-schema-version": string;
          /** @description Identifies this request; quote it when asking for help. */
          "x-request-id": string;
          /** @description Requests allowed per minute. */
          "x-ratelimit-limit": string;
          /** @description Requests left in the current window. */
          "x-ratelimit-remaining": string;
          /** @description Seconds until the window resets. */
          "x-ratelimit-reset": string;
          /** @description Seconds to wait before retrying (on 409, only with idempotency_in_progress). */
          "retry-after": string;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  getWallet: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description Your own identifier for the user; 1-128 characters of `[A-Za-z0-9_.:@-]`. */
        externalUserId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The wallet with its balances. */
      200: {
        headers: {
          /** @description Payload schema version of the API; currently 1.1. */
          "x-service-schema-version": string;
          /** @description Identifies this request; quote it when asking for help. */
          "x-request-id": string;
          /** @description Requests allowed per minute. */
          "x-ratelimit-limit": string;
          /** @description Requests left in the current window. */
          "x-ratelimit-remaining": string;
          /** @description Seconds until the window resets. */
          "x-ratelimit-reset": string;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["WalletOutput"];
        };
      };
      /** @description The request is invalid (validation_failed, invalid_json, amount_precision, unsupported_currency...). Codes: validation_failed. */
      400: {
        headers: {
          /** @description Payload schema version of the API; currently 1.1. */
          "x-service-schema-version": string;
          /** @description Identifies this request; quote it when asking for help. */
          "x-request-id": string;
          /** @description Requests allowed per minute. */
          "x-ratelimit-limit": string;
          /** @description Requests left in the current window. */
          "x-ratelimit-remaining": string;
          /** @description Seconds until the window resets. */
          "x-ratelimit-reset": string;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Missing, unknown or revoked API key. Codes: missing_api_key, invalid_api_key, revoked_api_key. */
      401: {
        headers: {
          /** @description Payload schema version of the API; currently 1.1. */
          "x-service-schema-version": string;
          /** @description Identifies this request; quote it when asking for help. */
          "x-request-id": string;
          /** @description Requests allowed per minute. */
          "x-ratelimit-limit": string;
          /** @description Requests left in the current window. */
          "x-ratelimit-remaining": string;
          /** @description Seconds until the window resets. */
          "x-ratelimit-reset": string;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description The key lacks the scope, or the caller's address is not allowed. Codes: scope_missing, ip_not_allowed. */
      403: {
        headers: {
          /** @description Payload schema version of the API; currently 1.1. */
          "x-service-schema-version": string;
          /** @description Identifies this request; quote it when asking for help. */
          "x-request-id": string;
          /** @description Requests allowed per minute. */
          "x-ratelimit-limit": string;
          /** @description Requests left in the current window. */
          "x-ratelimit-remaining": string;
          /** @description Seconds until the window resets. */
          "x-ratelimit-reset": string;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description The resource does not exist in this application and mode. Codes: wallet_not_found. */
      404: {
        headers: {
          /** @description Payload schema version of the API; currently 1.1. */
          "x-service-schema-version": string;
          /** @description Identifies this request; quote it when asking for help. */
          "x-request-id": string;
          /** @description Requests allowed per minute. */
          "x-ratelimit-limit": string;
          /** @description Requests left in the current window. */
          "x-ratelimit-remaining": string;
          /** @description Seconds until the window resets. */
          "x-ratelimit-reset": string;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Over the rate limit; retry after the number of seconds in Retry-After. Codes: rate_limited. */
      429: {
        headers: {
          /** @description Payload schema version of the API; currently 1.1. */
          "x-service-schema-version": string;
          /** @description Identifies this request; quote it when asking for help. */
          "x-request-id": string;
          /** @description Requests allowed per minute. */
          "x-ratelimit-limit": string;
          /** @description Requests left in the current window. */
          "x-ratelimit-remaining": string;
          /** @description Seconds until the window resets. */
          "x-ratelimit-reset": string;
          /** @description Seconds to wait before retrying (on 409, only with idempotency_in_progress). */
          "retry-after": string;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Something failed on our side. Codes: internal_error. */
      500: {
        headers: {
          /** @description Payload schema version of the API; currently 1.1. */
          "x-service-schema-version": string;
          /** @description Identifies this request; quote it when asking for help. */
          "x-request-id": string;
          /** @description Requests allowed per minute. */
          "x-ratelimit-limit": string;
          /** @description Requests left in the current window. */
          "x-ratelimit-remaining": string;
          /** @description Seconds until the window resets. */
          "x-ratelimit-reset": string;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description A dependency is unavailable; retry shortly. Codes: unavailable. */
      503: {
        headers: {
          /** @description Payload schema version of the API; currently 1.1. */
          "x-service-schema-version": string;
          /** @description Identifies this request; quote it when asking for help. */
          "x-request-id": string;
          /** @description Requests allowed per minute. */
          "x-ratelimit-limit": string;
          /** @description Requests left in the current window. */
          "x-ratelimit-remaining": string;
          /** @description Seconds until the window resets. */
          "x-ratelimit-reset": string;
          /** @description Seconds to wait before retrying (on 409, only with idempotency_in_progress). */
          "retry-after": string;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  issueCard: {
    parameters: {
      query?: never;
      header?: {
        /** @description Makes the write safe to retry: the same key within 24 hours returns the original response. */
        "Idempotency-Key"?: string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": components["schemas"]["IssueCardRequest"];
      };
    };
    responses: {
      /** @description The card. */
      201: {
        headers: {
          /** @description Payload schema version of the API; currently 1.1. */
          "x-service-schema-version": string;
          /** @description Identifies this request; quote it when asking for help. */
          "x-request-id": string;
          /** @description Requests allowed per minute. */
          "x-ratelimit-limit": string;
          /** @description Requests left in the current window. */
          "x-ratelimit-remaining": string;
          /** @description Seconds until the window resets. */
          "x-ratelimit-reset": string;
          "idempotent-replayed"?: string;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["CardWriteResponse"];
        };
      };
      /** @description The request is invalid (validation_failed, invalid_json, amount_precision, unsupported_currency...). Codes: validation_failed, invalid_json, invalid_idempotency_key, unsupported_currency, amount_precision, currency_mismatch. */
      400: {
        headers: {
          /** @description Payload schema version of the API; currently 1.1. */
          "x-service-schema-version": string;
          /** @description Identifies this request; quote it when asking for help. */
          "x-request-id": string;
          /** @description Requests allowed per minute. */
          "x-ratelimit-limit": string;
          /** @description Requests left in the current window. */
          "x-ratelimit-remaining": string;
          /** @description Seconds until the window resets. */
          "x-ratelimit-reset": string;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Missing, unknown or revoked API key. Codes: missing_api_key, invalid_api_key, revoked_api_key. */
      401: {
        headers: {
          /** @description Payload schema version of the API; currently 1.1. */
          "x-service-schema-version": string;
          /** @description Identifies this request; quote it when asking for help. */
          "x-request-id": string;
          /** @description Requests allowed per minute. */
          "x-ratelimit-limit": string;
          /** @description Requests left in the current window. */
          "x-ratelimit-remaining": string;
          /** @description Seconds until the window resets. */
          "x-ratelimit-reset": string;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description The key lacks the scope, or the caller's address is not allowed. Codes: scope_missing, ip_not_allowed. */
      403: {
        headers: {
          /** @description Payload schema version of the API; currently 1.1. */
          "x-service-schema-version": string;
          /** @description Identifies this request; quote it when asking for help. */
          "x-request-id": string;
          /** @description Requests allowed per minute. */
          "x-ratelimit-limit": string;
          /** @description Requests left in the current window. */
          "x-ratelimit-remaining": string;
          /** @description Seconds until the window resets. */
          "x-ratelimit-reset": string;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description The resource does not exist in this application and mode. Codes: wallet_not_found. */
      404: {
        headers: {
          /** @description Payload schema version of the API; currently 1.1. */
          "x-service-schema-version": string;
          /** @description Identifies this request; quote it when asking for help. */
          "x-request-id": string;
          /** @description Requests allowed per minute. */
          "x-ratelimit-limit": string;
          /** @description Requests left in the current window. */
          "x-ratelimit-remaining": string;
          /** @description Seconds until the window resets. */
          "x-ratelimit-reset": string;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Conflict with the resource's current state, or the same Idempotency-Key is still in flight. Codes: idempotency_in_progress, wallet_not_active. */
      409: {
        headers: {
          /** @description Payload schema version of the API; currently 1.1. */
          "x-service-schema-version": string;
          /** @description Identifies this request; quote it when asking for help. */
          "x-request-id": string;
          /** @description Requests allowed per minute. */
          "x-ratelimit-limit": string;
          /** @description Requests left in the current window. */
          "x-ratelimit-remaining": string;
          /** @description Seconds until the window resets. */
          "x-ratelimit-reset": string;
          "retry-after"?: string;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Writes must send Content-Type: application/json. Codes: unsupported_media_type. */
      415: {
        headers: {
          /** @description Payload schema version of the API; currently 1.1. */
          "x-service-schema-version": string;
          /** @description Identifies this request; quote it when asking for help. */
          "x-request-id": string;
          /** @description Requests allowed per minute. */
          "x-ratelimit-limit": string;
          /** @description Requests left in the current window. */
          "x-ratelimit-remaining": string;
          /** @description Seconds until the window resets. */
          "x-ratelimit-reset": string;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description The Idempotency-Key was used with a different request. Codes: idempotency_key_reused. */
      422: {
        headers: {
          /** @description Payload schema version of the API; currently 1.1. */
          "x-service-schema-version": string;
          /** @description Identifies this request; quote it when asking for help. */
          "x-request-id": string;
          /** @description Requests allowed per minute. */
          "x-ratelimit-limit": string;
          /** @description Requests left in the current window. */
          "x-ratelimit-remaining": string;
          /** @description Seconds until the window resets. */
          "x-ratelimit-reset": string;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Over the rate limit; retry after the number of seconds in Retry-After. Codes: rate_limited. */
      429: {
        headers: {
          /** @description Payload schema version of the API; currently 1.1. */
          "x-service-schema-version": string;
          /** @description Identifies this request; quote it when asking for help. */
          "x-request-id": string;
          /** @description Requests allowed per minute. */
          "x-ratelimit-limit": string;
          /** @description Requests left in the current window. */
          "x-ratelimit-remaining": string;
          /** @description Seconds until the window resets. */
          "x-ratelimit-reset": string;
          /** @description Seconds to wait before retrying (on 409, only with idempotency_in_progress). */
          "retry-after": string;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Something failed on our side. Codes: internal_error. */
      500: {
        headers: {
          /** @description Payload schema version of the API; currently 1.1. */
          "x-service-schema-version": string;
          /** @description Identifies this request; quote it when asking for help. */
          "x-request-id": string;
          /** @description Requests allowed per minute. */
          "x-ratelimit-limit": string;
          /** @description Requests left in the current window. */
          "x-ratelimit-remaining": string;
          /** @description Seconds until the window resets. */
          "x-ratelimit-reset": string;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description A dependency is unavailable; retry shortly. Codes: unavailable. */
      503: {
        headers: {
          /** @description Payload schema version of the API; currently 1.1. */
          "x-service-schema-version": string;
          /** @description Identifies this request; quote it when asking for help. */
          "x-request-id": string;
          /** @description Requests allowed per minute. */
          "x-ratelimit-limit": string;
          /** @description Requests left in the current window. */
          "x-ratelimit-remaining": string;
          /** @description Seconds until the window resets. */
          "x-ratelimit-reset": string;
          /** @description Seconds to wait before retrying (on 409, only with idempotency_in_progress). */
          "retry-after": string;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  getCard: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description The card's id. */
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The card. */
      200: {
        headers: {
          /** @description Payload schema version of the API; currently 1.1. */
          "x-service-schema-version": string;
          /** @description Identifies this request; quote it when asking for help. */
          "x-request-id": string;
          /** @description Requests allowed per minute. */
          "x-ratelimit-limit": string;
          /** @description Requests left in the current window. */
          "x-ratelimit-remaining": string;
          /** @description Seconds until the window resets. */
          "x-ratelimit-reset": string;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["CardOutput"];
        };
      };
      /** @description The request is invalid (validation_failed, invalid_json, amount_precision, unsupported_currency...). Codes: validation_failed. */
      400: {
        headers: {
          /** @description Payload schema version of the API; currently 1.1. */
          "x-service-schema-version": string;
          /** @description Identifies this request; quote it when asking for help. */
          "x-request-id": string;
          /** @description Requests allowed per minute. */
          "x-ratelimit-limit": string;
          /** @description Requests left in the current window. */
          "x-ratelimit-remaining": string;
          /** @description Seconds until the window resets. */
          "x-ratelimit-reset": string;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Missing, unknown or revoked API key. Codes: missing_api_key, invalid_api_key, revoked_api_key. */
      401: {
        headers: {
          /** @description Payload schema version of the API; currently 1.1. */
          "x-service-schema-version": string;
          /** @description Identifies this request; quote it when asking for help. */
          "x-request-id": string;
          /** @description Requests allowed per minute. */
          "x-ratelimit-limit": string;
          /** @description Requests left in the current window. */
          "x-ratelimit-remaining": string;
          /** @description Seconds until the window resets. */
          "x-ratelimit-reset": string;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description The key lacks the scope, or the caller's address is not allowed. Codes: scope_missing, ip_not_allowed. */
      403: {
        headers: {
          /** @description Payload schema version of the API; currently 1.1. */
          "x-service-schema-version": string;
          /** @description Identifies this request; quote it when asking for help. */
          "x-request-id": string;
          /** @description Requests allowed per minute. */
          "x-ratelimit-limit": string;
          /** @description Requests left in the current window. */
          "x-ratelimit-remaining": string;
          /** @description Seconds until the window resets. */
          "x-ratelimit-reset": string;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description The resource does not exist in this application and mode. Codes: card_not_found. */
      404: {
        headers: {
          /** @description Payload schema version of the API; currently 1.1. */
          "x-service-schema-version": string;
          /** @description Identifies this request; quote it when asking for help. */
          "x-request-id": string;
          /** @description Requests allowed per minute. */
          "x-ratelimit-limit": string;
          /** @description Requests left in the current window. */
          "x-ratelimit-remaining": string;
          /** @description Seconds until the window resets. */
          "x-ratelimit-reset": string;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Over the rate limit; retry after the number of seconds in Retry-After. Codes: rate_limited. */
      429: {
        headers: {
          /** @description Payload schema version of the API; currently 1.1. */
          "x-service-schema-version": string;
          /** @description Identifies this request; quote it when asking for help. */
          "x-request-id": string;
          /** @description Requests allowed per minute. */
          "x-ratelimit-limit": string;
          /** @description Requests left in the current window. */
          "x-ratelimit-remaining": string;
          /** @description Seconds until the window resets. */
          "x-ratelimit-reset": string;
          /** @description Seconds to wait before retrying (on 409, only with idempotency_in_progress). */
          "retry-after": string;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Something failed on our side. Codes: internal_error. */
      500: {
        headers: {
          /** @description Payload schema version of the API; currently 1.1. */
          "x-service-schema-version": string;
          /** @description Identifies this request; quote it when asking for help. */
          "x-request-id": string;
          /** @description Requests allowed per minute. */
          "x-ratelimit-limit": string;
          /** @description Requests left in the current window. */
          "x-ratelimit-remaining": string;
          /** @description Seconds until the window resets. */
          "x-ratelimit-reset": string;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description A dependency is unavailable; retry shortly. Codes: unavailable. */
      503: {
        headers: {
          /** @description Payload schema version of the API; currently 1.1. */
          "x-service-schema-version": string;
          /** @description Identifies this request; quote it when asking for help. */
          "x-request-id": string;
          /** @description Requests allowed per minute. */
          "x-ratelimit-limit": string;
          /** @description Requests left in the current window. */
          "x-ratelimit-remaining": string;
          /** @description Seconds until the window resets. */
          "x-ratelimit-reset": string;
          /** @description Seconds to wait before retrying (on 409, only with idempotency_in_progress). */
          "retry-after": string;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  freezeCard: {
    parameters: {
      query?: never;
      header?: {
        /** @description Makes the write safe to retry: the same key within 24 hours returns the original response. */
        "Idempotency-Key"?: string;
      };
      path: {
        /** @description The card's id. */
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The card with its new status. */
      200: {
        headers: {
          /** @description Payload schema version of the API; currently 1.1. */
          "x-service-schema-version": string;
          /** @description Identifies this request; quote it when asking for help. */
          "x-request-id": string;
          /** @description Requests allowed per minute. */
          "x-ratelimit-limit": string;
          /** @description Requests left in the current window. */
          "x-ratelimit-remaining": string;
          /** @description Seconds until the window resets. */
          "x-ratelimit-reset": string;
          "idempotent-replayed"?: string;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["CardWriteResponse"];
        };
      };
      /** @description The request is invalid (validation_failed, invalid_json, amount_precision, unsupported_currency...). Codes: validation_failed, invalid_json, invalid_idempotency_key. */
      400: {
        headers: {
          /** @description Payload schema version of the API; currently 1.1. */
          "x-service-schema-version": string;
          /** @description Identifies this request; quote it when asking for help. */
          "x-request-id": string;
          /** @description Requests allowed per minute. */
          "x-ratelimit-limit": string;
          /** @description Requests left in the current window. */
          "x-ratelimit-remaining": string;
          /** @description Seconds until the window resets. */
          "x-ratelimit-reset": string;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Missing, unknown or revoked API key. Codes: missing_api_key, invalid_api_key, revoked_api_key. */
      401: {
        headers: {
          /** @description Payload schema version of the API; currently 1.1. */
          "x-service-schema-version": string;
          /** @description Identifies this request; quote it when asking for help. */
          "x-request-id": string;
          /** @description Requests allowed per minute. */
          "x-ratelimit-limit": string;
          /** @description Requests left in the current window. */
          "x-ratelimit-remaining": string;
          /** @description Seconds until the window resets. */
          "x-ratelimit-reset": string;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description The key lacks the scope, or the caller's address is not allowed. Codes: scope_missing, ip_not_allowed. */
      403: {
        headers: {
          /** @description Payload schema version of the API; currently 1.1. */
          "x-service-schema-version": string;
          /** @description Identifies this request; quote it when asking for help. */
          "x-request-id": string;
          /** @description Requests allowed per minute. */
          "x-ratelimit-limit": string;
          /** @description Requests left in the current window. */
          "x-ratelimit-remaining": string;
          /** @description Seconds until the window resets. */
          "x-ratelimit-reset": string;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description The resource does not exist in this application and mode. Codes: card_not_found. */
      404: {
        headers: {
          /** @description Payload schema version of the API; currently 1.1. */
          "x-service-schema-version": string;
          /** @description Identifies this request; quote it when asking for help. */
          "x-request-id": string;
          /** @description Requests allowed per minute. */
          "x-ratelimit-limit": string;
          /** @description Requests left in the current window. */
          "x-ratelimit-remaining": string;
          /** @description Seconds until the window resets. */
          "x-ratelimit-reset": string;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Conflict with the resource's current state, or the same Idempotency-Key is still in flight. Codes: idempotency_in_progress, card_not_active. */
      409: {
        headers: {
          /** @description Payload schema version of the API; currently 1.1. */
          "x-service-schema-version": string;
          /** @description Identifies this request; quote it when asking for help. */
          "x-request-id": string;
          /** @description Requests allowed per minute. */
          "x-ratelimit-limit": string;
          /** @description Requests left in the current window. */
          "x-ratelimit-remaining": string;
          /** @description Seconds until the window resets. */
          "x-ratelimit-reset": string;
          "retry-after"?: string;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Writes must send Content-Type: application/json. Codes: unsupported_media_type. */
      415: {
        headers: {
          /** @description Payload schema version of the API; currently 1.1. */
          "x-service-schema-version": string;
          /** @description Identifies this request; quote it when asking for help. */
          "x-request-id": string;
          /** @description Requests allowed per minute. */
          "x-ratelimit-limit": string;
          /** @description Requests left in the current window. */
          "x-ratelimit-remaining": string;
          /** @description Seconds until the window resets. */
          "x-ratelimit-reset": string;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description The Idempotency-Key was used with a different request. Codes: idempotency_key_reused. */
      422: {
        headers: {
          /** @description Payload schema version of the API; currently 1.1. */
          "x-service-schema-version": string;
          /** @description Identifies this request; quote it when asking for help. */
          "x-request-id": string;
          /** @description Requests allowed per minute. */
          "x-ratelimit-limit": string;
          /** @description Requests left in the current window. */
          "x-ratelimit-remaining": string;
          /** @description Seconds until the window resets. */
          "x-ratelimit-reset": string;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Over the rate limit; retry after the number of seconds in Retry-After. Codes: rate_limited. */
      429: {
        headers: {
          /** @description Payload schema version of the API; currently 1.1. */
          "x-service-schema-version": string;
          /** @description Identifies this request; quote it when asking for help. */
          "x-request-id": string;
          /** @description Requests allowed per minute. */
          "x-ratelimit-limit": string;
          /** @description Requests left in the current window. */
          "x-ratelimit-remaining": string;
          /** @description Seconds until the window resets. */
          "x-ratelimit-reset": string;
          /** @description Seconds to wait before retrying (on 409, only with idempotency_in_progress). */
          "retry-after": string;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Something failed on our side. Codes: internal_error. */
      500: {
        headers: {
          /** @description Payload schema version of the API; currently 1.1. */
          "x-service-schema-version": string;
          /** @description Identifies this request; quote it when asking for help. */
          "x-request-id": string;
          /** @description Requests allowed per minute. */
          "x-ratelimit-limit": string;
          /** @description Requests left in the current window. */
          "x-ratelimit-remaining": string;
          /** @description Seconds until the window resets. */
          "x-ratelimit-reset": string;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description A dependency is unavailable; retry shortly. Codes: unavailable. */
      503: {
        headers: {
          /** @description Payload schema version of the API; currently 1.1. */
          "x-service-schema-version": string;
          /** @description Identifies this request; quote it when asking for help. */
          "x-request-id": string;
          /** @description Requests allowed per minute. */
          "x-ratelimit-limit": string;
          /** @description Requests left in the current window. */
          "x-ratelimit-remaining": string;
          /** @description Seconds until the window resets. */
          "x-ratelimit-reset": string;
          /** @description Seconds to wait before retrying (on 409, only with idempotency_in_progress). */
          "retry-after": string;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  unfreezeCard: {
    parameters: {
      query?: never;
      header?: {
        /** @description Makes the write safe to retry: the same key within 24 hours returns the original response. */
        "Idempotency-Key"?: string;
      };
      path: {
        /** @description The card's id. */
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The card with its new status. */
      200: {
        headers: {
          /** @description Payload schema version of the API; currently 1.1. */
          "x-service-schema-version": string;
          /** @description Identifies this request; quote it when asking for help. */
          "x-request-id": string;
          /** @description Requests allowed per minute. */
          "x-ratelimit-limit": string;
          /** @description Requests left in the current window. */
          "x-ratelimit-remaining": string;
          /** @description Seconds until the window resets. */
          "x-ratelimit-reset": string;
          "idempotent-replayed"?: string;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["CardWriteResponse"];
        };
      };
      /** @description The request is invalid (validation_failed, invalid_json, amount_precision, unsupported_currency...). Codes: validation_failed, invalid_json, invalid_idempotency_key. */
      400: {
        headers: {
          /** @description Payload schema version of the API; currently 1.1. */
          "x-service-schema-version": string;
          /** @description Identifies this request; quote it when asking for help. */
          "x-request-id": string;
          /** @description Requests allowed per minute. */
          "x-ratelimit-limit": string;
          /** @description Requests left in the current window. */
          "x-ratelimit-remaining": string;
          /** @description Seconds until the window resets. */
          "x-ratelimit-reset": string;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Missing, unknown or revoked API key. Codes: missing_api_key, invalid_api_key, revoked_api_key. */
      401: {
        headers: {
          /** @description Payload schema version of the API; currently 1.1. */
          "x-service-schema-version": string;
          /** @description Identifies this request; quote it when asking for help. */
          "x-request-id": string;
          /** @description Requests allowed per minute. */
          "x-ratelimit-limit": string;
          /** @description Requests left in the current window. */
          "x-ratelimit-remaining": string;
          /** @description Seconds until the window resets. */
          "x-ratelimit-reset": string;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description The key lacks the scope, or the caller's address is not allowed. Codes: scope_missing, ip_not_allowed. */
      403: {
        headers: {
          /** @description Payload schema version of the API; currently 1.1. */
          "x-service-schema-version": string;
          /** @description Identifies this request; quote it when asking for help. */
          "x-request-id": string;
          /** @description Requests allowed per minute. */
          "x-ratelimit-limit": string;
          /** @description Requests left in the current window. */
          "x-ratelimit-remaining": string;
          /** @description Seconds until the window resets. */
          "x-ratelimit-reset": string;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description The resource does not exist in this application and mode. Codes: card_not_found. */
      404: {
        headers: {
          /** @description Payload schema version of the API; currently 1.1. */
          "x-service-schema-version": string;
          /** @description Identifies this request; quote it when asking for help. */
          "x-request-id": string;
          /** @description Requests allowed per minute. */
          "x-ratelimit-limit": string;
          /** @description Requests left in the current window. */
          "x-ratelimit-remaining": string;
          /** @description Seconds until the window resets. */
          "x-ratelimit-reset": string;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Conflict with the resource's current state, or the same Idempotency-Key is still in flight. Codes: idempotency_in_progress, card_not_active. */
      409: {
        headers: {
          /** @description Payload schema version of the API; currently 1.1. */
          "x-service-schema-version": string;
          /** @description Identifies this request; quote it when asking for help. */
          "x-request-id": string;
          /** @description Requests allowed per minute. */
          "x-ratelimit-limit": string;
          /** @description Requests left in the current window. */
          "x-ratelimit-remaining": string;
          /** @description Seconds until the window resets. */
          "x-ratelimit-reset": string;
          "retry-after"?: string;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Writes must send Content-Type: application/json. Codes: unsupported_media_type. */
      415: {
        headers: {
          /** @description Payload schema version of the API; currently 1.1. */
          "x-service-schema-version": string;
          /** @description Identifies this request; quote it when asking for help. */
          "x-request-id": string;
          /** @description Requests allowed per minute. */
          "x-ratelimit-limit": string;
          /** @description Requests left in the current window. */
          "x-ratelimit-remaining": string;
          /** @description Seconds until the window resets. */
          "x-ratelimit-reset": string;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description The Idempotency-Key was used with a different request. Codes: idempotency_key_reused. */
      422: {
        headers: {
          /** @description Payload schema version of the API; currently 1.1. */
          "x-service-schema-version": string;
          /** @description Identifies this request; quote it when asking for help. */
          "x-request-id": string;
          /** @description Requests allowed per minute. */
          "x-ratelimit-limit": string;
          /** @description Requests left in the current window. */
          "x-ratelimit-remaining": string;
          /** @description Seconds until the window resets. */
          "x-ratelimit-reset": string;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Over the rate limit; retry after the number of seconds in Retry-After. Codes: rate_limited. */
      429: {
        headers: {
          /** @description Payload schema version of the API; currently 1.1. */
          "x-service-schema-version": string;
          /** @description Identifies this request; quote it when asking for help. */
          "x-request-id": string;
          /** @description Requests allowed per minute. */
          "x-ratelimit-limit": string;
          /** @description Requests left in the current window. */
          "x-ratelimit-remaining": string;
          /** @description Seconds until the window resets. */
          "x-ratelimit-reset": string;
          /** @description Seconds to wait before retrying (on 409, only with idempotency_in_progress). */
          "retry-after": string;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Something failed on our side. Codes: internal_error. */
      500: {
        headers: {
          /** @description Payload schema version of the API; currently 1.1. */
          "x-service-schema-version": string;
          /** @description Identifies this request; quote it when asking for help. */
          "x-request-id": string;
          /** @description Requests allowed per minute. */
          "x-ratelimit-limit": string;
          /** @description Requests left in the current window. */
          "x-ratelimit-remaining": string;
          /** @description Seconds until the window resets. */
          "x-ratelimit-reset": string;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description A dependency is unavailable; retry shortly. Codes: unavailable. */
      503: {
        headers: {
          /** @description Payload schema version of the API; currently 1.1. */
          "x-service-schema-version": string;
          /** @description Identifies this request; quote it when asking for help. */
          "x-request-id": string;
          /** @description Requests allowed per minute. */
          "x-ratelimit-limit": string;
          /** @description Requests left in the current window. */
          "x-ratelimit-remaining": string;
          /** @description Seconds until the window resets. */
          "x-ratelimit-reset": string;
          /** @description Seconds to wait before retrying (on 409, only with idempotency_in_progress). */
          "retry-after": string;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  cancelCard: {
    parameters: {
      query?: never;
      header?: {
        /** @description Makes the write safe to retry: the same key within 24 hours returns the original response. */
        "Idempotency-Key"?: string;
      };
      path: {
        /** @description The card's id. */
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The card with its new status. */
      200: {
        headers: {
          /** @description Payload schema version of the API; currently 1.1. */
          "x-service-schema-version": string;
          /** @description Identifies this request; quote it when asking for help. */
          "x-request-id": string;
          /** @description Requests allowed per minute. */
          "x-ratelimit-limit": string;
          /** @description Requests left in the current window. */
          "x-ratelimit-remaining": string;
          /** @description Seconds until the window resets. */
          "x-ratelimit-reset": string;
          "idempotent-replayed"?: string;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["CardWriteResponse"];
        };
      };
      /** @description The request is invalid (validation_failed, invalid_json, amount_precision, unsupported_currency...). Codes: validation_failed, invalid_json, invalid_idempotency_key. */
      400: {
        headers: {
          /** @description Payload schema version of the API; currently 1.1. */
          "x-service-schema-version": string;
          /** @description Identifies this request; quote it when asking for help. */
          "x-request-id": string;
          /** @description Requests allowed per minute. */
          "x-ratelimit-limit": string;
          /** @description Requests left in the current window. */
          "x-ratelimit-remaining": string;
          /** @description Seconds until the window resets. */
          "x-ratelimit-reset": string;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Missing, unknown or revoked API key. Codes: missing_api_key, invalid_api_key, revoked_api_key. */
      401: {
        headers: {
          /** @description Payload schema version of the API; currently 1.1. */
          "x-service-schema-version": string;
          /** @description Identifies this request; quote it when asking for help. */
          "x-request-id": string;
          /** @description Requests allowed per minute. */
          "x-ratelimit-limit": string;
          /** @description Requests left in the current window. */
          "x-ratelimit-remaining": string;
          /** @description Seconds until the window resets. */
          "x-ratelimit-reset": string;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description The key lacks the scope, or the caller's address is not allowed. Codes: scope_missing, ip_not_allowed. */
      403: {
        headers: {
          /** @description Payload schema version of the API; currently 1.1. */
          "x-service-schema-version": string;
          /** @description Identifies this request; quote it when asking for help. */
          "x-request-id": string;
          /** @description Requests allowed per minute. */
          "x-ratelimit-limit": string;
          /** @description Requests left in the current window. */
          "x-ratelimit-remaining": string;
          /** @description Seconds until the window resets. */
          "x-ratelimit-reset": string;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description The resource does not exist in this application and mode. Codes: card_not_found. */
      404: {
        headers: {
          /** @description Payload schema version of the API; currently 1.1. */
          "x-service-schema-version": string;
          /** @description Identifies this request; quote it when asking for help. */
          "x-request-id": string;
          /** @description Requests allowed per minute. */
          "x-ratelimit-limit": string;
          /** @description Requests left in the current window. */
          "x-ratelimit-remaining": string;
          /** @description Seconds until the window resets. */
          "x-ratelimit-reset": string;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Conflict with the resource's current state, or the same Idempotency-Key is still in flight. Codes: idempotency_in_progress. */
      409: {
        headers: {
          /** @description Payload schema version of the API; currently 1.1. */
          "x-service-schema-version": string;
          /** @description Identifies this request; quote it when asking for help. */
          "x-request-id": string;
          /** @description Requests allowed per minute. */
          "x-ratelimit-limit": string;
          /** @description Requests left in the current window. */
          "x-ratelimit-remaining": string;
          /** @description Seconds until the window resets. */
          "x-ratelimit-reset": string;
          "retry-after"?: string;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Writes must send Content-Type: application/json. Codes: unsupported_media_type. */
      415: {
        headers: {
          /** @description Payload schema version of the API; currently 1.1. */
          "x-service-schema-version": string;
          /** @description Identifies this request; quote it when asking for help. */
          "x-request-id": string;
          /** @description Requests allowed per minute. */
          "x-ratelimit-limit": string;
          /** @description Requests left in the current window. */
          "x-ratelimit-remaining": string;
          /** @description Seconds until the window resets. */
          "x-ratelimit-reset": string;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description The Idempotency-Key was used with a different request. Codes: idempotency_key_reused. */
      422: {
        headers: {
          /** @description Payload schema version of the API; currently 1.1. */
          "x-service-schema-version": string;
          /** @description Identifies this request; quote it when asking for help. */
          "x-request-id": string;
          /** @description Requests allowed per minute. */
          "x-ratelimit-limit": string;
          /** @description Requests left in the current window. */
          "x-ratelimit-remaining": string;
          /** @description Seconds until the window resets. */
          "x-ratelimit-reset": string;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Over the rate limit; retry after the number of seconds in Retry-After. Codes: rate_limited. */
      429: {
        headers: {
          /** @description Payload schema version of the API; currently 1.1. */
          "x-service-schema-version": string;
          /** @description Identifies this request; quote it when asking for help. */
          "x-request-id": string;
          /** @description Requests allowed per minute. */
          "x-ratelimit-limit": string;
          /** @description Requests left in the current window. */
          "x-ratelimit-remaining": string;
          /** @description Seconds until the window resets. */
          "x-ratelimit-reset": string;
          /** @description Seconds to wait before retrying (on 409, only with idempotency_in_progress). */
          "retry-after": string;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Something failed on our side. Codes: internal_error. */
      500: {
        headers: {
          /** @description Payload schema version of the API; currently 1.1. */
          "x-service-schema-version": string;
          /** @description Identifies this request; quote it when asking for help. */
          "x-request-id": string;
          /** @description Requests allowed per minute. */
          "x-ratelimit-limit": string;
          /** @description Requests left in the current window. */
          "x-ratelimit-remaining": string;
          /** @description Seconds until the window resets. */
          "x-ratelimit-reset": string;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description A dependency is unavailable; retry shortly. Codes: unavailable. */
      503: {
        headers: {
          /** @description Payload schema version of the API; currently 1.1. */
          "x-service-schema-version": string;
          /** @description Identifies this request; quote it when asking for help. */
          "x-request-id": string;
          /** @description Requests allowed per minute. */
          "x-ratelimit-limit": string;
          /** @description Requests left in the current window. */
          "x-ratelimit-remaining": string;
          /** @description Seconds until the window resets. */
          "x-ratelimit-reset": string;
          /** @description Seconds to wait before retrying (on 409, only with idempotency_in_progress). */
          "retry-after": string;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  listWalletCards: {
    parameters: {
      query?: {
        /** @description Items per page, 1-100. */
        limit?: number;
        /** @description Cursor: the `next_cursor` of the previous page (the id of its last item). Omit for the newest items. */
        starting_after?: string;
      };
      header?: never;
      path: {
        /** @description Your own identifier for the user; 1-128 characters of `[A-Za-z0-9_.:@-]`. */
        externalUserId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description A page of cards. */
      200: {
        headers: {
          /** @description Payload schema version of the API; currently 1.1. */
          "x-service-schema-version": string;
          /** @description Identifies this request; quote it when asking for help. */
          "x-request-id": string;
          /** @description Requests allowed per minute. */
          "x-ratelimit-limit": string;
          /** @description Requests left in the current window. */
          "x-ratelimit-remaining": string;
          /** @description Seconds until the window resets. */
          "x-ratelimit-reset": string;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["CardList"];
        };
      };
      /** @description The request is invalid (validation_failed, invalid_json, amount_precision, unsupported_currency...). Codes: validation_failed. */
      400: {
        headers: {
          /** @description Payload schema version of the API; currently 1.1. */
          "x-service-schema-version": string;
          /** @description Identifies this request; quote it when asking for help. */
          "x-request-id": string;
          /** @description Requests allowed per minute. */
          "x-ratelimit-limit": string;
          /** @description Requests left in the current window. */
          "x-ratelimit-remaining": string;
          /** @description Seconds until the window resets. */
          "x-ratelimit-reset": string;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Missing, unknown or revoked API key. Codes: missing_api_key, invalid_api_key, revoked_api_key. */
      401: {
        headers: {
          /** @description Payload schema version of the API; currently 1.1. */
          "x-service-schema-version": string;
          /** @description Identifies this request; quote it when asking for help. */
          "x-request-id": string;
          /** @description Requests allowed per minute. */
          "x-ratelimit-limit": string;
          /** @description Requests left in the current window. */
          "x-ratelimit-remaining": string;
          /** @description Seconds until the window resets. */
          "x-ratelimit-reset": string;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description The key lacks the scope, or the caller's address is not allowed. Codes: scope_missing, ip_not_allowed. */
      403: {
        headers: {
          /** @description Payload schema version of the API; currently 1.1. */
          "x-service-schema-version": string;
          /** @description Identifies this request; quote it when asking for help. */
          "x-request-id": string;
          /** @description Requests allowed per minute. */
          "x-ratelimit-limit": string;
          /** @description Requests left in the current window. */
          "x-ratelimit-remaining": string;
          /** @description Seconds until the window resets. */
          "x-ratelimit-reset": string;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description The resource does not exist in this application and mode. Codes: wallet_not_found. */
      404: {
        headers: {
          /** @description Payload schema version of the API; currently 1.1. */
          "x-service-schema-version": string;
          /** @description Identifies this request; quote it when asking for help. */
          "x-request-id": string;
          /** @description Requests allowed per minute. */
          "x-ratelimit-limit": string;
          /** @description Requests left in the current window. */
          "x-ratelimit-remaining": string;
          /** @description Seconds until the window resets. */
          "x-ratelimit-reset": string;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Over the rate limit; retry after the number of seconds in Retry-After. Codes: rate_limited. */
      429: {
        headers: {
          /** @description Payload schema version of the API; currently 1.1. */
          "x-service-schema-version": string;
          /** @description Identifies this request; quote it when asking for help. */
          "x-request-id": string;
          /** @description Requests allowed per minute. */
          "x-ratelimit-limit": string;
          /** @description Requests left in the current window. */
          "x-ratelimit-remaining": string;
          /** @description Seconds until the window resets. */
          "x-ratelimit-reset": string;
          /** @description Seconds to wait before retrying (on 409, only with idempotency_in_progress). */
          "retry-after": string;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Something failed on our side. Codes: internal_error. */
      500: {
        headers: {
          /** @description Payload schema version of the API; currently 1.1. */
          "x-service-schema-version": string;
          /** @description Identifies this request; quote it when asking for help. */
          "x-request-id": string;
          /** @description Requests allowed per minute. */
          "x-ratelimit-limit": string;
          /** @description Requests left in the current window. */
          "x-ratelimit-remaining": string;
          /** @description Seconds until the window resets. */
          "x-ratelimit-reset": string;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description A dependency is unavailable; retry shortly. Codes: unavailable. */
      503: {
        headers: {
          /** @description Payload schema version of the API; currently 1.1. */
          "x-service-schema-version": string;
          /** @description Identifies this request; quote it when asking for help. */
          "x-request-id": string;
          /** @description Requests allowed per minute. */
          "x-ratelimit-limit": string;
          /** @description Requests left in the current window. */
          "x-ratelimit-remaining": string;
          /** @description Seconds until the window resets. */
          "x-ratelimit-reset": string;
          /** @description Seconds to wait before retrying (on 409, only with idempotency_in_progress). */
          "retry-after": string;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  createAuthorization: {
    parameters: {
      query?: never;
      header?: {
        /** @description Makes the write safe to retry: the same key within 24 hours returns the original response. */
        "Idempotency-Key"?: string;
      };
      path: {
        /** @description The card's id. */
        id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": components["schemas"]["CreateAuthorizationRequest"];
      };
    };
    responses: {
      /** @description The approved authorization (status pending). */
      201: {
        headers: {
          /** @description Payload schema version of the API; currently 1.1. */
          "x-service-schema-version": string;
          /** @description Identifies this request; quote it when asking for help. */
          "x-request-id": string;
          /** @description Requests allowed per minute. */
          "x-ratelimit-limit": string;
          /** @description Requests left in the current window. */
          "x-ratelimit-remaining": string;
          /** @description Seconds until the window resets. */
          "x-ratelimit-reset": string;
          "idempotent-replayed"?: string;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["AuthorizationWriteResponse"];
        };
      };
      /** @description The request is invalid (validation_failed, invalid_json, amount_precision, unsupported_currency...). Codes: validation_failed, invalid_json, invalid_idempotency_key, unsupported_currency, amount_precision. */
      400: {
        headers: {
          /** @description Payload schema version of the API; currently 1.1. */
          "x-service-schema-version": string;
          /** @description Identifies this request; quote it when asking for help. */
          "x-request-id": string;
          /** @description Requests allowed per minute. */
          "x-ratelimit-limit": string;
          /** @description Requests left in the current window. */
          "x-ratelimit-remaining": string;
          /** @description Seconds until the window resets. */
          "x-ratelimit-reset": string;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Missing, unknown or revoked API key. Codes: missing_api_key, invalid_api_key, revoked_api_key. */
      401: {
        headers: {
          /** @description Payload schema version of the API; currently 1.1. */
          "x-service-schema-version": string;
          /** @description Identifies this request; quote it when asking for help. */
          "x-request-id": string;
          /** @description Requests allowed per minute. */
          "x-ratelimit-limit": string;
          /** @description Requests left in the current window. */
          "x-ratelimit-remaining": string;
          /** @description Seconds until the window resets. */
          "x-ratelimit-reset": string;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description The card refused the payment. Codes: insufficient_funds, spend_limit_exceeded, card_inactive, card_currency_mismatch. */
      402: {
        headers: {
          /** @description Payload schema version of the API; currently 1.1. */
          "x-service-schema-version": string;
          /** @description Identifies this request; quote it when asking for help. */
          "x-request-id": string;
          /** @description Requests allowed per minute. */
          "x-ratelimit-limit": string;
          /** @description Requests left in the current window. */
          "x-ratelimit-remaining": string;
          /** @description Seconds until the window resets. */
          "x-ratelimit-reset": string;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description The key lacks the scope, or the caller's address is not allowed. Codes: scope_missing, ip_not_allowed. */
      403: {
        headers: {
          /** @description Payload schema version of the API; currently 1.1. */
          "x-service-schema-version": string;
          /** @description Identifies this request; quote it when asking for help. */
          "x-request-id": string;
          /** @description Requests allowed per minute. */
          "x-ratelimit-limit": string;
          /** @description Requests left in the current window. */
          "x-ratelimit-remaining": string;
          /** @description Seconds until the window resets. */
          "x-ratelimit-reset": string;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description The resource does not exist in this application and mode. Codes: card_not_found. */
      404: {
        headers: {
          /** @description Payload schema version of the API; currently 1.1. */
          "x-service-schema-version": string;
          /** @description Identifies this request; quote it when asking for help. */
          "x-request-id": string;
          /** @description Requests allowed per minute. */
          "x-ratelimit-limit": string;
          /** @description Requests left in the current window. */
          "x-ratelimit-remaining": string;
          /** @description Seconds until the window resets. */
          "x-ratelimit-reset": string;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Conflict with the resource's current state, or the same Idempotency-Key is still in flight. Codes: idempotency_in_progress. */
      409: {
        headers: {
          /** @description Payload schema version of the API; currently 1.1. */
          "x-service-schema-version": string;
          /** @description Identifies this request; quote it when asking for help. */
          "x-request-id": string;
          /** @description Requests allowed per minute. */
          "x-ratelimit-limit": string;
          /** @description Requests left in the current window. */
          "x-ratelimit-remaining": string;
          /** @description Seconds until the window resets. */
          "x-ratelimit-reset": string;
          "retry-after"?: string;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Writes must send Content-Type: application/json. Codes: unsupported_media_type. */
      415: {
        headers: {
          /** @description Payload schema version of the API; currently 1.1. */
          "x-service-schema-version": string;
          /** @description Identifies this request; quote it when asking for help. */
          "x-request-id": string;
          /** @description Requests allowed per minute. */
          "x-ratelimit-limit": string;
          /** @description Requests left in the current window. */
          "x-ratelimit-remaining": string;
          /** @description Seconds until the window resets. */
          "x-ratelimit-reset": string;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description The Idempotency-Key was used with a different request. Codes: idempotency_key_reused. */
      422: {
        headers: {
          /** @description Payload schema version of the API; currently 1.1. */
          "x-service-schema-version": string;
          /** @description Identifies this request; quote it when asking for help. */
          "x-request-id": string;
          /** @description Requests allowed per minute. */
          "x-ratelimit-limit": string;
          /** @description Requests left in the current window. */
          "x-ratelimit-remaining": string;
          /** @description Seconds until the window resets. */
          "x-ratelimit-reset": string;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Over the rate limit; retry after the number of seconds in Retry-After. Codes: rate_limited. */
      429: {
        headers: {
          /** @description Payload schema version of the API; currently 1.1. */
          "x-service-schema-version": string;
          /** @description Identifies this request; quote it when asking for help. */
          "x-request-id": string;
          /** @description Requests allowed per minute. */
          "x-ratelimit-limit": string;
          /** @description Requests left in the current window. */
          "x-ratelimit-remaining": string;
          /** @description Seconds until the window resets. */
          "x-ratelimit-reset": string;
          /** @description Seconds to wait before retrying (on 409, only with idempotency_in_progress). */
          "retry-after": string;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Something failed on our side. Codes: internal_error. */
      500: {
        headers: {
          /** @description Payload schema version of the API; currently 1.1. */
          "x-service-schema-version": string;
          /** @description Identifies this request; quote it when asking for help. */
          "x-request-id": string;
          /** @description Requests allowed per minute. */
          "x-ratelimit-limit": string;
          /** @description Requests left in the current window. */
          "x-ratelimit-remaining": string;
          /** @description Seconds until the window resets. */
          "x-ratelimit-reset": string;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description A dependency is unavailable; retry shortly. Codes: unavailable. */
      503: {
        headers: {
          /** @description Payload schema version of the API; currently 1.1. */
          "x-service-schema-version": string;
          /** @description Identifies this request; quote it when asking for help. */
          "x-request-id": string;
          /** @description Requests allowed per minute. */
          "x-ratelimit-limit": string;
          /** @description Requests left in the current window. */
          "x-ratelimit-remaining": string;
          /** @description Seconds until the window resets. */
          "x-ratelimit-reset": string;
          /** @description Seconds to wait before retrying (on 409, only with idempotency_in_progress). */
          "retry-after": string;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  getAuthorization: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description The authorization's id. */
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The authorization. */
      200: {
        headers: {
          /** @description Payload schema version of the API; currently 1.1. */
          "x-service-schema-version": string;
          /** @description Identifies this request; quote it when asking for help. */
          "x-request-id": string;
          /** @description Requests allowed per minute. */
          "x-ratelimit-limit": string;
          /** @description Requests left in the current window. */
          "x-ratelimit-remaining": string;
          /** @description Seconds until the window resets. */
          "x-ratelimit-reset": string;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["AuthorizationOutput"];
        };
      };
      /** @description The request is invalid (validation_failed, invalid_json, amount_precision, unsupported_currency...). Codes: validation_failed. */
      400: {
        headers: {
          /** @description Payload schema version of the API; currently 1.1. */
          "x-service-schema-version": string;
          /** @description Identifies this request; quote it when asking for help. */
          "x-request-id": string;
          /** @description Requests allowed per minute. */
          "x-ratelimit-limit": string;
          /** @description Requests left in the current window. */
          "x-ratelimit-remaining": string;
          /** @description Seconds until the window resets. */
          "x-ratelimit-reset": string;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Missing, unknown or revoked API key. Codes: missing_api_key, invalid_api_key, revoked_api_key. */
      401: {
        headers: {
          /** @description Payload schema version of the API; currently 1.1. */
          "x-service-schema-version": string;
          /** @description Identifies this request; quote it when asking for help. */
          "x-request-id": string;
          /** @description Requests allowed per minute. */
          "x-ratelimit-limit": string;
          /** @description Requests left in the current window. */
          "x-ratelimit-remaining": string;
          /** @description Seconds until the window resets. */
          "x-ratelimit-reset": string;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description The key lacks the scope, or the caller's address is not allowed. Codes: scope_missing, ip_not_allowed. */
      403: {
        headers: {
          /** @description Payload schema version of the API; currently 1.1. */
          "x-service-schema-version": string;
          /** @description Identifies this request; quote it when asking for help. */
          "x-request-id": string;
          /** @description Requests allowed per minute. */
          "x-ratelimit-limit": string;
          /** @description Requests left in the current window. */
          "x-ratelimit-remaining": string;
          /** @description Seconds until the window resets. */
          "x-ratelimit-reset": string;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description The resource does not exist in this application and mode. Codes: authorization_not_found. */
      404: {
        headers: {
          /** @description Payload schema version of the API; currently 1.1. */
          "x-service-schema-version": string;
          /** @description Identifies this request; quote it when asking for help. */
          "x-request-id": string;
          /** @description Requests allowed per minute. */
          "x-ratelimit-limit": string;
          /** @description Requests left in the current window. */
          "x-ratelimit-remaining": string;
          /** @description Seconds until the window resets. */
          "x-ratelimit-reset": string;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Over the rate limit; retry after the number of seconds in Retry-After. Codes: rate_limited. */
      429: {
        headers: {
          /** @description Payload schema version of the API; currently 1.1. */
          "x-service-schema-version": string;
          /** @description Identifies this request; quote it when asking for help. */
          "x-request-id": string;
          /** @description Requests allowed per minute. */
          "x-ratelimit-limit": string;
          /** @description Requests left in the current window. */
          "x-ratelimit-remaining": string;
          /** @description Seconds until the window resets. */
          "x-ratelimit-reset": string;
          /** @description Seconds to wait before retrying (on 409, only with idempotency_in_progress). */
          "retry-after": string;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Something failed on our side. Codes: internal_error. */
      500: {
        headers: {
          /** @description Payload schema version of the API; currently 1.1. */
          "x-service-schema-version": string;
          /** @description Identifies this request; quote it when asking for help. */
          "x-request-id": string;
          /** @description Requests allowed per minute. */
          "x-ratelimit-limit": string;
          /** @description Requests left in the current window. */
          "x-ratelimit-remaining": string;
          /** @description Seconds until the window resets. */
          "x-ratelimit-reset": string;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description A dependency is unavailable; retry shortly. Codes: unavailable. */
      503: {
        headers: {
          /** @description Payload schema version of the API; currently 1.1. */
          "x-service-schema-version": string;
          /** @description Identifies this request; quote it when asking for help. */
          "x-request-id": string;
          /** @description Requests allowed per minute. */
          "x-ratelimit-limit": string;
          /** @description Requests left in the current window. */
          "x-ratelimit-remaining": string;
          /** @description Seconds until the window resets. */
          "x-ratelimit-reset": string;
          /** @description Seconds to wait before retrying (on 409, only with idempotency_in_progress). */
          "retry-after": string;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  captureAuthorization: {
    parameters: {
      query?: never;
      header?: {
        /** @description Makes the write safe to retry: the same key within 24 hours returns the original response. */
        "Idempotency-Key"?: string;
      };
      path: {
        /** @description The authorization's id. */
        id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": components["schemas"]["CaptureAuthorizationRequest"];
      };
    };
    responses: {
      /** @description The closed authorization. */
      200: {
        headers: {
          /** @description Payload schema version of the API; currently 1.1. */
          "x-service-schema-version": string;
          /** @description Identifies this request; quote it when asking for help. */
          "x-request-id": string;
          /** @description Requests allowed per minute. */
          "x-ratelimit-limit": string;
          /** @description Requests left in the current window. */
          "x-ratelimit-remaining": string;
          /** @description Seconds until the window resets. */
          "x-ratelimit-reset": string;
          "idempotent-replayed"?: string;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["AuthorizationWriteResponse"];
        };
      };
      /** @description The request is invalid (validation_failed, invalid_json, amount_precision, unsupported_currency...). Codes: validation_failed, invalid_json, invalid_idempotency_key, amount_precision. */
      400: {
        headers: {
          /** @description Payload schema version of the API; currently 1.1. */
          "x-service-schema-version": string;
          /** @description Identifies this request; quote it when asking for help. */
          "x-request-id": string;
          /** @description Requests allowed per minute. */
          "x-ratelimit-limit": string;
          /** @description Requests left in the current window. */
          "x-ratelimit-remaining": string;
          /** @description Seconds until the window resets. */
          "x-ratelimit-reset": string;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Missing, unknown or revoked API key. Codes: missing_api_key, invalid_api_key, revoked_api_key. */
      401: {
        headers: {
          /** @description Payload schema version of the API; currently 1.1. */
          "x-service-schema-version": string;
          /** @description Identifies this request; quote it when asking for help. */
          "x-request-id": string;
          /** @description Requests allowed per minute. */
          "x-ratelimit-limit": string;
          /** @description Requests left in the current window. */
          "x-ratelimit-remaining": string;
          /** @description Seconds until the window resets. */
          "x-ratelimit-reset": string;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description The key lacks the scope, or the caller's address is not allowed. Codes: scope_missing, ip_not_allowed. */
      403: {
        headers: {
          /** @description Payload schema version of the API; currently 1.1. */
          "x-service-schema-version": string;
          /** @description Identifies this request; quote it when asking for help. */
          "x-request-id": string;
          /** @description Requests allowed per minute. */
          "x-ratelimit-limit": string;
          /** @description Requests left in the current window. */
          "x-ratelimit-remaining": string;
          /** @description Seconds until the window resets. */
          "x-ratelimit-reset": string;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description The resource does not exist in this application and mode. Codes: authorization_not_found. */
      404: {
        headers: {
          /** @description Payload schema version of the API; currently 1.1. */
          "x-service-schema-version": string;
          /** @description Identifies this request; quote it when asking for help. */
          "x-request-id": string;
          /** @description Requests allowed per minute. */
          "x-ratelimit-limit": string;
          /** @description Requests left in the current window. */
          "x-ratelimit-remaining": string;
          /** @description Seconds until the window resets. */
          "x-ratelimit-reset": string;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Conflict with the resource's current state, or the same Idempotency-Key is still in flight. Codes: idempotency_in_progress, authorization_not_pending, amount_exceeds_authorization. */
      409: {
        headers: {
          /** @description Payload schema version of the API; currently 1.1. */
          "x-service-schema-version": string;
          /** @description Identifies this request; quote it when asking for help. */
          "x-request-id": string;
          /** @description Requests allowed per minute. */
          "x-ratelimit-limit": string;
          /** @description Requests left in the current window. */
          "x-ratelimit-remaining": string;
          /** @description Seconds until the window resets. */
          "x-ratelimit-reset": string;
          "retry-after"?: string;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Writes must send Content-Type: application/json. Codes: unsupported_media_type. */
      415: {
        headers: {
          /** @description Payload schema version of the API; currently 1.1. */
          "x-service-schema-version": string;
          /** @description Identifies this request; quote it when asking for help. */
          "x-request-id": string;
          /** @description Requests allowed per minute. */
          "x-ratelimit-limit": string;
          /** @description Requests left in the current window. */
          "x-ratelimit-remaining": string;
          /** @description Seconds until the window resets. */
          "x-ratelimit-reset": string;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description The Idempotency-Key was used with a different request. Codes: idempotency_key_reused. */
      422: {
        headers: {
          /** @description Payload schema version of the API; currently 1.1. */
          "x-service-schema-version": string;
          /** @description Identifies this request; quote it when asking for help. */
          "x-request-id": string;
          /** @description Requests allowed per minute. */
          "x-ratelimit-limit": string;
          /** @description Requests left in the current window. */
          "x-ratelimit-remaining": string;
          /** @description Seconds until the window resets. */
          "x-ratelimit-reset": string;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Over the rate limit; retry after the number of seconds in Retry-After. Codes: rate_limited. */
      429: {
        headers: {
          /** @description Payload schema version of the API; currently 1.1. */
          "x-service-schema-version": string;
          /** @description Identifies this request; quote it when asking for help. */
          "x-request-id": string;
          /** @description Requests allowed per minute. */
          "x-ratelimit-limit": string;
          /** @description Requests left in the current window. */
          "x-ratelimit-remaining": string;
          /** @description Seconds until the window resets. */
          "x-ratelimit-reset": string;
          /** @description Seconds to wait before retrying (on 409, only with idempotency_in_progress). */
          "retry-after": string;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Something failed on our side. Codes: internal_error. */
      500: {
        headers: {
          /** @description Payload schema version of the API; currently 1.1. */
          "x-service-schema-version": string;
          /** @description Identifies this request; quote it when asking for help. */
          "x-request-id": string;
          /** @description Requests allowed per minute. */
          "x-ratelimit-limit": string;
          /** @description Requests left in the current window. */
          "x-ratelimit-remaining": string;
          /** @description Seconds until the window resets. */
          "x-ratelimit-reset": string;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description A dependency is unavailable; retry shortly. Codes: unavailable. */
      503: {
        headers: {
          /** @description Payload schema version of the API; currently 1.1. */
          "x-service-schema-version": string;
          /** @description Identifies this request; quote it when asking for help. */
          "x-request-id": string;
          /** @description Requests allowed per minute. */
          "x-ratelimit-limit": string;
          /** @description Requests left in the current window. */
          "x-ratelimit-remaining": string;
          /** @description Seconds until the window resets. */
          "x-ratelimit-reset": string;
          /** @description Seconds to wait before retrying (on 409, only with idempotency_in_progress). */
          "retry-after": string;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  refundAuthorization: {
    parameters: {
      query?: never;
      header?: {
        /** @description Makes the write safe to retry: the same key within 24 hours returns the original response. */
        "Idempotency-Key"?: string;
      };
      path: {
        /** @description The authorization's id. */
        id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": components["schemas"]["RefundAuthorizationRequest"];
      };
    };
    responses: {
      /** @description The authorization with its new refundedAmount. */
      200: {
        headers: {
          /** @description Payload schema version of the API; currently 1.1. */
          "x-service-schema-version": string;
          /** @description Identifies this request; quote it when asking for help. */
          "x-request-id": string;
          /** @description Requests allowed per minute. */
          "x-ratelimit-limit": string;
          /** @description Requests left in the current window. */
          "x-ratelimit-remaining": string;
          /** @description Seconds until the window resets. */
          "x-ratelimit-reset": string;
          "idempotent-replayed"?: string;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["AuthorizationWriteResponse"];
        };
      };
      /** @description The request is invalid (validation_failed, invalid_json, amount_precision, unsupported_currency...). Codes: validation_failed, invalid_json, invalid_idempotency_key, amount_precision. */
      400: {
        headers: {
          /** @description Payload schema version of the API; currently 1.1. */
          "x-service-schema-version": string;
          /** @description Identifies this request; quote it when asking for help. */
          "x-request-id": string;
          /** @description Requests allowed per minute. */
          "x-ratelimit-limit": string;
          /** @description Requests left in the current window. */
          "x-ratelimit-remaining": string;
          /** @description Seconds until the window resets. */
          "x-ratelimit-reset": string;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Missing, unknown or revoked API key. Codes: missing_api_key, invalid_api_key, revoked_api_key. */
      401: {
        headers: {
          /** @description Payload schema version of the API; currently 1.1. */
          "x-service-schema-version": string;
          /** @description Identifies this request; quote it when asking for help. */
          "x-request-id": string;
          /** @description Requests allowed per minute. */
          "x-ratelimit-limit": string;
          /** @description Requests left in the current window. */
          "x-ratelimit-remaining": string;
          /** @description Seconds until the window resets. */
          "x-ratelimit-reset": string;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description The key lacks the scope, or the caller's address is not allowed. Codes: scope_missing, ip_not_allowed. */
      403: {
        headers: {
          /** @description Payload schema version of the API; currently 1.1. */
          "x-service-schema-version": string;
          /** @description Identifies this request; quote it when asking for help. */
          "x-request-id": string;
          /** @description Requests allowed per minute. */
          "x-ratelimit-limit": string;
          /** @description Requests left in the current window. */
          "x-ratelimit-remaining": string;
          /** @description Seconds until the window resets. */
          "x-ratelimit-reset": string;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description The resource does not exist in this application and mode. Codes: authorization_not_found. */
      404: {
        headers: {
          /** @description Payload schema version of the API; currently 1.1. */
          "x-service-schema-version": string;
          /** @description Identifies this request; quote it when asking for help. */
          "x-request-id": string;
          /** @description Requests allowed per minute. */
          "x-ratelimit-limit": string;
          /** @description Requests left in the current window. */
          "x-ratelimit-remaining": string;
          /** @description Seconds until the window resets. */
          "x-ratelimit-reset": string;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Conflict with the resource's current state, or the same Idempotency-Key is still in flight. Codes: idempotency_in_progress, authorization_not_captured, amount_exceeds_captured. */
      409: {
        headers: {
          /** @description Payload schema version of the API; currently 1.1. */
          "x-service-schema-version": string;
          /** @description Identifies this request; quote it when asking for help. */
          "x-request-id": string;
          /** @description Requests allowed per minute. */
          "x-ratelimit-limit": string;
          /** @description Requests left in the current window. */
          "x-ratelimit-remaining": string;
          /** @description Seconds until the window resets. */
          "x-ratelimit-reset": string;
          "retry-after"?: string;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Writes must send Content-Type: application/json. Codes: unsupported_media_type. */
      415: {
        headers: {
          /** @description Payload schema version of the API; currently 1.1. */
          "x-service-schema-version": string;
          /** @description Identifies this request; quote it when asking for help. */
          "x-request-id": string;
          /** @description Requests allowed per minute. */
          "x-ratelimit-limit": string;
          /** @description Requests left in the current window. */
          "x-ratelimit-remaining": string;
          /** @description Seconds until the window resets. */
          "x-ratelimit-reset": string;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description The Idempotency-Key was used with a different request. Codes: idempotency_key_reused. */
      422: {
        headers: {
          /** @description Payload schema version of the API; currently 1.1. */
          "x-service-schema-version": string;
          /** @description Identifies this request; quote it when asking for help. */
          "x-request-id": string;
          /** @description Requests allowed per minute. */
          "x-ratelimit-limit": string;
          /** @description Requests left in the current window. */
          "x-ratelimit-remaining": string;
          /** @description Seconds until the window resets. */
          "x-ratelimit-reset": string;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Over the rate limit; retry after the number of seconds in Retry-After. Codes: rate_limited. */
      429: {
        headers: {
          /** @description Payload schema version of the API; currently 1.1. */
          "x-service-schema-version": string;
          /** @description Identifies this request; quote it when asking for help. */
          "x-request-id": string;
          /** @description Requests allowed per minute. */
          "x-ratelimit-limit": string;
          /** @description Requests left in the current window. */
          "x-ratelimit-remaining": string;
          /** @description Seconds until the window resets. */
          "x-ratelimit-reset": string;
          /** @description Seconds to wait before retrying (on 409, only with idempotency_in_progress). */
          "retry-after": string;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Something failed on our side. Codes: internal_error. */
      500: {
        headers: {
          /** @description Payload schema version of the API; currently 1.1. */
          "x-service-schema-version": string;
          /** @description Identifies this request; quote it when asking for help. */
          "x-request-id": string;
          /** @description Requests allowed per minute. */
          "x-ratelimit-limit": string;
          /** @description Requests left in the current window. */
          "x-ratelimit-remaining": string;
          /** @description Seconds until the window resets. */
          "x-ratelimit-reset": string;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description A dependency is unavailable; retry shortly. Codes: unavailable. */
      503: {
        headers: {
          /** @description Payload schema version of the API; currently 1.1. */
          "x-service-schema-version": string;
          /** @description Identifies this request; quote it when asking for help. */
          "x-request-id": string;
          /** @description Requests allowed per minute. */
          "x-ratelimit-limit": string;
          /** @description Requests left in the current window. */
          "x-ratelimit-remaining": string;
          /** @description Seconds until the window resets. */
          "x-ratelimit-reset": string;
          /** @description Seconds to wait before retrying (on 409, only with idempotency_in_progress). */
          "retry-after": string;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  listWalletTransactions: {
    parameters: {
      query?: {
        /** @description Items per page, 1-100. */
        limit?: number;
        /** @description Cursor: the `next_cursor` of the previous page (the id of its last item). Omit for the newest items. */
        starting_after?: string;
      };
      header?: never;
      path: {
        /** @description Your own identifier for the user; 1-128 characters of `[A-Za-z0-9_.:@-]`. */
        externalUserId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description A page of transactions. */
      200: {
        headers: {
          /** @description Payload schema version of the API; currently 1.1. */
          "x-service-schema-version": string;
          /** @description Identifies this request; quote it when asking for help. */
          "x-request-id": string;
          /** @description Requests allowed per minute. */
          "x-ratelimit-limit": string;
          /** @description Requests left in the current window. */
          "x-ratelimit-remaining": string;
          /** @description Seconds until the window resets. */
          "x-ratelimit-reset": string;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["TransactionList"];
        };
      };
      /** @description The request is invalid (validation_failed, invalid_json, amount_precision, unsupported_currency...). Codes: validation_failed. */
      400: {
        headers: {
          /** @description Payload schema version of the API; currently 1.1. */
          "x-service-schema-version": string;
          /** @description Identifies this request; quote it when asking for help. */
          "x-request-id": string;
          /** @description Requests allowed per minute. */
          "x-ratelimit-limit": string;
          /** @description Requests left in the current window. */
          "x-ratelimit-remaining": string;
          /** @description Seconds until the window resets. */
          "x-ratelimit-reset": string;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Missing, unknown or revoked API key. Codes: missing_api_key, invalid_api_key, revoked_api_key. */
      401: {
        headers: {
          /** @description Payload schema version of the API; currently 1.1. */
          "x-service-schema-version": string;
          /** @description Identifies this request; quote it when asking for help. */
          "x-request-id": string;
          /** @description Requests allowed per minute. */
          "x-ratelimit-limit": string;
          /** @description Requests left in the current window. */
          "x-ratelimit-remaining": string;
          /** @description Seconds until the window resets. */
          "x-ratelimit-reset": string;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description The key lacks the scope, or the caller's address is not allowed. Codes: scope_missing, ip_not_allowed. */
      403: {
        headers: {
          /** @description Payload schema version of the API; currently 1.1. */
          "x-service-schema-version": string;
          /** @description Identifies this request; quote it when asking for help. */
          "x-request-id": string;
          /** @description Requests allowed per minute. */
          "x-ratelimit-limit": string;
          /** @description Requests left in the current window. */
          "x-ratelimit-remaining": string;
          /** @description Seconds until the window resets. */
          "x-ratelimit-reset": string;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description The resource does not exist in this application and mode. Codes: wallet_not_found. */
      404: {
        headers: {
          /** @description Payload schema version of the API; currently 1.1. */
          "x-service-schema-version": string;
          /** @description Identifies this request; quote it when asking for help. */
          "x-request-id": string;
          /** @description Requests allowed per minute. */
          "x-ratelimit-limit": string;
          /** @description Requests left in the current window. */
          "x-ratelimit-remaining": string;
          /** @description Seconds until the window resets. */
          "x-ratelimit-reset": string;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Over the rate limit; retry after the number of seconds in Retry-After. Codes: rate_limited. */
      429: {
        headers: {
          /** @description Payload schema version of the API; currently 1.1. */
          "x-service-schema-version": string;
          /** @description Identifies this request; quote it when asking for help. */
          "x-request-id": string;
          /** @description Requests allowed per minute. */
          "x-ratelimit-limit": string;
          /** @description Requests left in the current window. */
          "x-ratelimit-remaining": string;
          /** @description Seconds until the window resets. */
          "x-ratelimit-reset": string;
          /** @description Seconds to wait before retrying (on 409, only with idempotency_in_progress). */
          "retry-after": string;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Something failed on our side. Codes: internal_error. */
      500: {
        headers: {
          /** @description Payload schema version of the API; currently 1.1. */
          "x-service-schema-version": string;
          /** @description Identifies this request; quote it when asking for help. */
          "x-request-id": string;
          /** @description Requests allowed per minute. */
          "x-ratelimit-limit": string;
          /** @description Requests left in the current window. */
          "x-ratelimit-remaining": string;
          /** @description Seconds until the window resets. */
          "x-ratelimit-reset": string;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description A dependency is unavailable; retry shortly. Codes: unavailable. */
      503: {
        headers: {
          /** @description Payload schema version of the API; currently 1.1. */
          "x-service-schema-version": string;
          /** @description Identifies this request; quote it when asking for help. */
          "x-request-id": string;
          /** @description Requests allowed per minute. */
          "x-ratelimit-limit": string;
          /** @description Requests left in the current window. */
          "x-ratelimit-remaining": string;
          /** @description Seconds until the window resets. */
          "x-ratelimit-reset": string;
          /** @description Seconds to wait before retrying (on 409, only with idempotency_in_progress). */
          "retry-after": string;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  fundTestWallet: {
    parameters: {
      query?: never;
      header?: {
        /** @description Makes the write safe to retry: the same key within 24 hours returns the original response. */
        "Idempotency-Key"?: string;
      };
      path: {
        /** @description Your own identifier for the user; 1-128 characters of `[A-Za-z0-9_.:@-]`. */
        externalUserId: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": components["schemas"]["FundWalletRequest"];
      };
    };
    responses: {
      /** @description The funding transaction. */
      201: {
        headers: {
          /** @description Payload schema version of the API; currently 1.1. */
          "x-service-schema-version": string;
          /** @description Identifies this request; quote it when asking for help. */
          "x-request-id": string;
          /** @description Requests allowed per minute. */
          "x-ratelimit-limit": string;
          /** @description Requests left in the current window. */
          "x-ratelimit-remaining": string;
          /** @description Seconds until the window resets. */
          "x-ratelimit-reset": string;
          "idempotent-replayed"?: string;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["TransactionWriteResponse"];
        };
      };
      /** @description The request is invalid (validation_failed, invalid_json, amount_precision, unsupported_currency...). Codes: validation_failed, invalid_json, invalid_idempotency_key, amount_precision. */
      400: {
        headers: {
          /** @description Payload schema version of the API; currently 1.1. */
          "x-service-schema-version": string;
          /** @description Identifies this request; quote it when asking for help. */
          "x-request-id": string;
          /** @description Requests allowed per minute. */
          "x-ratelimit-limit": string;
          /** @description Requests left in the current window. */
          "x-ratelimit-remaining": string;
          /** @description Seconds until the window resets. */
          "x-ratelimit-reset": string;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Missing, unknown or revoked API key. Codes: missing_api_key, invalid_api_key, revoked_api_key. */
      401: {
        headers: {
          /** @description Payload schema version of the API; currently 1.1. */
          "x-service-schema-version": string;
          /** @description Identifies this request; quote it when asking for help. */
          "x-request-id": string;
          /** @description Requests allowed per minute. */
          "x-ratelimit-limit": string;
          /** @description Requests left in the current window. */
          "x-ratelimit-remaining": string;
          /** @description Seconds until the window resets. */
          "x-ratelimit-reset": string;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description The key lacks the scope, or the caller's address is not allowed. Codes: scope_missing, ip_not_allowed, test_mode_only. */
      403: {
        headers: {
          /** @description Payload schema version of the API; currently 1.1. */
          "x-service-schema-version": string;
          /** @description Identifies this request; quote it when asking for help. */
          "x-request-id": string;
          /** @description Requests allowed per minute. */
          "x-ratelimit-limit": string;
          /** @description Requests left in the current window. */
          "x-ratelimit-remaining": string;
          /** @description Seconds until the window resets. */
          "x-ratelimit-reset": string;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description The resource does not exist in this application and mode. Codes: wallet_not_found. */
      404: {
        headers: {
          /** @description Payload schema version of the API; currently 1.1. */
          "x-service-schema-version": string;
          /** @description Identifies this request; quote it when asking for help. */
          "x-request-id": string;
          /** @description Requests allowed per minute. */
          "x-ratelimit-limit": string;
          /** @description Requests left in the current window. */
          "x-ratelimit-remaining": string;
          /** @description Seconds until the window resets. */
          "x-ratelimit-reset": string;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Conflict with the resource's current state, or the same Idempotency-Key is still in flight. Codes: idempotency_in_progress, wallet_not_active. */
      409: {
        headers: {
          /** @description Payload schema version of the API; currently 1.1. */
          "x-service-schema-version": string;
          /** @description Identifies this request; quote it when asking for help. */
          "x-request-id": string;
          /** @description Requests allowed per minute. */
          "x-ratelimit-limit": string;
          /** @description Requests left in the current window. */
          "x-ratelimit-remaining": string;
          /** @description Seconds until the window resets. */
          "x-ratelimit-reset": string;
          "retry-after"?: string;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Writes must send Content-Type: application/json. Codes: unsupported_media_type. */
      415: {
        headers: {
          /** @description Payload schema version of the API; currently 1.1. */
          "x-service-schema-version": string;
          /** @description Identifies this request; quote it when asking for help. */
          "x-request-id": string;
          /** @description Requests allowed per minute. */
          "x-ratelimit-limit": string;
          /** @description Requests left in the current window. */
          "x-ratelimit-remaining": string;
          /** @description Seconds until the window resets. */
          "x-ratelimit-reset": string;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description The Idempotency-Key was used with a different request. Codes: idempotency_key_reused. */
      422: {
        headers: {
          /** @description Payload schema version of the API; currently 1.1. */
          "x-service-schema-version": string;
          /** @description Identifies this request; quote it when asking for help. */
          "x-request-id": string;
          /** @description Requests allowed per minute. */
          "x-ratelimit-limit": string;
          /** @description Requests left in the current window. */
          "x-ratelimit-remaining": string;
          /** @description Seconds until the window resets. */
          "x-ratelimit-reset": string;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Over the rate limit; retry after the number of seconds in Retry-After. Codes: rate_limited. */
      429: {
        headers: {
          /** @description Payload schema version of the API; currently 1.1. */
          "x-service-schema-version": string;
          /** @description Identifies this request; quote it when asking for help. */
          "x-request-id": string;
          /** @description Requests allowed per minute. */
          "x-ratelimit-limit": string;
          /** @description Requests left in the current window. */
          "x-ratelimit-remaining": string;
          /** @description Seconds until the window resets. */
          "x-ratelimit-reset": string;
          /** @description Seconds to wait before retrying (on 409, only with idempotency_in_progress). */
          "retry-after": string;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Something failed on our side. Codes: internal_error. */
      500: {
        headers: {
          /** @description Payload schema version of the API; currently 1.1. */
          "x-service-schema-version": string;
          /** @description Identifies this request; quote it when asking for help. */
          "x-request-id": string;
          /** @description Requests allowed per minute. */
          "x-ratelimit-limit": string;
          /** @description Requests left in the current window. */
          "x-ratelimit-remaining": string;
          /** @description Seconds until the window resets. */
          "x-ratelimit-reset": string;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description A dependency is unavailable; retry shortly. Codes: unavailable. */
      503: {
        headers: {
          /** @description Payload schema version of the API; currently 1.1. */
          "x-service-schema-version": string;
          /** @description Identifies this request; quote it when asking for help. */
          "x-request-id": string;
          /** @description Requests allowed per minute. */
          "x-ratelimit-limit": string;
          /** @description Requests left in the current window. */
          "x-ratelimit-remaining": string;
          /** @description Seconds until the window resets. */
          "x-ratelimit-reset": string;
          /** @description Seconds to wait before retrying (on 409, only with idempotency_in_progress). */
          "retry-after": string;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  simulateCardTap: {
    parameters: {
      query?: never;
      header?: {
        /** @description Makes the write safe to retry: the same key within 24 hours returns the original response. */
        "Idempotency-Key"?: string;
      };
      path: {
        /** @description The card's id. */
        id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": components["schemas"]["CreateAuthorizationRequest"];
      };
    };
    responses: {
      /** @description The approved authorization. */
      201: {
        headers: {
          /** @description Payload schema version of the API; currently 1.1. */
          "x-service-schema-version": string;
          /** @description Identifies this request; quote it when asking for help. */
          "x-request-id": string;
          /** @description Requests allowed per minute. */
          "x-ratelimit-limit": string;
          /** @description Requests left in the current window. */
          "x-ratelimit-remaining": string;
          /** @description Seconds until the window resets. */
          "x-ratelimit-reset": string;
          "idempotent-replayed"?: string;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["AuthorizationWriteResponse"];
        };
      };
      /** @description The request is invalid (validation_failed, invalid_json, amount_precision, unsupported_currency...). Codes: validation_failed, invalid_json, invalid_idempotency_key, unsupported_currency, amount_precision. */
      400: {
        headers: {
          /** @description Payload schema version of the API; currently 1.1. */
          "x-service-schema-version": string;
          /** @description Identifies this request; quote it when asking for help. */
          "x-request-id": string;
          /** @description Requests allowed per minute. */
          "x-ratelimit-limit": string;
          /** @description Requests left in the current window. */
          "x-ratelimit-remaining": string;
          /** @description Seconds until the window resets. */
          "x-ratelimit-reset": string;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Missing, unknown or revoked API key. Codes: missing_api_key, invalid_api_key, revoked_api_key. */
      401: {
        headers: {
          /** @description Payload schema version of the API; currently 1.1. */
          "x-service-schema-version": string;
          /** @description Identifies this request; quote it when asking for help. */
          "x-request-id": string;
          /** @description Requests allowed per minute. */
          "x-ratelimit-limit": string;
          /** @description Requests left in the current window. */
          "x-ratelimit-remaining": string;
          /** @description Seconds until the window resets. */
          "x-ratelimit-reset": string;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description The card refused the payment. Codes: insufficient_funds, spend_limit_exceeded, card_inactive, card_currency_mismatch. */
      402: {
        headers: {
          /** @description Payload schema version of the API; currently 1.1. */
          "x-service-schema-version": string;
          /** @description Identifies this request; quote it when asking for help. */
          "x-request-id": string;
          /** @description Requests allowed per minute. */
          "x-ratelimit-limit": string;
          /** @description Requests left in the current window. */
          "x-ratelimit-remaining": string;
          /** @description Seconds until the window resets. */
          "x-ratelimit-reset": string;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description The key lacks the scope, or the caller's address is not allowed. Codes: scope_missing, ip_not_allowed, test_mode_only. */
      403: {
        headers: {
          /** @description Payload schema version of the API; currently 1.1. */
          "x-service-schema-version": string;
          /** @description Identifies this request; quote it when asking for help. */
          "x-request-id": string;
          /** @description Requests allowed per minute. */
          "x-ratelimit-limit": string;
          /** @description Requests left in the current window. */
          "x-ratelimit-remaining": string;
          /** @description Seconds until the window resets. */
          "x-ratelimit-reset": string;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description The resource does not exist in this application and mode. Codes: card_not_found. */
      404: {
        headers: {
          /** @description Payload schema version of the API; currently 1.1. */
          "x-service-schema-version": string;
          /** @description Identifies this request; quote it when asking for help. */
          "x-request-id": string;
          /** @description Requests allowed per minute. */
          "x-ratelimit-limit": string;
          /** @description Requests left in the current window. */
          "x-ratelimit-remaining": string;
          /** @description Seconds until the window resets. */
          "x-ratelimit-reset": string;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Conflict with the resource's current state, or the same Idempotency-Key is still in flight. Codes: idempotency_in_progress. */
      409: {
        headers: {
          /** @description Payload schema version of the API; currently 1.1. */
          "x-service-schema-version": string;
          /** @description Identifies this request; quote it when asking for help. */
          "x-request-id": string;
          /** @description Requests allowed per minute. */
          "x-ratelimit-limit": string;
          /** @description Requests left in the current window. */
          "x-ratelimit-remaining": string;
          /** @description Seconds until the window resets. */
          "x-ratelimit-reset": string;
          "retry-after"?: string;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Writes must send Content-Type: application/json. Codes: unsupported_media_type. */
      415: {
        headers: {
          /** @description Payload schema version of the API; currently 1.1. */
          "x-service-schema-version": string;
          /** @description Identifies this request; quote it when asking for help. */
          "x-request-id": string;
          /** @description Requests allowed per minute. */
          "x-ratelimit-limit": string;
          /** @description Requests left in the current window. */
          "x-ratelimit-remaining": string;
          /** @description Seconds until the window resets. */
          "x-ratelimit-reset": string;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description The Idempotency-Key was used with a different request. Codes: idempotency_key_reused. */
      422: {
        headers: {
          /** @description Payload schema version of the API; currently 1.1. */
          "x-service-schema-version": string;
          /** @description Identifies this request; quote it when asking for help. */
          "x-request-id": string;
          /** @description Requests allowed per minute. */
          "x-ratelimit-limit": string;
          /** @description Requests left in the current window. */
          "x-ratelimit-remaining": string;
          /** @description Seconds until the window resets. */
          "x-ratelimit-reset": string;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Over the rate limit; retry after the number of seconds in Retry-After. Codes: rate_limited. */
      429: {
        headers: {
          /** @description Payload schema version of the API; currently 1.1. */
          "x-service-schema-version": string;
          /** @description Identifies this request; quote it when asking for help. */
          "x-request-id": string;
          /** @description Requests allowed per minute. */
          "x-ratelimit-limit": string;
          /** @description Requests left in the current window. */
          "x-ratelimit-remaining": string;
          /** @description Seconds until the window resets. */
          "x-ratelimit-reset": string;
          /** @description Seconds to wait before retrying (on 409, only with idempotency_in_progress). */
          "retry-after": string;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Something failed on our side. Codes: internal_error. */
      500: {
        headers: {
          /** @description Payload schema version of the API; currently 1.1. */
          "x-service-schema-version": string;
          /** @description Identifies this request; quote it when asking for help. */
          "x-request-id": string;
          /** @description Requests allowed per minute. */
          "x-ratelimit-limit": string;
          /** @description Requests left in the current window. */
          "x-ratelimit-remaining": string;
          /** @description Seconds until the window resets. */
          "x-ratelimit-reset": string;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description A dependency is unavailable; retry shortly. Codes: unavailable. */
      503: {
        headers: {
          /** @description Payload schema version of the API; currently 1.1. */
          "x-service-schema-version": string;
          /** @description Identifies this request; quote it when asking for help. */
          "x-request-id": string;
          /** @description Requests allowed per minute. */
          "x-ratelimit-limit": string;
          /** @description Requests left in the current window. */
          "x-ratelimit-remaining": string;
          /** @description Seconds until the window resets. */
          "x-ratelimit-reset": string;
          /** @description Seconds to wait before retrying (on 409, only with idempotency_in_progress). */
          "retry-after": string;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  listEvents: {
    parameters: {
      query?: {
        /** @description Items per page, 1-100. */
        limit?: number;
        /** @description Cursor: the `next_cursor` of the previous page (the id of its last item). Omit for the newest items. */
        starting_after?: string;
        /** @description Only events of this kind. */
        type?: "wallet.provisioned" | "card.issued" | "card.authorized" | "card.captured" | "card.refunded";
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description A page of events. */
      200: {
        headers: {
          /** @description Payload schema version of the API; currently 1.1. */
          "x-service-schema-version": string;
          /** @description Identifies this request; quote it when asking for help. */
          "x-request-id": string;
          /** @description Requests allowed per minute. */
          "x-ratelimit-limit": string;
          /** @description Requests left in the current window. */
          "x-ratelimit-remaining": string;
          /** @description Seconds until the window resets. */
          "x-ratelimit-reset": string;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["EventList"];
        };
      };
      /** @description The request is invalid (validation_failed, invalid_json, amount_precision, unsupported_currency...). Codes: validation_failed. */
      400: {
        headers: {
          /** @description Payload schema version of the API; currently 1.1. */
          "x-service-schema-version": string;
          /** @description Identifies this request; quote it when asking for help. */
          "x-request-id": string;
          /** @description Requests allowed per minute. */
          "x-ratelimit-limit": string;
          /** @description Requests left in the current window. */
          "x-ratelimit-remaining": string;
          /** @description Seconds until the window resets. */
          "x-ratelimit-reset": string;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Missing, unknown or revoked API key. Codes: missing_api_key, invalid_api_key, revoked_api_key. */
      401: {
        headers: {
          /** @description Payload schema version of the API; currently 1.1. */
          "x-service-schema-version": string;
          /** @description Identifies this request; quote it when asking for help. */
          "x-request-id": string;
          /** @description Requests allowed per minute. */
          "x-ratelimit-limit": string;
          /** @description Requests left in the current window. */
          "x-ratelimit-remaining": string;
          /** @description Seconds until the window resets. */
          "x-ratelimit-reset": string;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description The key lacks the scope, or the caller's address is not allowed. Codes: scope_missing, ip_not_allowed. */
      403: {
        headers: {
          /** @description Payload schema version of the API; currently 1.1. */
          "x-service-schema-version": string;
          /** @description Identifies this request; quote it when asking for help. */
          "x-request-id": string;
          /** @description Requests allowed per minute. */
          "x-ratelimit-limit": string;
          /** @description Requests left in the current window. */
          "x-ratelimit-remaining": string;
          /** @description Seconds until the window resets. */
          "x-ratelimit-reset": string;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Over the rate limit; retry after the number of seconds in Retry-After. Codes: rate_limited. */
      429: {
        headers: {
          /** @description Payload schema version of the API; currently 1.1. */
          "x-service-schema-version": string;
          /** @description Identifies this request; quote it when asking for help. */
          "x-request-id": string;
          /** @description Requests allowed per minute. */
          "x-ratelimit-limit": string;
          /** @description Requests left in the current window. */
          "x-ratelimit-remaining": string;
          /** @description Seconds until the window resets. */
          "x-ratelimit-reset": string;
          /** @description Seconds to wait before retrying (on 409, only with idempotency_in_progress). */
          "retry-after": string;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Something failed on our side. Codes: internal_error. */
      500: {
        headers: {
          /** @description Payload schema version of the API; currently 1.1. */
          "x-service-schema-version": string;
          /** @description Identifies this request; quote it when asking for help. */
          "x-request-id": string;
          /** @description Requests allowed per minute. */
          "x-ratelimit-limit": string;
          /** @description Requests left in the current window. */
          "x-ratelimit-remaining": string;
          /** @description Seconds until the window resets. */
          "x-ratelimit-reset": string;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description A dependency is unavailable; retry shortly. Codes: unavailable. */
      503: {
        headers: {
          /** @description Payload schema version of the API; currently 1.1. */
          "x-service-schema-version": string;
          /** @description Identifies this request; quote it when asking for help. */
          "x-request-id": string;
          /** @description Requests allowed per minute. */
          "x-ratelimit-limit": string;
          /** @description Requests left in the current window. */
          "x-ratelimit-remaining": string;
          /** @description Seconds until the window resets. */
          "x-ratelimit-reset": string;
          /** @description Seconds to wait before retrying (on 409, only with idempotency_in_progress). */
          "retry-after": string;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  getEvent: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description The event's id. */
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The event. */
      200: {
        headers: {
          /** @description Payload schema version of the API; currently 1.1. */
          "x-service-schema-version": string;
          /** @description Identifies this request; quote it when asking for help. */
          "x-request-id": string;
          /** @description Requests allowed per minute. */
          "x-ratelimit-limit": string;
          /** @description Requests left in the current window. */
          "x-ratelimit-remaining": string;
          /** @description Seconds until the window resets. */
          "x-ratelimit-reset": string;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Event"];
        };
      };
      /** @description The request is invalid (validation_failed, invalid_json, amount_precision, unsupported_currency...). Codes: validation_failed. */
      400: {
        headers: {
          /** @description Payload schema version of the API; currently 1.1. */
          "x-service-schema-version": string;
          /** @description Identifies this request; quote it when asking for help. */
          "x-request-id": string;
          /** @description Requests allowed per minute. */
          "x-ratelimit-limit": string;
          /** @description Requests left in the current window. */
          "x-ratelimit-remaining": string;
          /** @description Seconds until the window resets. */
          "x-ratelimit-reset": string;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Missing, unknown or revoked API key. Codes: missing_api_key, invalid_api_key, revoked_api_key. */
      401: {
        headers: {
          /** @description Payload schema version of the API; currently 1.1. */
          "x-service-schema-version": string;
          /** @description Identifies this request; quote it when asking for help. */
          "x-request-id": string;
          /** @description Requests allowed per minute. */
          "x-ratelimit-limit": string;
          /** @description Requests left in the current window. */
          "x-ratelimit-remaining": string;
          /** @description Seconds until the window resets. */
          "x-ratelimit-reset": string;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description The key lacks the scope, or the caller's address is not allowed. Codes: scope_missing, ip_not_allowed. */
      403: {
        headers: {
          /** @description Payload schema version of the API; currently 1.1. */
          "x-service-schema-version": string;
          /** @description Identifies this request; quote it when asking for help. */
          "x-request-id": string;
          /** @description Requests allowed per minute. */
          "x-ratelimit-limit": string;
          /** @description Requests left in the current window. */
          "x-ratelimit-remaining": string;
          /** @description Seconds until the window resets. */
          "x-ratelimit-reset": string;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description The resource does not exist in this application and mode. Codes: event_not_found. */
      404: {
        headers: {
          /** @description Payload schema version of the API; currently 1.1. */
          "x-service-schema-version": string;
          /** @description Identifies this request; quote it when asking for help. */
          "x-request-id": string;
          /** @description Requests allowed per minute. */
          "x-ratelimit-limit": string;
          /** @description Requests left in the current window. */
          "x-ratelimit-remaining": string;
          /** @description Seconds until the window resets. */
          "x-ratelimit-reset": string;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Over the rate limit; retry after the number of seconds in Retry-After. Codes: rate_limited. */
      429: {
        headers: {
          /** @description Payload schema version of the API; currently 1.1. */
          "x-service-schema-version": string;
          /** @description Identifies this request; quote it when asking for help. */
          "x-request-id": string;
          /** @description Requests allowed per minute. */
          "x-ratelimit-limit": string;
          /** @description Requests left in the current window. */
          "x-ratelimit-remaining": string;
          /** @description Seconds until the window resets. */
          "x-ratelimit-reset": string;
          /** @description Seconds to wait before retrying (on 409, only with idempotency_in_progress). */
          "retry-after": string;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Something failed on our side. Codes: internal_error. */
      500: {
        headers: {
          /** @description Payload schema version of the API; currently 1.1. */
          "x-service-schema-version": string;
          /** @description Identifies this request; quote it when asking for help. */
          "x-request-id": string;
          /** @description Requests allowed per minute. */
          "x-ratelimit-limit": string;
          /** @description Requests left in the current window. */
          "x-ratelimit-remaining": string;
          /** @description Seconds until the window resets. */
          "x-ratelimit-reset": string;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description A dependency is unavailable; retry shortly. Codes: unavailable. */
      503: {
        headers: {
          /** @description Payload schema version of the API; currently 1.1. */
          "x-service-schema-version": string;
          /** @description Identifies this request; quote it when asking for help. */
          "x-request-id": string;
          /** @description Requests allowed per minute. */
          "x-ratelimit-limit": string;
          /** @description Requests left in the current window. */
          "x-ratelimit-remaining": string;
          /** @description Seconds until the window resets. */
          "x-ratelimit-reset": string;
          /** @description Seconds to wait before retrying (on 409, only with idempotency_in_progress). */
          "retry-after": string;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  listWebhookDeliveries: {
    parameters: {
      query?: {
        /** @description Items per page, 1-100. */
        limit?: number;
        /** @description Cursor: the `next_cursor` of the previous page (the id of its last item). Omit for the newest items. */
        starting_after?: string;
        /** @description Only deliveries of this event id. */
        event?: string;
        /** @description Only deliveries of events of this kind. */
        type?: "wallet.provisioned" | "card.issued" | "card.authorized" | "card.captured" | "card.refunded";
        /** @description Only deliveries in this state. */
        status?: "pending" | "succeeded" | "failed";
        /** @description Only deliveries to this endpoint id. */
        endpoint?: string;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description A page of deliveries. */
      200: {
        headers: {
          /** @description Payload schema version of the API; currently 1.1. */
          "x-service-schema-version": string;
          /** @description Identifies this request; quote it when asking for help. */
          "x-request-id": string;
          /** @description Requests allowed per minute. */
          "x-ratelimit-limit": string;
          /** @description Requests left in the current window. */
          "x-ratelimit-remaining": string;
          /** @description Seconds until the window resets. */
          "x-ratelimit-reset": string;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["WebhookDeliveryList"];
        };
      };
      /** @description The request is invalid (validation_failed, invalid_json, amount_precision, unsupported_currency...). Codes: validation_failed. */
      400: {
        headers: {
          /** @description Payload schema version of the API; currently 1.1. */
          "x-service-schema-version": string;
          /** @description Identifies this request; quote it when asking for help. */
          "x-request-id": string;
          /** @description Requests allowed per minute. */
          "x-ratelimit-limit": string;
          /** @description Requests left in the current window. */
          "x-ratelimit-remaining": string;
          /** @description Seconds until the window resets. */
          "x-ratelimit-reset": string;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Missing, unknown or revoked API key. Codes: missing_api_key, invalid_api_key, revoked_api_key. */
      401: {
        headers: {
          /** @description Payload schema version of the API; currently 1.1. */
          "x-service-schema-version": string;
          /** @description Identifies this request; quote it when asking for help. */
          "x-request-id": string;
          /** @description Requests allowed per minute. */
          "x-ratelimit-limit": string;
          /** @description Requests left in the current window. */
          "x-ratelimit-remaining": string;
          /** @description Seconds until the window resets. */
          "x-ratelimit-reset": string;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description The key lacks the scope, or the caller's address is not allowed. Codes: scope_missing, ip_not_allowed. */
      403: {
        headers: {
          /** @description Payload schema version of the API; currently 1.1. */
          "x-service-schema-version": string;
          /** @description Identifies this request; quote it when asking for help. */
          "x-request-id": string;
          /** @description Requests allowed per minute. */
          "x-ratelimit-limit": string;
          /** @description Requests left in the current window. */
          "x-ratelimit-remaining": string;
          /** @description Seconds until the window resets. */
          "x-ratelimit-reset": string;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Over the rate limit; retry after the number of seconds in Retry-After. Codes: rate_limited. */
      429: {
        headers: {
          /** @description Payload schema version of the API; currently 1.1. */
          "x-service-schema-version": string;
          /** @description Identifies this request; quote it when asking for help. */
          "x-request-id": string;
          /** @description Requests allowed per minute. */
          "x-ratelimit-limit": string;
          /** @description Requests left in the current window. */
          "x-ratelimit-remaining": string;
          /** @description Seconds until the window resets. */
          "x-ratelimit-reset": string;
          /** @description Seconds to wait before retrying (on 409, only with idempotency_in_progress). */
          "retry-after": string;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Something failed on our side. Codes: internal_error. */
      500: {
        headers: {
          /** @description Payload schema version of the API; currently 1.1. */
          "x-service-schema-version": string;
          /** @description Identifies this request; quote it when asking for help. */
          "x-request-id": string;
          /** @description Requests allowed per minute. */
          "x-ratelimit-limit": string;
          /** @description Requests left in the current window. */
          "x-ratelimit-remaining": string;
          /** @description Seconds until the window resets. */
          "x-ratelimit-reset": string;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description A dependency is unavailable; retry shortly. Codes: unavailable. */
      503: {
        headers: {
          /** @description Payload schema version of the API; currently 1.1. */
          "x-service-schema-version": string;
          /** @description Identifies this request; quote it when asking for help. */
          "x-request-id": string;
          /** @description Requests allowed per minute. */
          "x-ratelimit-limit": string;
          /** @description Requests left in the current window. */
          "x-ratelimit-remaining": string;
          /** @description Seconds until the window resets. */
          "x-ratelimit-reset": string;
          /** @description Seconds to wait before retrying (on 409, only with idempotency_in_progress). */
          "retry-after": string;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  getWebhookDelivery: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description The delivery's id. */
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The delivery and its attempts, oldest first. */
      200: {
        headers: {
          /** @description Payload schema version of the API; currently 1.1. */
          "x-service-schema-version": string;
          /** @description Identifies this request; quote it when asking for help. */
          "x-request-id": string;
          /** @description Requests allowed per minute. */
          "x-ratelimit-limit": string;
          /** @description Requests left in the current window. */
          "x-ratelimit-remaining": string;
          /** @description Seconds until the window resets. */
          "x-ratelimit-reset": string;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["WebhookDeliveryDetail"];
        };
      };
      /** @description The request is invalid (validation_failed, invalid_json, amount_precision, unsupported_currency...). Codes: validation_failed. */
      400: {
        headers: {
          /** @description Payload schema version of the API; currently 1.1. */
          "x-service-schema-version": string;
          /** @description Identifies this request; quote it when asking for help. */
          "x-request-id": string;
          /** @description Requests allowed per minute. */
          "x-ratelimit-limit": string;
          /** @description Requests left in the current window. */
          "x-ratelimit-remaining": string;
          /** @description Seconds until the window resets. */
          "x-ratelimit-reset": string;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Missing, unknown or revoked API key. Codes: missing_api_key, invalid_api_key, revoked_api_key. */
      401: {
        headers: {
          /** @description Payload schema version of the API; currently 1.1. */
          "x-service-schema-version": string;
          /** @description Identifies this request; quote it when asking for help. */
          "x-request-id": string;
          /** @description Requests allowed per minute. */
          "x-ratelimit-limit": string;
          /** @description Requests left in the current window. */
          "x-ratelimit-remaining": string;
          /** @description Seconds until the window resets. */
          "x-ratelimit-reset": string;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description The key lacks the scope, or the caller's address is not allowed. Codes: scope_missing, ip_not_allowed. */
      403: {
        headers: {
          /** @description Payload schema version of the API; currently 1.1. */
          "x-service-schema-version": string;
          /** @description Identifies this request; quote it when asking for help. */
          "x-request-id": string;
          /** @description Requests allowed per minute. */
          "x-ratelimit-limit": string;
          /** @description Requests left in the current window. */
          "x-ratelimit-remaining": string;
          /** @description Seconds until the window resets. */
          "x-ratelimit-reset": string;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description The resource does not exist in this application and mode. Codes: delivery_not_found. */
      404: {
        headers: {
          /** @description Payload schema version of the API; currently 1.1. */
          "x-service-schema-version": string;
          /** @description Identifies this request; quote it when asking for help. */
          "x-request-id": string;
          /** @description Requests allowed per minute. */
          "x-ratelimit-limit": string;
          /** @description Requests left in the current window. */
          "x-ratelimit-remaining": string;
          /** @description Seconds until the window resets. */
          "x-ratelimit-reset": string;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Over the rate limit; retry after the number of seconds in Retry-After. Codes: rate_limited. */
      429: {
        headers: {
          /** @description Payload schema version of the API; currently 1.1. */
          "x-service-schema-version": string;
          /** @description Identifies this request; quote it when asking for help. */
          "x-request-id": string;
          /** @description Requests allowed per minute. */
          "x-ratelimit-limit": string;
          /** @description Requests left in the current window. */
          "x-ratelimit-remaining": string;
          /** @description Seconds until the window resets. */
          "x-ratelimit-reset": string;
          /** @description Seconds to wait before retrying (on 409, only with idempotency_in_progress). */
          "retry-after": string;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Something failed on our side. Codes: internal_error. */
      500: {
        headers: {
          /** @description Payload schema version of the API; currently 1.1. */
          "x-service-schema-version": string;
          /** @description Identifies this request; quote it when asking for help. */
          "x-request-id": string;
          /** @description Requests allowed per minute. */
          "x-ratelimit-limit": string;
          /** @description Requests left in the current window. */
          "x-ratelimit-remaining": string;
          /** @description Seconds until the window resets. */
          "x-ratelimit-reset": string;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description A dependency is unavailable; retry shortly. Codes: unavailable. */
      503: {
        headers: {
          /** @description Payload schema version of the API; currently 1.1. */
          "x-service-schema-version": string;
          /** @description Identifies this request; quote it when asking for help. */
          "x-request-id": string;
          /** @description Requests allowed per minute. */
          "x-ratelimit-limit": string;
          /** @description Requests left in the current window. */
          "x-ratelimit-remaining": string;
          /** @description Seconds until the window resets. */
          "x-ratelimit-reset": string;
          /** @description Seconds to wait before retrying (on 409, only with idempotency_in_progress). */
          "retry-after": string;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  replayWebhookDelivery: {
    parameters: {
      query?: never;
      header?: {
        /** @description Makes the write safe to retry: the same key within 24 hours returns the original response. */
        "Idempotency-Key"?: string;
      };
      path: {
        /** @description The delivery's id. */
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The replay is queued; the delivery as it was before it. */
      202: {
        headers: {
          /** @description Payload schema version of the API; currently 1.1. */
          "x-service-schema-version": string;
          /** @description Identifies this request; quote it when asking for help. */
          "x-request-id": string;
          /** @description Requests allowed per minute. */
          "x-ratelimit-limit": string;
          /** @description Requests left in the current window. */
          "x-ratelimit-remaining": string;
          /** @description Seconds until the window resets. */
          "x-ratelimit-reset": string;
          "idempotent-replayed"?: string;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["WebhookReplayResponse"];
        };
      };
      /** @description The request is invalid (validation_failed, invalid_json, amount_precision, unsupported_currency...). Codes: validation_failed, invalid_json, invalid_idempotency_key. */
      400: {
        headers: {
          /** @description Payload schema version of the API; currently 1.1. */
          "x-service-schema-version": string;
          /** @description Identifies this request; quote it when asking for help. */
          "x-request-id": string;
          /** @description Requests allowed per minute. */
          "x-ratelimit-limit": string;
          /** @description Requests left in the current window. */
          "x-ratelimit-remaining": string;
          /** @description Seconds until the window resets. */
          "x-ratelimit-reset": string;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Missing, unknown or revoked API key. Codes: missing_api_key, invalid_api_key, revoked_api_key. */
      401: {
        headers: {
          /** @description Payload schema version of the API; currently 1.1. */
          "x-service-schema-version": string;
          /** @description Identifies this request; quote it when asking for help. */
          "x-request-id": string;
          /** @description Requests allowed per minute. */
          "x-ratelimit-limit": string;
          /** @description Requests left in the current window. */
          "x-ratelimit-remaining": string;
          /** @description Seconds until the window resets. */
          "x-ratelimit-reset": string;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description The key lacks the scope, or the caller's address is not allowed. Codes: scope_missing, ip_not_allowed. */
      403: {
        headers: {
          /** @description Payload schema version of the API; currently 1.1. */
          "x-service-schema-version": string;
          /** @description Identifies this request; quote it when asking for help. */
          "x-request-id": string;
          /** @description Requests allowed per minute. */
          "x-ratelimit-limit": string;
          /** @description Requests left in the current window. */
          "x-ratelimit-remaining": string;
          /** @description Seconds until the window resets. */
          "x-ratelimit-reset": string;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description The resource does not exist in this application and mode. Codes: delivery_not_found. */
      404: {
        headers: {
          /** @description Payload schema version of the API; currently 1.1. */
          "x-service-schema-version": string;
          /** @description Identifies this request; quote it when asking for help. */
          "x-request-id": string;
          /** @description Requests allowed per minute. */
          "x-ratelimit-limit": string;
          /** @description Requests left in the current window. */
          "x-ratelimit-remaining": string;
          /** @description Seconds until the window resets. */
          "x-ratelimit-reset": string;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Conflict with the resource's current state, or the same Idempotency-Key is still in flight. Codes: idempotency_in_progress, endpoint_disabled. */
      409: {
        headers: {
          /** @description Payload schema version of the API; currently 1.1. */
          "x-service-schema-version": string;
          /** @description Identifies this request; quote it when asking for help. */
          "x-request-id": string;
          /** @description Requests allowed per minute. */
          "x-ratelimit-limit": string;
          /** @description Requests left in the current window. */
          "x-ratelimit-remaining": string;
          /** @description Seconds until the window resets. */
          "x-ratelimit-reset": string;
          "retry-after"?: string;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Writes must send Content-Type: application/json. Codes: unsupported_media_type. */
      415: {
        headers: {
          /** @description Payload schema version of the API; currently 1.1. */
          "x-service-schema-version": string;
          /** @description Identifies this request; quote it when asking for help. */
          "x-request-id": string;
          /** @description Requests allowed per minute. */
          "x-ratelimit-limit": string;
          /** @description Requests left in the current window. */
          "x-ratelimit-remaining": string;
          /** @description Seconds until the window resets. */
          "x-ratelimit-reset": string;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description The Idempotency-Key was used with a different request. Codes: idempotency_key_reused. */
      422: {
        headers: {
          /** @description Payload schema version of the API; currently 1.1. */
          "x-service-schema-version": string;
          /** @description Identifies this request; quote it when asking for help. */
          "x-request-id": string;
          /** @description Requests allowed per minute. */
          "x-ratelimit-limit": string;
          /** @description Requests left in the current window. */
          "x-ratelimit-remaining": string;
          /** @description Seconds until the window resets. */
          "x-ratelimit-reset": string;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Over the rate limit; retry after the number of seconds in Retry-After. Codes: rate_limited, replay_limited. */
      429: {
        headers: {
          /** @description Payload schema version of the API; currently 1.1. */
          "x-service-schema-version": string;
          /** @description Identifies this request; quote it when asking for help. */
          "x-request-id": string;
          /** @description Requests allowed per minute. */
          "x-ratelimit-limit": string;
          /** @description Requests left in the current window. */
          "x-ratelimit-remaining": string;
          /** @description Seconds until the window resets. */
          "x-ratelimit-reset": string;
          /** @description Seconds to wait before retrying (on 409, only with idempotency_in_progress). */
          "retry-after": string;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Something failed on our side. Codes: internal_error. */
      500: {
        headers: {
          /** @description Payload schema version of the API; currently 1.1. */
          "x-service-schema-version": string;
          /** @description Identifies this request; quote it when asking for help. */
          "x-request-id": string;
          /** @description Requests allowed per minute. */
          "x-ratelimit-limit": string;
          /** @description Requests left in the current window. */
          "x-ratelimit-remaining": string;
          /** @description Seconds until the window resets. */
          "x-ratelimit-reset": string;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description A dependency is unavailable; retry shortly. Codes: unavailable. */
      503: {
        headers: {
          /** @description Payload schema version of the API; currently 1.1. */
          "x-service-schema-version": string;
          /** @description Identifies this request; quote it when asking for help. */
          "x-request-id": string;
          /** @description Requests allowed per minute. */
          "x-ratelimit-limit": string;
          /** @description Requests left in the current window. */
          "x-ratelimit-remaining": string;
          /** @description Seconds until the window resets. */
          "x-ratelimit-reset": string;
          /** @description Seconds to wait before retrying (on 409, only with idempotency_in_progress). */
          "retry-after": string;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  createStatement: {
    parameters: {
      query?: never;
      header?: {
        /** @description Makes the write safe to retry: the same key within 24 hours returns the original response. */
        "Idempotency-Key"?: string;
      };
      path: {
        /** @description Your own identifier for the user; 1-128 characters of `[A-Za-z0-9_.:@-]`. */
        externalUserId: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": components["schemas"]["CreateStatementRequest"];
      };
    };
    responses: {
      /** @description The statement, with its token and QR code. */
      201: {
        headers: {
          /** @description Payload schema version of the API; currently 1.1. */
          "x-service-schema-version": string;
          /** @description Identifies this request; quote it when asking for help. */
          "x-request-id": string;
          /** @description Requests allowed per minute. */
          "x-ratelimit-limit": string;
          /** @description Requests left in the current window. */
          "x-ratelimit-remaining": string;
          /** @description Seconds until the window resets. */
          "x-ratelimit-reset": string;
          "idempotent-replayed"?: string;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["StatementCreated"];
        };
      };
      /** @description The request is invalid (validation_failed, invalid_json, amount_precision, unsupported_currency...). Codes: validation_failed, invalid_json, invalid_idempotency_key. */
      400: {
        headers: {
          /** @description Payload schema version of the API; currently 1.1. */
          "x-service-schema-version": string;
          /** @description Identifies this request; quote it when asking for help. */
          "x-request-id": string;
          /** @description Requests allowed per minute. */
          "x-ratelimit-limit": string;
          /** @description Requests left in the current window. */
          "x-ratelimit-remaining": string;
          /** @description Seconds until the window resets. */
          "x-ratelimit-reset": string;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Missing, unknown or revoked API key. Codes: missing_api_key, invalid_api_key, revoked_api_key. */
      401: {
        headers: {
          /** @description Payload schema version of the API; currently 1.1. */
          "x-service-schema-version": string;
          /** @description Identifies this request; quote it when asking for help. */
          "x-request-id": string;
          /** @description Requests allowed per minute. */
          "x-ratelimit-limit": string;
          /** @description Requests left in the current window. */
          "x-ratelimit-remaining": string;
          /** @description Seconds until the window resets. */
          "x-ratelimit-reset": string;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description The key lacks the scope, or the caller's address is not allowed. Codes: scope_missing, ip_not_allowed. */
      403: {
        headers: {
          /** @description Payload schema version of the API; currently 1.1. */
          "x-service-schema-version": string;
          /** @description Identifies this request; quote it when asking for help. */
          "x-request-id": string;
          /** @description Requests allowed per minute. */
          "x-ratelimit-limit": string;
          /** @description Requests left in the current window. */
          "x-ratelimit-remaining": string;
          /** @description Seconds until the window resets. */
          "x-ratelimit-reset": string;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description The resource does not exist in this application and mode. Codes: wallet_not_found. */
      404: {
        headers: {
          /** @description Payload schema version of the API; currently 1.1. */
          "x-service-schema-version": string;
          /** @description Identifies this request; quote it when asking for help. */
          "x-request-id": string;
          /** @description Requests allowed per minute. */
          "x-ratelimit-limit": string;
          /** @description Requests left in the current window. */
          "x-ratelimit-remaining": string;
          /** @description Seconds until the window resets. */
          "x-ratelimit-reset": string;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Conflict with the resource's current state, or the same Idempotency-Key is still in flight. Codes: idempotency_in_progress. */
      409: {
        headers: {
          /** @description Payload schema version of the API; currently 1.1. */
          "x-service-schema-version": string;
          /** @description Identifies this request; quote it when asking for help. */
          "x-request-id": string;
          /** @description Requests allowed per minute. */
          "x-ratelimit-limit": string;
          /** @description Requests left in the current window. */
          "x-ratelimit-remaining": string;
          /** @description Seconds until the window resets. */
          "x-ratelimit-reset": string;
          "retry-after"?: string;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Writes must send Content-Type: application/json. Codes: unsupported_media_type. */
      415: {
        headers: {
          /** @description Payload schema version of the API; currently 1.1. */
          "x-service-schema-version": string;
          /** @description Identifies this request; quote it when asking for help. */
          "x-request-id": string;
          /** @description Requests allowed per minute. */
          "x-ratelimit-limit": string;
          /** @description Requests left in the current window. */
          "x-ratelimit-remaining": string;
          /** @description Seconds until the window resets. */
          "x-ratelimit-reset": string;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description The Idempotency-Key was used with a different request. Codes: idempotency_key_reused. */
      422: {
        headers: {
          /** @description Payload schema version of the API; currently 1.1. */
          "x-service-schema-version": string;
          /** @description Identifies this request; quote it when asking for help. */
          "x-request-id": string;
          /** @description Requests allowed per minute. */
          "x-ratelimit-limit": string;
          /** @description Requests left in the current window. */
          "x-ratelimit-remaining": string;
          /** @description Seconds until the window resets. */
          "x-ratelimit-reset": string;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Over the rate limit; retry after the number of seconds in Retry-After. Codes: rate_limited. */
      429: {
        headers: {
          /** @description Payload schema version of the API; currently 1.1. */
          "x-service-schema-version": string;
          /** @description Identifies this request; quote it when asking for help. */
          "x-request-id": string;
          /** @description Requests allowed per minute. */
          "x-ratelimit-limit": string;
          /** @description Requests left in the current window. */
          "x-ratelimit-remaining": string;
          /** @description Seconds until the window resets. */
          "x-ratelimit-reset": string;
          /** @description Seconds to wait before retrying (on 409, only with idempotency_in_progress). */
          "retry-after": string;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Something failed on our side. Codes: internal_error. */
      500: {
        headers: {
          /** @description Payload schema version of the API; currently 1.1. */
          "x-service-schema-version": string;
          /** @description Identifies this request; quote it when asking for help. */
          "x-request-id": string;
          /** @description Requests allowed per minute. */
          "x-ratelimit-limit": string;
          /** @description Requests left in the current window. */
          "x-ratelimit-remaining": string;
          /** @description Seconds until the window resets. */
          "x-ratelimit-reset": string;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description A dependency is unavailable; retry shortly. Codes: unavailable. */
      503: {
        headers: {
          /** @description Payload schema version of the API; currently 1.1. */
          "x-service-schema-version": string;
          /** @description Identifies this request; quote it when asking for help. */
          "x-request-id": string;
          /** @description Requests allowed per minute. */
          "x-ratelimit-limit": string;
          /** @description Requests left in the current window. */
          "x-ratelimit-remaining": string;
          /** @description Seconds until the window resets. */
          "x-ratelimit-reset": string;
          /** @description Seconds to wait before retrying (on 409, only with idempotency_in_progress). */
          "retry-after": string;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  revokeStatement: {
    parameters: {
      query?: never;
      header?: {
        /** @description Makes the write safe to retry: the same key within 24 hours returns the original response. */
        "Idempotency-Key"?: string;
      };
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The revoked statement. */
      200: {
        headers: {
          /** @description Payload schema version of the API; currently 1.1. */
          "x-service-schema-version": string;
          /** @description Identifies this request; quote it when asking for help. */
          "x-request-id": string;
          /** @description Requests allowed per minute. */
          "x-ratelimit-limit": string;
          /** @description Requests left in the current window. */
          "x-ratelimit-remaining": string;
          /** @description Seconds until the window resets. */
          "x-ratelimit-reset": string;
          "idempotent-replayed"?: string;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["StatementWriteResponse"];
        };
      };
      /** @description The request is invalid (validation_failed, invalid_json, amount_precision, unsupported_currency...). Codes: validation_failed, invalid_json, invalid_idempotency_key. */
      400: {
        headers: {
          /** @description Payload schema version of the API; currently 1.1. */
          "x-service-schema-version": string;
          /** @description Identifies this request; quote it when asking for help. */
          "x-request-id": string;
          /** @description Requests allowed per minute. */
          "x-ratelimit-limit": string;
          /** @description Requests left in the current window. */
          "x-ratelimit-remaining": string;
          /** @description Seconds until the window resets. */
          "x-ratelimit-reset": string;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Missing, unknown or revoked API key. Codes: missing_api_key, invalid_api_key, revoked_api_key. */
      401: {
        headers: {
          /** @description Payload schema version of the API; currently 1.1. */
          "x-service-schema-version": string;
          /** @description Identifies this request; quote it when asking for help. */
          "x-request-id": string;
          /** @description Requests allowed per minute. */
          "x-ratelimit-limit": string;
          /** @description Requests left in the current window. */
          "x-ratelimit-remaining": string;
          /** @description Seconds until the window resets. */
          "x-ratelimit-reset": string;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description The key lacks the scope, or the caller's address is not allowed. Codes: scope_missing, ip_not_allowed. */
      403: {
        headers: {
          /** @description Payload schema version of the API; currently 1.1. */
          "x-service-schema-version": string;
          /** @description Identifies this request; quote it when asking for help. */
          "x-request-id": string;
          /** @description Requests allowed per minute. */
          "x-ratelimit-limit": string;
          /** @description Requests left in the current window. */
          "x-ratelimit-remaining": string;
          /** @description Seconds until the window resets. */
          "x-ratelimit-reset": string;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description The resource does not exist in this application and mode. Codes: statement_not_found. */
      404: {
        headers: {
          /** @description Payload schema version of the API; currently 1.1. */
          "x-service-schema-version": string;
          /** @description Identifies this request; quote it when asking for help. */
          "x-request-id": string;
          /** @description Requests allowed per minute. */
          "x-ratelimit-limit": string;
          /** @description Requests left in the current window. */
          "x-ratelimit-remaining": string;
          /** @description Seconds until the window resets. */
          "x-ratelimit-reset": string;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Conflict with the resource's current state, or the same Idempotency-Key is still in flight. Codes: idempotency_in_progress. */
      409: {
        headers: {
          /** @description Payload schema version of the API; currently 1.1. */
          "x-service-schema-version": string;
          /** @description Identifies this request; quote it when asking for help. */
          "x-request-id": string;
          /** @description Requests allowed per minute. */
          "x-ratelimit-limit": string;
          /** @description Requests left in the current window. */
          "x-ratelimit-remaining": string;
          /** @description Seconds until the window resets. */
          "x-ratelimit-reset": string;
          "retry-after"?: string;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Writes must send Content-Type: application/json. Codes: unsupported_media_type. */
      415: {
        headers: {
          /** @description Payload schema version of the API; currently 1.1. */
          "x-service-schema-version": string;
          /** @description Identifies this request; quote it when asking for help. */
          "x-request-id": string;
          /** @description Requests allowed per minute. */
          "x-ratelimit-limit": string;
          /** @description Requests left in the current window. */
          "x-ratelimit-remaining": string;
          /** @description Seconds until the window resets. */
          "x-ratelimit-reset": string;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description The Idempotency-Key was used with a different request. Codes: idempotency_key_reused. */
      422: {
        headers: {
          /** @description Payload schema version of the API; currently 1.1. */
          "x-service-schema-version": string;
          /** @description Identifies this request; quote it when asking for help. */
          "x-request-id": string;
          /** @description Requests allowed per minute. */
          "x-ratelimit-limit": string;
          /** @description Requests left in the current window. */
          "x-ratelimit-remaining": string;
          /** @description Seconds until the window resets. */
          "x-ratelimit-reset": string;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Over the rate limit; retry after the number of seconds in Retry-After. Codes: rate_limited. */
      429: {
        headers: {
          /** @description Payload schema version of the API; currently 1.1. */
          "x-service-schema-version": string;
          /** @description Identifies this request; quote it when asking for help. */
          "x-request-id": string;
          /** @description Requests allowed per minute. */
          "x-ratelimit-limit": string;
          /** @description Requests left in the current window. */
          "x-ratelimit-remaining": string;
          /** @description Seconds until the window resets. */
          "x-ratelimit-reset": string;
          /** @description Seconds to wait before retrying (on 409, only with idempotency_in_progress). */
          "retry-after": string;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Something failed on our side. Codes: internal_error. */
      500: {
        headers: {
          /** @description Payload schema version of the API; currently 1.1. */
          "x-service-schema-version": string;
          /** @description Identifies this request; quote it when asking for help. */
          "x-request-id": string;
          /** @description Requests allowed per minute. */
          "x-ratelimit-limit": string;
          /** @description Requests left in the current window. */
          "x-ratelimit-remaining": string;
          /** @description Seconds until the window resets. */
          "x-ratelimit-reset": string;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description A dependency is unavailable; retry shortly. Codes: unavailable. */
      503: {
        headers: {
          /** @description Payload schema version of the API; currently 1.1. */
          "x-service-schema-version": string;
          /** @description Identifies this request; quote it when asking for help. */
          "x-request-id": string;
          /** @description Requests allowed per minute. */
          "x-ratelimit-limit": string;
          /** @description Requests left in the current window. */
          "x-ratelimit-remaining": string;
          /** @description Seconds until the window resets. */
          "x-ratelimit-reset": string;
          /** @description Seconds to wait before retrying (on 409, only with idempotency_in_progress). */
          "retry-after": string;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  createProof: {
    parameters: {
      query?: never;
      header?: {
        /** @description Makes the write safe to retry: the same key within 24 hours returns the original response. */
        "Idempotency-Key"?: string;
      };
      path: {
        /** @description Your own identifier for the user; 1-128 characters of `[A-Za-z0-9_.:@-]`. */
        externalUserId: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": components["schemas"]["CreateProofRequest"];
      };
    };
    responses: {
      /** @description The letter. */
      201: {
        headers: {
          /** @description Payload schema version of the API; currently 1.1. */
          "x-service-schema-version": string;
          /** @description Identifies this request; quote it when asking for help. */
          "x-request-id": string;
          /** @description Requests allowed per minute. */
          "x-ratelimit-limit": string;
          /** @description Requests left in the current window. */
          "x-ratelimit-remaining": string;
          /** @description Seconds until the window resets. */
          "x-ratelimit-reset": string;
          "idempotent-replayed"?: string;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ProofWriteResponse"];
        };
      };
      /** @description The request is invalid (validation_failed, invalid_json, amount_precision, unsupported_currency...). Codes: validation_failed, invalid_json, invalid_idempotency_key. */
      400: {
        headers: {
          /** @description Payload schema version of the API; currently 1.1. */
          "x-service-schema-version": string;
          /** @description Identifies this request; quote it when asking for help. */
          "x-request-id": string;
          /** @description Requests allowed per minute. */
          "x-ratelimit-limit": string;
          /** @description Requests left in the current window. */
          "x-ratelimit-remaining": string;
          /** @description Seconds until the window resets. */
          "x-ratelimit-reset": string;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Missing, unknown or revoked API key. Codes: missing_api_key, invalid_api_key, revoked_api_key. */
      401: {
        headers: {
          /** @description Payload schema version of the API; currently 1.1. */
          "x-service-schema-version": string;
          /** @description Identifies this request; quote it when asking for help. */
          "x-request-id": string;
          /** @description Requests allowed per minute. */
          "x-ratelimit-limit": string;
          /** @description Requests left in the current window. */
          "x-ratelimit-remaining": string;
          /** @description Seconds until the window resets. */
          "x-ratelimit-reset": string;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description The key lacks the scope, or the caller's address is not allowed. Codes: scope_missing, ip_not_allowed. */
      403: {
        headers: {
          /** @description Payload schema version of the API; currently 1.1. */
          "x-service-schema-version": string;
          /** @description Identifies this request; quote it when asking for help. */
          "x-request-id": string;
          /** @description Requests allowed per minute. */
          "x-ratelimit-limit": string;
          /** @description Requests left in the current window. */
          "x-ratelimit-remaining": string;
          /** @description Seconds until the window resets. */
          "x-ratelimit-reset": string;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description The resource does not exist in this application and mode. Codes: wallet_not_found. */
      404: {
        headers: {
          /** @description Payload schema version of the API; currently 1.1. */
          "x-service-schema-version": string;
          /** @description Identifies this request; quote it when asking for help. */
          "x-request-id": string;
          /** @description Requests allowed per minute. */
          "x-ratelimit-limit": string;
          /** @description Requests left in the current window. */
          "x-ratelimit-remaining": string;
          /** @description Seconds until the window resets. */
          "x-ratelimit-reset": string;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Conflict with the resource's current state, or the same Idempotency-Key is still in flight. Codes: idempotency_in_progress, wallet_not_active, wallet_address_missing. */
      409: {
        headers: {
          /** @description Payload schema version of the API; currently 1.1. */
          "x-service-schema-version": string;
          /** @description Identifies this request; quote it when asking for help. */
          "x-request-id": string;
          /** @description Requests allowed per minute. */
          "x-ratelimit-limit": string;
          /** @description Requests left in the current window. */
          "x-ratelimit-remaining": string;
          /** @description Seconds until the window resets. */
          "x-ratelimit-reset": string;
          "retry-after"?: string;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Writes must send Content-Type: application/json. Codes: unsupported_media_type. */
      415: {
        headers: {
          /** @description Payload schema version of the API; currently 1.1. */
          "x-service-schema-version": string;
          /** @description Identifies this request; quote it when asking for help. */
          "x-request-id": string;
          /** @description Requests allowed per minute. */
          "x-ratelimit-limit": string;
          /** @description Requests left in the current window. */
          "x-ratelimit-remaining": string;
          /** @description Seconds until the window resets. */
          "x-ratelimit-reset": string;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description The Idempotency-Key was used with a different request. Codes: idempotency_key_reused. */
      422: {
        headers: {
          /** @description Payload schema version of the API; currently 1.1. */
          "x-service-schema-version": string;
          /** @description Identifies this request; quote it when asking for help. */
          "x-request-id": string;
          /** @description Requests allowed per minute. */
          "x-ratelimit-limit": string;
          /** @description Requests left in the current window. */
          "x-ratelimit-remaining": string;
          /** @description Seconds until the window resets. */
          "x-ratelimit-reset": string;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Over the rate limit; retry after the number of seconds in Retry-After. Codes: rate_limited. */
      429: {
        headers: {
          /** @description Payload schema version of the API; currently 1.1. */
          "x-service-schema-version": string;
          /** @description Identifies this request; quote it when asking for help. */
          "x-request-id": string;
          /** @description Requests allowed per minute. */
          "x-ratelimit-limit": string;
          /** @description Requests left in the current window. */
          "x-ratelimit-remaining": string;
          /** @description Seconds until the window resets. */
          "x-ratelimit-reset": string;
          /** @description Seconds to wait before retrying (on 409, only with idempotency_in_progress). */
          "retry-after": string;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Something failed on our side. Codes: internal_error. */
      500: {
        headers: {
          /** @description Payload schema version of the API; currently 1.1. */
          "x-service-schema-version": string;
          /** @description Identifies this request; quote it when asking for help. */
          "x-request-id": string;
          /** @description Requests allowed per minute. */
          "x-ratelimit-limit": string;
          /** @description Requests left in the current window. */
          "x-ratelimit-remaining": string;
          /** @description Seconds until the window resets. */
          "x-ratelimit-reset": string;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description A dependency is unavailable; retry shortly. Codes: unavailable. */
      503: {
        headers: {
          /** @description Payload schema version of the API; currently 1.1. */
          "x-service-schema-version": string;
          /** @description Identifies this request; quote it when asking for help. */
          "x-request-id": string;
          /** @description Requests allowed per minute. */
          "x-ratelimit-limit": string;
          /** @description Requests left in the current window. */
          "x-ratelimit-remaining": string;
          /** @description Seconds until the window resets. */
          "x-ratelimit-reset": string;
          /** @description Seconds to wait before retrying (on 409, only with idempotency_in_progress). */
          "retry-after": string;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  revokeProof: {
    parameters: {
      query?: never;
      header?: {
        /** @description Makes the write safe to retry: the same key within 24 hours returns the original response. */
        "Idempotency-Key"?: string;
      };
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The revoked letter. */
      200: {
        headers: {
          /** @description Payload schema version of the API; currently 1.1. */
          "x-service-schema-version": string;
          /** @description Identifies this request; quote it when asking for help. */
          "x-request-id": string;
          /** @description Requests allowed per minute. */
          "x-ratelimit-limit": string;
          /** @description Requests left in the current window. */
          "x-ratelimit-remaining": string;
          /** @description Seconds until the window resets. */
          "x-ratelimit-reset": string;
          "idempotent-replayed"?: string;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ProofWriteResponse"];
        };
      };
      /** @description The request is invalid (validation_failed, invalid_json, amount_precision, unsupported_currency...). Codes: validation_failed, invalid_json, invalid_idempotency_key. */
      400: {
        headers: {
          /** @description Payload schema version of the API; currently 1.1. */
          "x-service-schema-version": string;
          /** @description Identifies this request; quote it when asking for help. */
          "x-request-id": string;
          /** @description Requests allowed per minute. */
          "x-ratelimit-limit": string;
          /** @description Requests left in the current window. */
          "x-ratelimit-remaining": string;
          /** @description Seconds until the window resets. */
          "x-ratelimit-reset": string;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Missing, unknown or revoked API key. Codes: missing_api_key, invalid_api_key, revoked_api_key. */
      401: {
        headers: {
          /** @description Payload schema version of the API; currently 1.1. */
          "x-service-schema-version": string;
          /** @description Identifies this request; quote it when asking for help. */
          "x-request-id": string;
          /** @description Requests allowed per minute. */
          "x-ratelimit-limit": string;
          /** @description Requests left in the current window. */
          "x-ratelimit-remaining": string;
          /** @description Seconds until the window resets. */
          "x-ratelimit-reset": string;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description The key lacks the scope, or the caller's address is not allowed. Codes: scope_missing, ip_not_allowed. */
      403: {
        headers: {
          /** @description Payload schema version of the API; currently 1.1. */
          "x-service-schema-version": string;
          /** @description Identifies this request; quote it when asking for help. */
          "x-request-id": string;
          /** @description Requests allowed per minute. */
          "x-ratelimit-limit": string;
          /** @description Requests left in the current window. */
          "x-ratelimit-remaining": string;
          /** @description Seconds until the window resets. */
          "x-ratelimit-reset": string;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description The resource does not exist in this application and mode. Codes: proof_not_found. */
      404: {
        headers: {
          /** @description Payload schema version of the API; currently 1.1. */
          "x-service-schema-version": string;
          /** @description Identifies this request; quote it when asking for help. */
          "x-request-id": string;
          /** @description Requests allowed per minute. */
          "x-ratelimit-limit": string;
          /** @description Requests left in the current window. */
          "x-ratelimit-remaining": string;
          /** @description Seconds until the window resets. */
          "x-ratelimit-reset": string;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Conflict with the resource's current state, or the same Idempotency-Key is still in flight. Codes: idempotency_in_progress. */
      409: {
        headers: {
          /** @description Payload schema version of the API; currently 1.1. */
          "x-service-schema-version": string;
          /** @description Identifies this request; quote it when asking for help. */
          "x-request-id": string;
          /** @description Requests allowed per minute. */
          "x-ratelimit-limit": string;
          /** @description Requests left in the current window. */
          "x-ratelimit-remaining": string;
          /** @description Seconds until the window resets. */
          "x-ratelimit-reset": string;
          "retry-after"?: string;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Writes must send Content-Type: application/json. Codes: unsupported_media_type. */
      415: {
        headers: {
          /** @description Payload schema version of the API; currently 1.1. */
          "x-service-schema-version": string;
          /** @description Identifies this request; quote it when asking for help. */
          "x-request-id": string;
          /** @description Requests allowed per minute. */
          "x-ratelimit-limit": string;
          /** @description Requests left in the current window. */
          "x-ratelimit-remaining": string;
          /** @description Seconds until the window resets. */
          "x-ratelimit-reset": string;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description The Idempotency-Key was used with a different request. Codes: idempotency_key_reused. */
      422: {
        headers: {
          /** @description Payload schema version of the API; currently 1.1. */
          "x-service-schema-version": string;
          /** @description Identifies this request; quote it when asking for help. */
          "x-request-id": string;
          /** @description Requests allowed per minute. */
          "x-ratelimit-limit": string;
          /** @description Requests left in the current window. */
          "x-ratelimit-remaining": string;
          /** @description Seconds until the window resets. */
          "x-ratelimit-reset": string;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Over the rate limit; retry after the number of seconds in Retry-After. Codes: rate_limited. */
      429: {
        headers: {
          /** @description Payload schema version of the API; currently 1.1. */
          "x-service-schema-version": string;
          /** @description Identifies this request; quote it when asking for help. */
          "x-request-id": string;
          /** @description Requests allowed per minute. */
          "x-ratelimit-limit": string;
          /** @description Requests left in the current window. */
          "x-ratelimit-remaining": string;
          /** @description Seconds until the window resets. */
          "x-ratelimit-reset": string;
          /** @description Seconds to wait before retrying (on 409, only with idempotency_in_progress). */
          "retry-after": string;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Something failed on our side. Codes: internal_error. */
      500: {
        headers: {
          /** @description Payload schema version of the API; currently 1.1. */
          "x-service-schema-version": string;
          /** @description Identifies this request; quote it when asking for help. */
          "x-request-id": string;
          /** @description Requests allowed per minute. */
          "x-ratelimit-limit": string;
          /** @description Requests left in the current window. */
          "x-ratelimit-remaining": string;
          /** @description Seconds until the window resets. */
          "x-ratelimit-reset": string;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description A dependency is unavailable; retry shortly. Codes: unavailable. */
      503: {
        headers: {
          /** @description Payload schema version of the API; currently 1.1. */
          "x-service-schema-version": string;
          /** @description Identifies this request; quote it when asking for help. */
          "x-request-id": string;
          /** @description Requests allowed per minute. */
          "x-ratelimit-limit": string;
          /** @description Requests left in the current window. */
          "x-ratelimit-remaining": string;
          /** @description Seconds until the window resets. */
          "x-ratelimit-reset": string;
          /** @description Seconds to wait before retrying (on 409, only with idempotency_in_progress). */
          "retry-after": string;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  verifyStatementToken: {
    parameters: {
      query?: {
        /** @description The token printed on the statement. A missing or malformed token is answered with valid false and reason_code malformed, not an error. */
        token?: string;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The verification result. */
      200: {
        headers: {
          /** @description Payload schema version of the API; currently 1.1. */
          "x-service-schema-version": string;
          /** @description Identifies this request; quote it when asking for help. */
          "x-request-id": string;
          /** @description Requests allowed per minute. */
          "x-ratelimit-limit": string;
          /** @description Requests left in the current window. */
          "x-ratelimit-remaining": string;
          /** @description Seconds until the window resets. */
          "x-ratelimit-reset": string;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["StatementTokenResult"];
        };
      };
      /** @description Over the rate limit; retry after the number of seconds in Retry-After. Codes: rate_limited. */
      429: {
        headers: {
          /** @description Payload schema version of the API; currently 1.1. */
          "x-service-schema-version": string;
          /** @description Identifies this request; quote it when asking for help. */
          "x-request-id": string;
          /** @description Requests allowed per minute. */
          "x-ratelimit-limit": string;
          /** @description Requests left in the current window. */
          "x-ratelimit-remaining": string;
          /** @description Seconds until the window resets. */
          "x-ratelimit-reset": string;
          /** @description Seconds to wait before retrying (on 409, only with idempotency_in_progress). */
          "retry-after": string;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Something failed on our side. Codes: internal_error. */
      500: {
        headers: {
          /** @description Payload schema version of the API; currently 1.1. */
          "x-service-schema-version": string;
          /** @description Identifies this request; quote it when asking for help. */
          "x-request-id": string;
          /** @description Requests allowed per minute. */
          "x-ratelimit-limit": string;
          /** @description Requests left in the current window. */
          "x-ratelimit-remaining": string;
          /** @description Seconds until the window resets. */
          "x-ratelimit-reset": string;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  verifyProof: {
    parameters: {
      query: {
        /** @description The wallet's 10-digit account number (the last digit is a Luhn check digit). */
        account: string;
        /** @description address: the holder's address on file; funds: the available balance at issue. */
        kind: "address" | "funds";
        /** @description The letter's reference code; with it the answer includes the amount or the address. */
        reference?: string;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The verification result. */
      200: {
        headers: {
          /** @description Payload schema version of the API; currently 1.1. */
          "x-service-schema-version": string;
          /** @description Identifies this request; quote it when asking for help. */
          "x-request-id": string;
          /** @description Requests allowed per minute. */
          "x-ratelimit-limit": string;
          /** @description Requests left in the current window. */
          "x-ratelimit-remaining": string;
          /** @description Seconds until the window resets. */
          "x-ratelimit-reset": string;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["ProofVerification"];
        };
      };
      /** @description The request is invalid (validation_failed, invalid_json, amount_precision, unsupported_currency...). Codes: validation_failed, invalid_account_number. */
      400: {
        headers: {
          /** @description Payload schema version of the API; currently 1.1. */
          "x-service-schema-version": string;
          /** @description Identifies this request; quote it when asking for help. */
          "x-request-id": string;
          /** @description Requests allowed per minute. */
          "x-ratelimit-limit": string;
          /** @description Requests left in the current window. */
          "x-ratelimit-remaining": string;
          /** @description Seconds until the window resets. */
          "x-ratelimit-reset": string;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Over the rate limit; retry after the number of seconds in Retry-After. Codes: rate_limited. */
      429: {
        headers: {
          /** @description Payload schema version of the API; currently 1.1. */
          "x-service-schema-version": string;
          /** @description Identifies this request; quote it when asking for help. */
          "x-request-id": string;
          /** @description Requests allowed per minute. */
          "x-ratelimit-limit": string;
          /** @description Requests left in the current window. */
          "x-ratelimit-remaining": string;
          /** @description Seconds until the window resets. */
          "x-ratelimit-reset": string;
          /** @description Seconds to wait before retrying (on 409, only with idempotency_in_progress). */
          "retry-after": string;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Something failed on our side. Codes: internal_error. */
      500: {
        headers: {
          /** @description Payload schema version of the API; currently 1.1. */
          "x-service-schema-version": string;
          /** @description Identifies this request; quote it when asking for help. */
          "x-request-id": string;
          /** @description Requests allowed per minute. */
          "x-ratelimit-limit": string;
          /** @description Requests left in the current window. */
          "x-ratelimit-remaining": string;
          /** @description Seconds until the window resets. */
          "x-ratelimit-reset": string;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  getTreasuryStats: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The statistics. */
      200: {
        headers: {
          /** @description Payload schema version of the API; currently 1.1. */
          "x-service-schema-version": string;
          /** @description Identifies this request; quote it when asking for help. */
          "x-request-id": string;
          /** @description Requests allowed per minute. */
          "x-ratelimit-limit": string;
          /** @description Requests left in the current window. */
          "x-ratelimit-remaining": string;
          /** @description Seconds until the window resets. */
          "x-ratelimit-reset": string;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["TreasuryStats"];
        };
      };
      /** @description Over the rate limit; retry after the number of seconds in Retry-After. Codes: rate_limited. */
      429: {
        headers: {
          /** @description Payload schema version of the API; currently 1.1. */
          "x-service-schema-version": string;
          /** @description Identifies this request; quote it when asking for help. */
          "x-request-id": string;
          /** @description Requests allowed per minute. */
          "x-ratelimit-limit": string;
          /** @description Requests left in the current window. */
          "x-ratelimit-remaining": string;
          /** @description Seconds until the window resets. */
          "x-ratelimit-reset": string;
          /** @description Seconds to wait before retrying (on 409, only with idempotency_in_progress). */
          "retry-after": string;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description Something failed on our side. Codes: internal_error. */
      500: {
        headers: {
          /** @description Payload schema version of the API; currently 1.1. */
          "x-service-schema-version": string;
          /** @description Identifies this request; quote it when asking for help. */
          "x-request-id": string;
          /** @description Requests allowed per minute. */
          "x-ratelimit-limit": string;
          /** @description Requests left in the current window. */
          "x-ratelimit-remaining": string;
          /** @description Seconds until the window resets. */
          "x-ratelimit-reset": string;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  getOpenApiDocument: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The OpenAPI 3.1 document. */
      200: {
        headers: {
          /** @description Payload schema version of the API; currently 1.1. */
          "x-service-schema-version": string;
          /** @description Identifies this request; quote it when asking for help. */
          "x-request-id": string;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["OpenApiDocument"];
        };
      };
      /** @description Something failed on our side. Codes: internal_error. */
      500: {
        headers: {
          /** @description Payload schema version of the API; currently 1.1. */
          "x-service-schema-version": string;
          /** @description Identifies this request; quote it when asking for help. */
          "x-request-id": string;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  webhook_wallet_provisioned: {
    parameters: {
      query?: never;
      header: {
        "content-type": "application/json";
        /** @description Lowercase hex HMAC-SHA256 of the raw body with the application's webhook secret. Compare in constant time; answer 401 on a mismatch. */
        "x-service-signature": string;
        "x-service-schema-version": "1.1";
        /** @description The envelope's id; use it to drop duplicates. */
        "x-service-event-id": string;
        /** @description The delivery (one per event and endpoint). */
        "x-service-delivery-id": string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": components["schemas"]["WalletProvisionedEvent"];
      };
    };
    responses: {
      /** @description Any 2xx acknowledges the event. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description The receiver found the signature wrong; the delivery is retried. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
    };
  };
  webhook_card_issued: {
    parameters: {
      query?: never;
      header: {
        "content-type": "application/json";
        /** @description Lowercase hex HMAC-SHA256 of the raw body with the application's webhook secret. Compare in constant time; answer 401 on a mismatch. */
        "x-service-signature": string;
        "x-service-schema-version": "1.1";
        /** @description The envelope's id; use it to drop duplicates. */
        "x-service-event-id": string;
        /** @description The delivery (one per event and endpoint). */
        "x-service-delivery-id": string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": components["schemas"]["CardIssuedEvent"];
      };
    };
    responses: {
      /** @description Any 2xx acknowledges the event. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description The receiver found the signature wrong; the delivery is retried. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
    };
  };
  webhook_card_authorized: {
    parameters: {
      query?: never;
      header: {
        "content-type": "application/json";
        /** @description Lowercase hex HMAC-SHA256 of the raw body with the application's webhook secret. Compare in constant time; answer 401 on a mismatch. */
        "x-service-signature": string;
        "x-service-schema-version": "1.1";
        /** @description The envelope's id; use it to drop duplicates. */
        "x-service-event-id": string;
        /** @description The delivery (one per event and endpoint). */
        "x-service-delivery-id": string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": components["schemas"]["CardAuthorizedEvent"];
      };
    };
    responses: {
      /** @description Any 2xx acknowledges the event. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description The receiver found the signature wrong; the delivery is retried. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
    };
  };
  webhook_card_captured: {
    parameters: {
      query?: never;
      header: {
        "content-type": "application/json";
        /** @description Lowercase hex HMAC-SHA256 of the raw body with the application's webhook secret. Compare in constant time; answer 401 on a mismatch. */
        "x-service-signature": string;
        "x-service-schema-version": "1.1";
        /** @description The envelope's id; use it to drop duplicates. */
        "x-service-event-id": string;
        /** @description The delivery (one per event and endpoint). */
        "x-service-delivery-id": string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": components["schemas"]["CardCapturedEvent"];
      };
    };
    responses: {
      /** @description Any 2xx acknowledges the event. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description The receiver found the signature wrong; the delivery is retried. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
    };
  };
  webhook_card_refunded: {
    parameters: {
      query?: never;
      header: {
        "content-type": "application/json";
        /** @description Lowercase hex HMAC-SHA256 of the raw body with the application's webhook secret. Compare in constant time; answer 401 on a mismatch. */
        "x-service-signature": string;
        "x-service-schema-version": "1.1";
        /** @description The envelope's id; use it to drop duplicates. */
        "x-service-event-id": string;
        /** @description The delivery (one per event and endpoint). */
        "x-service-delivery-id": string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": components["schemas"]["CardRefundedEvent"];
      };
    };
    responses: {
      /** @description Any 2xx acknowledges the event. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description The receiver found the signature wrong; the delivery is retried. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
    };
  };
}
