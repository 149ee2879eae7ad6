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
    /**
     * Update a wallet's spending controls
     * @description Sets the wallet's `spendingControls`, replacing every control it had. They apply to every card of the wallet, on top of each card's own: a spend must pass both. A window limit counts approved spends of all the wallet's cards less what is later released (reversed, expired, or the uncaptured rest of a partial capture) in the calendar window (UTC) the spend was approved in; a limit added during a window counts that window's earlier spending too. Malformed controls answer 400 naming the field and change nothing.
     *
     *     Required scope: `wallets:write`.
     */
    post: operations["updateWallet"];
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
     * @description Issues a virtual card on the user's wallet and fires `card.issued`. The card's currency must equal the wallet's. Only last4 and expiry are ever returned. In live mode with a card processor configured (Lithic) the card is created there first; if the processor refuses, the answer is 502 `processor_error`, if it cannot be reached, 503 `processor_unavailable` with Retry-After, and nothing is created. `processor` says who manages the card: `simulator` cards reach no card network.
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
    /**
     * Update a card's spending controls
     * @description Sets the card's `spendingControls` and/or its `spendLimit` (the per_authorization limit without categories). `spendingControls` replaces the whole set of controls the card had, except its `spendLimit`, which changes only when the request names it (`spendLimit`, or a per_authorization limit without categories inside `spendingControls`): a `spendingControls` without one keeps the card's `spendLimit`, and the answer shows it as `spendLimit` and as the first of `spendingControls.spendingLimits`; `spendLimit: null` removes it. Spends check the card's controls and its wallet's after the card's status and before the wallet's funds, and decline with `spending_limit_exceeded`, `category_blocked` or `country_blocked`. A window limit counts approved spends less what is later released (reversed, expired, or the uncaptured rest of a partial capture) in the calendar window (UTC) the spend was approved in; a limit added during a window counts that window's earlier spending too. Malformed controls answer 400 naming the field and change nothing. The answer carries `spending`, each window limit's use now.
     *
     *     Required scope: `cards:write`.
     */
    post: operations["updateCard"];
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
     * @description A frozen card declines every spend (402 `card_inactive`) until unfrozen. Freezing a frozen card changes nothing; a canceled card answers 409 `card_not_active`. No body. A card whose `processor` is `lithic` changes at Lithic first: if Lithic refuses, the answer is 502 `processor_error`, if it cannot be reached, 503 `processor_unavailable` with Retry-After, and the card stays as it was.
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
     * @description Lets a frozen card spend again. Unfreezing an active card changes nothing; a canceled card answers 409 `card_not_active`. No body. A card whose `processor` is `lithic` changes at Lithic first: if Lithic refuses, the answer is 502 `processor_error`, if it cannot be reached, 503 `processor_unavailable` with Retry-After, and the card stays as it was.
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
     * @description Cancels the card for good: every later spend declines with `card_inactive`. Holds it placed before stay capturable. Canceling twice changes nothing. No body. A card whose `processor` is `lithic` changes at Lithic first: if Lithic refuses, the answer is 502 `processor_error`, if it cannot be reached, 503 `processor_unavailable` with Retry-After, and the card stays as it was.
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
  "/api/public/sdk/v1/cards/{id}/details-sessions": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Show a card's details to its holder
     * @description Answers a link (`url`) to a small page of ours showing the card's full number, expiry and CVC, each with a copy button. Put it in an iframe on `origin`: the page may be framed only there (`Content-Security-Policy: frame-ancestors`), is never cached, sends no referrer, and works once, within 10 minutes; afterwards it answers 410, "this link has expired". The number and CVC appear in no API answer, webhook or log. A canceled card answers 409 `card_canceled`. See the guide "Showing a card to its holder" in the README.
     *
     *     **Embed it**: your server makes the session for the signed-in holder's card, your page frames its `url`:
     *
     *     ```html
     *     <iframe src="URL FROM THE SESSION" title="Card details" allow="clipboard-write"
     *             width="360" height="230" style="border:0"></iframe>
     *     ```
     *
     *     Make a new session each time the holder asks, and never log `url`: it opens the card once. Live mode needs an `https` origin; test mode also takes `http://localhost:<port>`. Test card numbers start with 424242.
     *
     *     **A card whose `processor` is `lithic`**: its number and CVC are held by Lithic, so `url` is Lithic's own embedded card page (`/v1/embed/card`, signed by us with Lithic's scheme), framed the same way. Lithic cannot limit it to one opening, so it works for 60 seconds (`expiresAt`) instead of 10 minutes, and Lithic posts the holder's clicks to `origin` only.
     *
     *     Required scope: `cards:details`.
     */
    post: operations["createCardDetailsSession"];
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
     * @description Authorizes a spend: places a hold of `amount` on the wallet (available balance drops, posted does not) and fires `card.authorized` with the authorization. The spend is checked in this order: the card's currency and status (and its wallet's), then the spending controls of the card and of its wallet (categories, countries, per-authorization and window limits; see updateCard), then the wallet's available balance. A decline answers 402 with `type: card_error`, the decline `code` (`insufficient_funds`, `spend_limit_exceeded`, `card_inactive`, `card_currency_mismatch`, `spending_limit_exceeded`, `category_blocked`, `country_blocked`, `card_expired`, `declined_by_application`) and the recorded declined authorization under `error.authorization`; it places no hold and fires no event.
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
     * @description Captures a pending authorization, fully (no amount) or partly: the captured amount leaves the wallet, the rest of the hold is released, the authorization becomes `closed`, and `card.captured` fires. One capture per authorization. A hold that was reversed or has expired (see `expiresAt`) is not captured late: 409 `authorization_reversed` or `authorization_expired`.
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
  "/api/public/sdk/v1/authorizations/{id}/reverse": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Reverse an authorization
     * @description Releases the whole hold of a pending authorization without capturing any of it (the purchase was cancelled, or the merchant will never capture): the wallet's available balance rises by the amount, the authorization becomes `reversed`, and `card.reversed` fires. Any other status is 409: `authorization_reversed` or `authorization_expired` when the hold has already ended that way, `authorization_not_pending` when it was captured or declined. No body.
     *
     *     Required scope: `transactions:write`.
     */
    post: operations["reverseAuthorization"];
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
  "/api/public/sdk/v1/balance": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Retrieve the application's balance
     * @description The application's own money in this mode, per currency it holds, in Stripe's shape: `available` can be moved to wallets now; `pending` is on its way in. Filled by top-ups (test: `POST /test/top-ups`; live: a bank deposit the operator records), emptied by transfers to wallets.
     *
     *     Required scope: `wallets:read`.
     */
    get: operations["getBalance"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/api/public/sdk/v1/transfers": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List transfers
     * @description The application's transfers in this mode, newest first; with `wallet`, those in or out of that wallet.
     *
     *     Required scope: `wallets:read`.
     */
    get: operations["listTransfers"];
    put?: never;
    /**
     * Move money between the balance and wallets
     * @description Balance to wallet (funding a user), wallet to wallet (between two users of the application) or wallet to balance (collecting), in the currency of every wallet named. Instant and atomic: both sides post in one ledger transfer or nothing posts. Fires `transfer.created` in the sequence of each wallet it touches. A frozen or closed wallet cannot send; a closed one cannot receive. Too little available on the sending side is 402 `insufficient_funds` with nothing posted; a transfer over a limit of the sending wallet that counts transfers (`spendingControls.spendingLimits[].transfers: true`) is 402 `spending_limit_exceeded`.
     *
     *     Required scope: `transactions:write`.
     */
    post: operations["createTransfer"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/api/public/sdk/v1/transfers/{id}": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Retrieve a transfer
     * @description Required scope: `wallets:read`.
     */
    get: operations["getTransfer"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/api/public/sdk/v1/wallets/{externalUserId}/bank-accounts": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List a wallet holder's bank accounts
     * @description Required scope: `wallets:read`.
     */
    get: operations["listWalletBankAccounts"];
    put?: never;
    /**
     * Add a wallet holder's bank account
     * @description Records the holder's external bank account for payouts, in the wallet's currency: `{routingNumber, accountNumber}` (US, ABA checksum checked), `{sortCode, accountNumber}` (GB), `{iban}` (IBAN countries, mod 97 checked), `{bankCode, accountNumber}` (NG, NUBAN check digit checked). The identifiers are sealed at rest and answered only as `last4` and the bank's code.
     *
     *     Required scope: `transactions:write`.
     */
    post: operations["createWalletBankAccount"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/api/public/sdk/v1/balance/bank-accounts": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List the application's own bank accounts
     * @description Required scope: `wallets:read`.
     */
    get: operations["listBalanceBankAccounts"];
    put?: never;
    /**
     * Add the application's own bank account
     * @description As for a wallet's, for payouts from the application's balance.
     *
     *     Required scope: `transactions:write`.
     */
    post: operations["createBalanceBankAccount"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/api/public/sdk/v1/payouts": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List payouts
     * @description The application's payouts in this mode, newest first; with `wallet`, that wallet's.
     *
     *     Required scope: `wallets:read`.
     */
    get: operations["listPayouts"];
    put?: never;
    /**
     * Pay out to a bank account
     * @description Pays out of a wallet (to one of its holder's bank accounts) or the balance (to one of the application's). The amount is held at once (available drops; posted moves when it is paid), the payout is `pending` and goes to the payout rail; it moves to `in_transit`, then `paid`, or `failed` (the hold released), and a paid one may come back `returned` (credited back). Fires `payout.*` at each move. Test mode uses the built-in simulator rail; live payouts need a rail connector and otherwise answer 403 `payouts_not_configured`.
     *
     *     Required scope: `transactions:write`.
     */
    post: operations["createPayout"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/api/public/sdk/v1/payouts/{id}": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Retrieve a payout
     * @description Required scope: `wallets:read`.
     */
    get: operations["getPayout"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/api/public/sdk/v1/payouts/{id}/cancel": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Cancel a pending payout
     * @description Releases the hold of a payout still `pending` and fires `payout.canceled`; any other status is 409 `payout_status_conflict`. No body.
     *
     *     Required scope: `transactions:write`.
     */
    post: operations["cancelPayout"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/api/public/sdk/v1/reports/balance": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Settlement report of the balance
     * @description The application's balance over `from <= created_at < to` in this mode, per currency it holds: the opening balance, every movement of the balance (top-ups, transfers to and from wallets, and payouts once they post), oldest first with the balance after each, and the closing balance, read from the ledger in one snapshot (opening plus the movements is the closing balance, to the minor unit). Wallets' movements between themselves are not the balance's and are not listed. `format=csv` answers `text/csv` with the columns `created_at,kind,id,wallet,description,amount,currency,balance_after`, per currency an `opening_balance` line, the movements and a `closing_balance` line.
     *
     *     Required scope: `wallets:read`.
     */
    get: operations["getBalanceReport"];
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
  "/api/public/sdk/v1/test/top-ups": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Top up the test balance
     * @description Test mode only (live keys get 403 `test_mode_only`; a live top-up is a bank deposit the operator records with `cli top-ups record`). Adds the amount to the application's test balance at once, from the platform's test reserve, and fires `top_up.created`.
     *
     *     Required scope: `transactions:write`.
     */
    post: operations["createTestTopUp"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/api/public/sdk/v1/test/payouts/{id}/{move}": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Report a test payout's next move
     * @description Test mode only (live keys get 403 `test_mode_only`). Does what a bank's rail reports: `in-transit` (from pending), `paid` (from pending or in transit: the hold released and the amount posted out), `failed` (from pending or in transit: the hold released; optional `reason`), `returned` (from paid: credited back; optional `reason`). A move its status does not allow is 409 `payout_status_conflict`.
     *
     *     Required scope: `transactions:write`.
     */
    post: operations["moveTestPayout"];
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
     * @description Test mode only (live keys get 403 `test_mode_only`). Runs the same path as an SDK spend, with `source: "tap"`. A decline answers 402 with `type: card_error`, the decline `code` (`insufficient_funds`, `spend_limit_exceeded`, `card_inactive`, `card_currency_mismatch`, `spending_limit_exceeded`, `category_blocked`, `country_blocked`, `card_expired`, `declined_by_application`) and the recorded declined authorization under `error.authorization`; it places no hold and fires no event.
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
  "/api/public/sdk/v1/test/authorizations/{id}/expire": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Expire a test hold now
     * @description Test mode only (live keys get 403 `test_mode_only`). Does now what the webhook worker does at a pending authorization's `expiresAt`: releases the whole hold, sets the status to `expired` and fires `card.reversed`. Any other status is 409, as for a reversal. No body.
     *
     *     Required scope: `transactions:write`.
     */
    post: operations["expireTestAuthorization"];
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
     * @description The application's events in the key's mode, newest first. Each event is what a webhook delivers in its envelope's `data`. Test events sent from the console's *Send test event* (sample data about no real wallet) are left out of this list; each is still found by its id.
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
  "/api/public/sdk/v1/event-types": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List the event kinds
     * @description Every kind of event the service sends, with what it means, the JSON Schema of its `data` (generated from the same schemas as this document's `webhooks` section) and the payload schema version. Endpoints subscribe by these names. Any key with `webhooks:read`, `events:read` or `webhooks:write` reads it.
     *
     *     Required scope: `webhooks:read`.
     */
    get: operations["listEventTypes"];
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
     * @description Queues one more attempt of the delivery, whatever its state: the same event id, a fresh `sent_at` and a new signature. A successful replay marks the delivery succeeded. Limits: 5 replays per delivery in any 60 minutes (rolling, counted from the delivery's own recorded replays; a refused or failed replay does not count) and 20 per minute per merchant user; over either, 429 `replay_limited` with `Retry-After` in seconds (for the delivery's limit: until its oldest counted replay leaves the 60 minutes). A disabled or deleted endpoint gets no replay (409 `endpoint_disabled`, its message saying which). No request body.
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
  "/api/public/sdk/v1/webhooks/endpoints": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List webhook endpoints with their health
     * @description The application's endpoints in the key's mode, newest first; deleted endpoints are not listed. `health.state` is healthy, failing (a failure streak has begun), backing_off (after 5 consecutive failures the endpoint is sent one probe delivery at a time, after a back-off that doubles from 30 s to 1 h, until one succeeds; other deliveries wait, none is lost) or disabled (by the merchant, or automatically after 3 days of failures with no success; re-enabling resumes its pending deliveries). Keys granted `events:read` or `webhooks:write` before `webhooks:read` existed read endpoints too.
     *
     *     Required scope: `webhooks:read`.
     */
    get: operations["listWebhookEndpoints"];
    put?: never;
    /**
     * Register a webhook endpoint
     * @description Registers an endpoint in the key's mode, subscribed to the kinds listed (none: every kind). The URL must resolve to a public unicast address (no private, link-local, carrier-grade NAT, multicast, reserved or metadata address, IPv6 and IPv4-mapped forms included); `https` in live mode; `http://localhost` only in test mode on a deployment that allows loopback endpoints. The same rule as the console and the CLI, checked again at every send; a refused URL is 400 `endpoint_url_refused`. Audited like the console's change (the audit line names the API key).
     *
     *     Required scope: `webhooks:write`.
     */
    post: operations["createWebhookEndpoint"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/api/public/sdk/v1/webhooks/endpoints/{id}": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Retrieve a webhook endpoint with its health
     * @description One endpoint of the application in the key's mode; a deleted endpoint is endpoint_not_found. `health.state` is healthy, failing (a failure streak has begun), backing_off (after 5 consecutive failures the endpoint is sent one probe delivery at a time, after a back-off that doubles from 30 s to 1 h, until one succeeds; other deliveries wait, none is lost) or disabled (by the merchant, or automatically after 3 days of failures with no success; re-enabling resumes its pending deliveries). Keys granted `events:read` or `webhooks:write` before `webhooks:read` existed read endpoints too.
     *
     *     Required scope: `webhooks:read`.
     */
    get: operations["getWebhookEndpoint"];
    put?: never;
    /**
     * Update a webhook endpoint
     * @description Changes the fields sent and leaves the others: url, events (empty: every kind), description (null removes it), metadata (replaced whole), enabled (false parks its pending deliveries; true clears its failure streak and resumes them). The URL must resolve to a public unicast address (no private, link-local, carrier-grade NAT, multicast, reserved or metadata address, IPv6 and IPv4-mapped forms included); `https` in live mode; `http://localhost` only in test mode on a deployment that allows loopback endpoints. The same rule as the console and the CLI, checked again at every send; a refused URL is 400 `endpoint_url_refused`. Audited like the console's change (the audit line names the API key).
     *
     *     Required scope: `webhooks:write`.
     */
    post: operations["updateWebhookEndpoint"];
    /**
     * Delete a webhook endpoint
     * @description Nothing is sent to it again: its queued sends are removed and its pending deliveries end failed. Its deliveries stay readable (GET /webhooks/deliveries). Audited like the console's delete.
     *
     *     Required scope: `webhooks:write`.
     */
    delete: operations["deleteWebhookEndpoint"];
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/api/public/sdk/v1/webhooks/endpoints/{id}/test": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Send an example event to a webhook endpoint
     * @description Records an example event of the kind asked (one the endpoint subscribes to; absent: the first) about a sample wallet that exists nowhere else, and queues its delivery to this endpoint alone, signed, retried and replayable like any other. The events list leaves example events out. A disabled endpoint is 409 `endpoint_disabled`.
     *
     *     Required scope: `webhooks:write`.
     */
    post: operations["testWebhookEndpoint"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/api/public/sdk/v1/webhooks/secret/roll": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Roll the webhook signing secret
     * @description Mints a new signing secret for the key's mode, taking over now or in 1 or 24 hours, as the console's roll does. Until it takes over, deliveries stay signed with the current secret, and the Standard Webhooks header carries a signature by each, so a receiver can deploy the new secret first (give the verifier both). The new secret is in this answer; afterwards only the console's Reveal shows it. Audited like the console's roll.
     *
     *     Required scope: `webhooks:write`.
     */
    post: operations["rollWebhookSecret"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/api/public/sdk/v1/authorization-endpoint": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Retrieve the authorization decision endpoint with its health
     * @description The key's mode's decision endpoint and its health over its newest 100 decisions: answers by kind, timeouts, invalid answers, errors, overloaded spends, p50/p95 latency and the last 10 decisions.
     *
     *     Required scope: `events:read`.
     */
    get: operations["getAuthorizationEndpoint"];
    put?: never;
    /**
     * Set the authorization decision endpoint
     * @description Sets the key's mode's decision endpoint. Setting it again updates it: the same `aep_` id, `createdAt` and health history, with the new url, timeoutMs (absent: the default) and defaultAction; DELETE, then set, makes a new endpoint whose health starts afresh. The URL follows the webhook endpoints' rules (https in live mode, public addresses only; test mode also allows localhost), checked again at every send. Every spend (and test tap) that passes card status, spending controls and funds is POSTed to the endpoint, signed like a webhook (`card.authorization.request`); a 2xx within `timeoutMs` answering `{"approved": true|false, "amount"?: number, "metadata"?: {…}}` decides (an amount below the request is a partial approval), anything else applies `defaultAction`. The call takes no database lock; funds and controls are checked again after the answer. Past the per-application cap of decisions in flight, a spend gets `defaultAction` at once (reason `overloaded`). See the `card.authorization.request` webhook in this document.
     *
     *     Required scope: `webhooks:write`.
     */
    post: operations["setAuthorizationEndpoint"];
    /**
     * Remove the authorization decision endpoint
     * @description Spends in the key's mode are decided by status, controls and funds alone again.
     *
     *     Required scope: `webhooks:write`.
     */
    delete: operations["deleteAuthorizationEndpoint"];
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
     * @description Issues a statement of the wallet for a period of whole UTC days: opening and closing posted balances and the period's transactions from the ledger, with a verification token (shown only here; stored as a hash), the statement signed as `document` (a JWS checked against `/.well-known/jwks.json`), the public `verifyUrl` (`/verify?token=…#document=…`: the document rides in the fragment, never sent to a server) and an SVG QR code of it. The token expires after `expiresInDays` (default 90) and can be revoked. `holderName` is required when the wallet has no name.
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
     * @description Issues a proof-of-address (`kind: address`, needs the wallet's address) or proof-of-funds (`kind: funds`, records the available balance now) letter with a reference code, current for `expiresInDays` (default 30). Anyone can check it at `/api/public/verify/proof` by account number; the amount or address is shown only to those who also give the reference. Active wallets only. The response's `document` is the letter signed (a JWS checked against `/.well-known/jwks.json`); `verifyUrl` carries it in its fragment.
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
     * @description No key needed; limited per client address. Answers 200 for any token: `valid: true` with the holder, period (dates `YYYY-MM-DD`), issue and expiry, currency and balances; or `valid: false` with `reason` and `reason_code` (`malformed` — including a missing token —, `not_found`, `revoked`, `expired`) and no holder name. Only a query holding a NUL character, which no token has, is refused with 400 `validation_failed`, like any input. Responses carry `Cache-Control: no-store`.
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
  "/api/public/verify/document": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Check whether a signed document was revoked
     * @description No key needed; limited per client address. What a signature cannot say: whether the statement or letter with this `id` is still current, or was revoked or has expired. Answers 200 for any id (`not_found` for one that is missing, malformed or not ours) and reveals nothing the document does not already state. `/verify` asks this after checking the signature in the browser. `Cache-Control: no-store`.
     */
    get: operations["getDocumentStatus"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/api/public/jwks.json": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * The keys that sign documents (JWKS)
     * @description No key needed; limited per client address. The Ed25519 public keys (`alg` EdDSA) that sign statements and proof letters (`document`), as a JSON Web Key Set: the key signing now first, then each retired key while a document signed with it has not expired. The same set is served at `/.well-known/jwks.json`, the address verifiers fetch. `Cache-Control: public, max-age=60`.
     */
    get: operations["getDocumentKeys"];
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
     * @description Live-mode figures only, per currency: wallets, active cards, liabilities (sum of wallet balances), reserves, coverage ratio and 30-day card volume (captures net of refunds), plus `ledger_balanced` and `ledger_checked_at` from the background ledger verification (which checks new ledger entries about once a minute, off this request). Computed at most once a minute; `Cache-Control: public, max-age=60`.
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
  "/api/public/treasury/liabilities": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List liability snapshots
     * @description Published proof-of-liabilities snapshots, newest first. A snapshot commits, per currency, to every live wallet's balance at `as_of` in a Merkle-sum tree whose root sum equals the treasury figures' liabilities at that instant; each names the previous snapshot's hash, so the history cannot be rewritten unnoticed. It proves what we owe is at least what each holder can check for themselves; it does not prove the reserves exist outside our ledger.
     */
    get: operations["listLiabilitySnapshots"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/api/public/treasury/liabilities/{id}": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Retrieve a liability snapshot
     * @description One published snapshot: verify an inclusion proof against its root, and its `hash` against the next one's `previous_hash`.
     */
    get: operations["getLiabilitySnapshot"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/api/public/sdk/v1/wallets/{externalUserId}/liability-proof": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Prove a wallet's inclusion in a liability snapshot
     * @description The wallet's leaf (balance at the snapshot's instant and its salt) and the sibling path to its currency's root. Give it to the holder: they recompute the root against the published snapshot at /treasury/verify, with `verifyLiabilityProof` of `@wallet-card/client/liabilities`, or with `npm run cli -- liabilities verify`. Live wallets only.
     *
     *     Required scope: `wallets:read`.
     */
    get: operations["getLiabilityProof"];
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
     * @description No key needed; limited per client address like every public route (same budget and `x-ratelimit-*` headers). `Cache-Control: public, max-age=300`.
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
  "/api/public/health": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Service health
     * @description Whether this instance can serve: 200 once its database answers `SELECT 1`, 503 `unavailable` with `Retry-After` while the database cannot be reached (stopped, restarting, failing over) or does not answer within 3 seconds. For load balancers and uptime checks; limited per client address like every public route. `Cache-Control: no-store`.
     */
    get: operations["getHealth"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/api/public/health/ready": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Service readiness
     * @description Whether this instance should be sent traffic, for a Kubernetes readiness probe or a load balancer: 200 when it is not shutting down, its database answers `SELECT 1` and its rate-limit store (Redis) answers `PING`; otherwise 503 `unavailable` with `Retry-After`, the message naming what failed. From a shutdown signal on it answers 503 for `SHUTDOWN_DRAIN_MS` while still serving, so the probe takes it out of rotation first. The webhook worker's liveness is reported (`webhookWorkers`), not required. Liveness stays `GET /api/public/health`. `Cache-Control: no-store`.
     */
    get: operations["getReadiness"];
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
  "card.authorization.request": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Decide a card spend (sent to the authorization decision endpoint)
     * @description Sent once per spend (and test tap) that passed card status, spending controls and funds, to the decision endpoint set with `POST /api/public/sdk/v1/authorization-endpoint`, signed exactly like a webhook (the same headers; `x-service-delivery-id` and `webhook-id` are the request's `areq_` id). Answer within the endpoint's `timeoutMs` (100 to 2000 ms, default 2000) with a 2xx and the JSON below. Anything else (a non-2xx, a redirect, which is not followed, invalid JSON, an `amount` above the request, a body over 16 KiB, no answer in time) applies the endpoint's `defaultAction`, recorded on the authorization as `decision: {by: "default", reason}`. Never retried: a spend is asked once, and a replayed Idempotency-Key never asks again. Funds and controls are checked again after the answer, so an approval can still end in a decline (`decision.by` funds or controls). See /webhooks/security#authorization-decisions.
     */
    post: operations["webhook_card_authorization_request"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
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
     * @description Sent as a POST to every enabled endpoint subscribed to this kind. Success is a 2xx within 10 seconds; redirects are not followed. Otherwise retried with jitter after 1 min, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h, 14 h and 20 h (about three days), then marked failed. Every attempt has a fresh `sent_at` and signature; deliveries are at least once, so deduplicate on `id`. `sequence` numbers the events about one wallet 1, 2, 3… with no gaps, in commit order, counting every kind whether this endpoint subscribes to it or not; a retry or replay carries the same `id` and `sequence`. Keep the last `sequence` seen per wallet; on a jump, wait for the missing event (it may still be retrying) or find it in `GET /api/public/sdk/v1/events?wallet=…`. See /webhooks/security#ordering. Endpoints are isolated from each other: a worker sends at most 4 requests to one endpoint at once, so a slow endpoint's backlog waits in its own lane. After 5 consecutive failures an endpoint is backed off (30 s, doubling to 60 min, then one probe delivery at a time until a 2xx; nothing is lost); after 3 days of failures with no success it is disabled with a reason (see `GET /api/public/sdk/v1/webhooks/endpoints`), its deliveries kept pending until it is enabled again. Attempt bodies are kept 30 days. See /webhooks/security#endpoint-health.
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
     * @description Sent as a POST to every enabled endpoint subscribed to this kind. Success is a 2xx within 10 seconds; redirects are not followed. Otherwise retried with jitter after 1 min, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h, 14 h and 20 h (about three days), then marked failed. Every attempt has a fresh `sent_at` and signature; deliveries are at least once, so deduplicate on `id`. `sequence` numbers the events about one wallet 1, 2, 3… with no gaps, in commit order, counting every kind whether this endpoint subscribes to it or not; a retry or replay carries the same `id` and `sequence`. Keep the last `sequence` seen per wallet; on a jump, wait for the missing event (it may still be retrying) or find it in `GET /api/public/sdk/v1/events?wallet=…`. See /webhooks/security#ordering. Endpoints are isolated from each other: a worker sends at most 4 requests to one endpoint at once, so a slow endpoint's backlog waits in its own lane. After 5 consecutive failures an endpoint is backed off (30 s, doubling to 60 min, then one probe delivery at a time until a 2xx; nothing is lost); after 3 days of failures with no success it is disabled with a reason (see `GET /api/public/sdk/v1/webhooks/endpoints`), its deliveries kept pending until it is enabled again. Attempt bodies are kept 30 days. See /webhooks/security#endpoint-health.
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
     * @description Sent as a POST to every enabled endpoint subscribed to this kind. Success is a 2xx within 10 seconds; redirects are not followed. Otherwise retried with jitter after 1 min, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h, 14 h and 20 h (about three days), then marked failed. Every attempt has a fresh `sent_at` and signature; deliveries are at least once, so deduplicate on `id`. `sequence` numbers the events about one wallet 1, 2, 3… with no gaps, in commit order, counting every kind whether this endpoint subscribes to it or not; a retry or replay carries the same `id` and `sequence`. Keep the last `sequence` seen per wallet; on a jump, wait for the missing event (it may still be retrying) or find it in `GET /api/public/sdk/v1/events?wallet=…`. See /webhooks/security#ordering. Endpoints are isolated from each other: a worker sends at most 4 requests to one endpoint at once, so a slow endpoint's backlog waits in its own lane. After 5 consecutive failures an endpoint is backed off (30 s, doubling to 60 min, then one probe delivery at a time until a 2xx; nothing is lost); after 3 days of failures with no success it is disabled with a reason (see `GET /api/public/sdk/v1/webhooks/endpoints`), its deliveries kept pending until it is enabled again. Attempt bodies are kept 30 days. See /webhooks/security#endpoint-health.
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
     * @description Sent as a POST to every enabled endpoint subscribed to this kind. Success is a 2xx within 10 seconds; redirects are not followed. Otherwise retried with jitter after 1 min, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h, 14 h and 20 h (about three days), then marked failed. Every attempt has a fresh `sent_at` and signature; deliveries are at least once, so deduplicate on `id`. `sequence` numbers the events about one wallet 1, 2, 3… with no gaps, in commit order, counting every kind whether this endpoint subscribes to it or not; a retry or replay carries the same `id` and `sequence`. Keep the last `sequence` seen per wallet; on a jump, wait for the missing event (it may still be retrying) or find it in `GET /api/public/sdk/v1/events?wallet=…`. See /webhooks/security#ordering. Endpoints are isolated from each other: a worker sends at most 4 requests to one endpoint at once, so a slow endpoint's backlog waits in its own lane. After 5 consecutive failures an endpoint is backed off (30 s, doubling to 60 min, then one probe delivery at a time until a 2xx; nothing is lost); after 3 days of failures with no success it is disabled with a reason (see `GET /api/public/sdk/v1/webhooks/endpoints`), its deliveries kept pending until it is enabled again. Attempt bodies are kept 30 days. See /webhooks/security#endpoint-health.
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
     * @description Sent as a POST to every enabled endpoint subscribed to this kind. Success is a 2xx within 10 seconds; redirects are not followed. Otherwise retried with jitter after 1 min, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h, 14 h and 20 h (about three days), then marked failed. Every attempt has a fresh `sent_at` and signature; deliveries are at least once, so deduplicate on `id`. `sequence` numbers the events about one wallet 1, 2, 3… with no gaps, in commit order, counting every kind whether this endpoint subscribes to it or not; a retry or replay carries the same `id` and `sequence`. Keep the last `sequence` seen per wallet; on a jump, wait for the missing event (it may still be retrying) or find it in `GET /api/public/sdk/v1/events?wallet=…`. See /webhooks/security#ordering. Endpoints are isolated from each other: a worker sends at most 4 requests to one endpoint at once, so a slow endpoint's backlog waits in its own lane. After 5 consecutive failures an endpoint is backed off (30 s, doubling to 60 min, then one probe delivery at a time until a 2xx; nothing is lost); after 3 days of failures with no success it is disabled with a reason (see `GET /api/public/sdk/v1/webhooks/endpoints`), its deliveries kept pending until it is enabled again. Attempt bodies are kept 30 days. See /webhooks/security#endpoint-health.
     */
    post: operations["webhook_card_refunded"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "card.reversed": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * A hold ended uncaptured: reversed by the application, or expired
     * @description Sent as a POST to every enabled endpoint subscribed to this kind. Success is a 2xx within 10 seconds; redirects are not followed. Otherwise retried with jitter after 1 min, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h, 14 h and 20 h (about three days), then marked failed. Every attempt has a fresh `sent_at` and signature; deliveries are at least once, so deduplicate on `id`. `sequence` numbers the events about one wallet 1, 2, 3… with no gaps, in commit order, counting every kind whether this endpoint subscribes to it or not; a retry or replay carries the same `id` and `sequence`. Keep the last `sequence` seen per wallet; on a jump, wait for the missing event (it may still be retrying) or find it in `GET /api/public/sdk/v1/events?wallet=…`. See /webhooks/security#ordering. Endpoints are isolated from each other: a worker sends at most 4 requests to one endpoint at once, so a slow endpoint's backlog waits in its own lane. After 5 consecutive failures an endpoint is backed off (30 s, doubling to 60 min, then one probe delivery at a time until a 2xx; nothing is lost); after 3 days of failures with no success it is disabled with a reason (see `GET /api/public/sdk/v1/webhooks/endpoints`), its deliveries kept pending until it is enabled again. Attempt bodies are kept 30 days. See /webhooks/security#endpoint-health.
     */
    post: operations["webhook_card_reversed"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "top_up.created": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Money was added to the application's balance
     * @description Sent as a POST to every enabled endpoint subscribed to this kind. Success is a 2xx within 10 seconds; redirects are not followed. Otherwise retried with jitter after 1 min, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h, 14 h and 20 h (about three days), then marked failed. Every attempt has a fresh `sent_at` and signature; deliveries are at least once, so deduplicate on `id`. `sequence` numbers the events about one wallet 1, 2, 3… with no gaps, in commit order, counting every kind whether this endpoint subscribes to it or not; a retry or replay carries the same `id` and `sequence`. Keep the last `sequence` seen per wallet; on a jump, wait for the missing event (it may still be retrying) or find it in `GET /api/public/sdk/v1/events?wallet=…`. See /webhooks/security#ordering. Endpoints are isolated from each other: a worker sends at most 4 requests to one endpoint at once, so a slow endpoint's backlog waits in its own lane. After 5 consecutive failures an endpoint is backed off (30 s, doubling to 60 min, then one probe delivery at a time until a 2xx; nothing is lost); after 3 days of failures with no success it is disabled with a reason (see `GET /api/public/sdk/v1/webhooks/endpoints`), its deliveries kept pending until it is enabled again. Attempt bodies are kept 30 days. See /webhooks/security#endpoint-health.
     */
    post: operations["webhook_top_up_created"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "transfer.created": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Money moved between the application's balance and a wallet, or between two wallets (one event per wallet it touches)
     * @description Sent as a POST to every enabled endpoint subscribed to this kind. Success is a 2xx within 10 seconds; redirects are not followed. Otherwise retried with jitter after 1 min, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h, 14 h and 20 h (about three days), then marked failed. Every attempt has a fresh `sent_at` and signature; deliveries are at least once, so deduplicate on `id`. `sequence` numbers the events about one wallet 1, 2, 3… with no gaps, in commit order, counting every kind whether this endpoint subscribes to it or not; a retry or replay carries the same `id` and `sequence`. Keep the last `sequence` seen per wallet; on a jump, wait for the missing event (it may still be retrying) or find it in `GET /api/public/sdk/v1/events?wallet=…`. See /webhooks/security#ordering. Endpoints are isolated from each other: a worker sends at most 4 requests to one endpoint at once, so a slow endpoint's backlog waits in its own lane. After 5 consecutive failures an endpoint is backed off (30 s, doubling to 60 min, then one probe delivery at a time until a 2xx; nothing is lost); after 3 days of failures with no success it is disabled with a reason (see `GET /api/public/sdk/v1/webhooks/endpoints`), its deliveries kept pending until it is enabled again. Attempt bodies are kept 30 days. See /webhooks/security#endpoint-health.
     */
    post: operations["webhook_transfer_created"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "card.incremented": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * The card network raised a hold (an incremental authorization, e.g. a hotel or fuel)
     * @description Sent as a POST to every enabled endpoint subscribed to this kind. Success is a 2xx within 10 seconds; redirects are not followed. Otherwise retried with jitter after 1 min, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h, 14 h and 20 h (about three days), then marked failed. Every attempt has a fresh `sent_at` and signature; deliveries are at least once, so deduplicate on `id`. `sequence` numbers the events about one wallet 1, 2, 3… with no gaps, in commit order, counting every kind whether this endpoint subscribes to it or not; a retry or replay carries the same `id` and `sequence`. Keep the last `sequence` seen per wallet; on a jump, wait for the missing event (it may still be retrying) or find it in `GET /api/public/sdk/v1/events?wallet=…`. See /webhooks/security#ordering. Endpoints are isolated from each other: a worker sends at most 4 requests to one endpoint at once, so a slow endpoint's backlog waits in its own lane. After 5 consecutive failures an endpoint is backed off (30 s, doubling to 60 min, then one probe delivery at a time until a 2xx; nothing is lost); after 3 days of failures with no success it is disabled with a reason (see `GET /api/public/sdk/v1/webhooks/endpoints`), its deliveries kept pending until it is enabled again. Attempt bodies are kept 30 days. See /webhooks/security#endpoint-health.
     */
    post: operations["webhook_card_incremented"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "card.advised": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * The card network's stand-in approved a spend while we did not answer (an advice): held, never refused, may overdraw
     * @description Sent as a POST to every enabled endpoint subscribed to this kind. Success is a 2xx within 10 seconds; redirects are not followed. Otherwise retried with jitter after 1 min, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h, 14 h and 20 h (about three days), then marked failed. Every attempt has a fresh `sent_at` and signature; deliveries are at least once, so deduplicate on `id`. `sequence` numbers the events about one wallet 1, 2, 3… with no gaps, in commit order, counting every kind whether this endpoint subscribes to it or not; a retry or replay carries the same `id` and `sequence`. Keep the last `sequence` seen per wallet; on a jump, wait for the missing event (it may still be retrying) or find it in `GET /api/public/sdk/v1/events?wallet=…`. See /webhooks/security#ordering. Endpoints are isolated from each other: a worker sends at most 4 requests to one endpoint at once, so a slow endpoint's backlog waits in its own lane. After 5 consecutive failures an endpoint is backed off (30 s, doubling to 60 min, then one probe delivery at a time until a 2xx; nothing is lost); after 3 days of failures with no success it is disabled with a reason (see `GET /api/public/sdk/v1/webhooks/endpoints`), its deliveries kept pending until it is enabled again. Attempt bodies are kept 30 days. See /webhooks/security#endpoint-health.
     */
    post: operations["webhook_card_advised"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "card.force_posted": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * The card network cleared a spend with no authorization (a force post): posted, even below zero
     * @description Sent as a POST to every enabled endpoint subscribed to this kind. Success is a 2xx within 10 seconds; redirects are not followed. Otherwise retried with jitter after 1 min, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h, 14 h and 20 h (about three days), then marked failed. Every attempt has a fresh `sent_at` and signature; deliveries are at least once, so deduplicate on `id`. `sequence` numbers the events about one wallet 1, 2, 3… with no gaps, in commit order, counting every kind whether this endpoint subscribes to it or not; a retry or replay carries the same `id` and `sequence`. Keep the last `sequence` seen per wallet; on a jump, wait for the missing event (it may still be retrying) or find it in `GET /api/public/sdk/v1/events?wallet=…`. See /webhooks/security#ordering. Endpoints are isolated from each other: a worker sends at most 4 requests to one endpoint at once, so a slow endpoint's backlog waits in its own lane. After 5 consecutive failures an endpoint is backed off (30 s, doubling to 60 min, then one probe delivery at a time until a 2xx; nothing is lost); after 3 days of failures with no success it is disabled with a reason (see `GET /api/public/sdk/v1/webhooks/endpoints`), its deliveries kept pending until it is enabled again. Attempt bodies are kept 30 days. See /webhooks/security#endpoint-health.
     */
    post: operations["webhook_card_force_posted"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "card.return_reversed": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * The card network took back a merchant credit (a return reversal)
     * @description Sent as a POST to every enabled endpoint subscribed to this kind. Success is a 2xx within 10 seconds; redirects are not followed. Otherwise retried with jitter after 1 min, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h, 14 h and 20 h (about three days), then marked failed. Every attempt has a fresh `sent_at` and signature; deliveries are at least once, so deduplicate on `id`. `sequence` numbers the events about one wallet 1, 2, 3… with no gaps, in commit order, counting every kind whether this endpoint subscribes to it or not; a retry or replay carries the same `id` and `sequence`. Keep the last `sequence` seen per wallet; on a jump, wait for the missing event (it may still be retrying) or find it in `GET /api/public/sdk/v1/events?wallet=…`. See /webhooks/security#ordering. Endpoints are isolated from each other: a worker sends at most 4 requests to one endpoint at once, so a slow endpoint's backlog waits in its own lane. After 5 consecutive failures an endpoint is backed off (30 s, doubling to 60 min, then one probe delivery at a time until a 2xx; nothing is lost); after 3 days of failures with no success it is disabled with a reason (see `GET /api/public/sdk/v1/webhooks/endpoints`), its deliveries kept pending until it is enabled again. Attempt bodies are kept 30 days. See /webhooks/security#endpoint-health.
     */
    post: operations["webhook_card_return_reversed"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "payout.created": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * A payout was created: the amount held, on its way to the rail
     * @description Sent as a POST to every enabled endpoint subscribed to this kind. Success is a 2xx within 10 seconds; redirects are not followed. Otherwise retried with jitter after 1 min, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h, 14 h and 20 h (about three days), then marked failed. Every attempt has a fresh `sent_at` and signature; deliveries are at least once, so deduplicate on `id`. `sequence` numbers the events about one wallet 1, 2, 3… with no gaps, in commit order, counting every kind whether this endpoint subscribes to it or not; a retry or replay carries the same `id` and `sequence`. Keep the last `sequence` seen per wallet; on a jump, wait for the missing event (it may still be retrying) or find it in `GET /api/public/sdk/v1/events?wallet=…`. See /webhooks/security#ordering. Endpoints are isolated from each other: a worker sends at most 4 requests to one endpoint at once, so a slow endpoint's backlog waits in its own lane. After 5 consecutive failures an endpoint is backed off (30 s, doubling to 60 min, then one probe delivery at a time until a 2xx; nothing is lost); after 3 days of failures with no success it is disabled with a reason (see `GET /api/public/sdk/v1/webhooks/endpoints`), its deliveries kept pending until it is enabled again. Attempt bodies are kept 30 days. See /webhooks/security#endpoint-health.
     */
    post: operations["webhook_payout_created"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "payout.in_transit": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * A payout was sent by the rail
     * @description Sent as a POST to every enabled endpoint subscribed to this kind. Success is a 2xx within 10 seconds; redirects are not followed. Otherwise retried with jitter after 1 min, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h, 14 h and 20 h (about three days), then marked failed. Every attempt has a fresh `sent_at` and signature; deliveries are at least once, so deduplicate on `id`. `sequence` numbers the events about one wallet 1, 2, 3… with no gaps, in commit order, counting every kind whether this endpoint subscribes to it or not; a retry or replay carries the same `id` and `sequence`. Keep the last `sequence` seen per wallet; on a jump, wait for the missing event (it may still be retrying) or find it in `GET /api/public/sdk/v1/events?wallet=…`. See /webhooks/security#ordering. Endpoints are isolated from each other: a worker sends at most 4 requests to one endpoint at once, so a slow endpoint's backlog waits in its own lane. After 5 consecutive failures an endpoint is backed off (30 s, doubling to 60 min, then one probe delivery at a time until a 2xx; nothing is lost); after 3 days of failures with no success it is disabled with a reason (see `GET /api/public/sdk/v1/webhooks/endpoints`), its deliveries kept pending until it is enabled again. Attempt bodies are kept 30 days. See /webhooks/security#endpoint-health.
     */
    post: operations["webhook_payout_in_transit"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "payout.paid": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * A payout was paid
     * @description Sent as a POST to every enabled endpoint subscribed to this kind. Success is a 2xx within 10 seconds; redirects are not followed. Otherwise retried with jitter after 1 min, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h, 14 h and 20 h (about three days), then marked failed. Every attempt has a fresh `sent_at` and signature; deliveries are at least once, so deduplicate on `id`. `sequence` numbers the events about one wallet 1, 2, 3… with no gaps, in commit order, counting every kind whether this endpoint subscribes to it or not; a retry or replay carries the same `id` and `sequence`. Keep the last `sequence` seen per wallet; on a jump, wait for the missing event (it may still be retrying) or find it in `GET /api/public/sdk/v1/events?wallet=…`. See /webhooks/security#ordering. Endpoints are isolated from each other: a worker sends at most 4 requests to one endpoint at once, so a slow endpoint's backlog waits in its own lane. After 5 consecutive failures an endpoint is backed off (30 s, doubling to 60 min, then one probe delivery at a time until a 2xx; nothing is lost); after 3 days of failures with no success it is disabled with a reason (see `GET /api/public/sdk/v1/webhooks/endpoints`), its deliveries kept pending until it is enabled again. Attempt bodies are kept 30 days. See /webhooks/security#endpoint-health.
     */
    post: operations["webhook_payout_paid"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "payout.failed": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * A payout failed
     * @description Sent as a POST to every enabled endpoint subscribed to this kind. Success is a 2xx within 10 seconds; redirects are not followed. Otherwise retried with jitter after 1 min, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h, 14 h and 20 h (about three days), then marked failed. Every attempt has a fresh `sent_at` and signature; deliveries are at least once, so deduplicate on `id`. `sequence` numbers the events about one wallet 1, 2, 3… with no gaps, in commit order, counting every kind whether this endpoint subscribes to it or not; a retry or replay carries the same `id` and `sequence`. Keep the last `sequence` seen per wallet; on a jump, wait for the missing event (it may still be retrying) or find it in `GET /api/public/sdk/v1/events?wallet=…`. See /webhooks/security#ordering. Endpoints are isolated from each other: a worker sends at most 4 requests to one endpoint at once, so a slow endpoint's backlog waits in its own lane. After 5 consecutive failures an endpoint is backed off (30 s, doubling to 60 min, then one probe delivery at a time until a 2xx; nothing is lost); after 3 days of failures with no success it is disabled with a reason (see `GET /api/public/sdk/v1/webhooks/endpoints`), its deliveries kept pending until it is enabled again. Attempt bodies are kept 30 days. See /webhooks/security#endpoint-health.
     */
    post: operations["webhook_payout_failed"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "payout.returned": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * A paid payout came back
     * @description Sent as a POST to every enabled endpoint subscribed to this kind. Success is a 2xx within 10 seconds; redirects are not followed. Otherwise retried with jitter after 1 min, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h, 14 h and 20 h (about three days), then marked failed. Every attempt has a fresh `sent_at` and signature; deliveries are at least once, so deduplicate on `id`. `sequence` numbers the events about one wallet 1, 2, 3… with no gaps, in commit order, counting every kind whether this endpoint subscribes to it or not; a retry or replay carries the same `id` and `sequence`. Keep the last `sequence` seen per wallet; on a jump, wait for the missing event (it may still be retrying) or find it in `GET /api/public/sdk/v1/events?wallet=…`. See /webhooks/security#ordering. Endpoints are isolated from each other: a worker sends at most 4 requests to one endpoint at once, so a slow endpoint's backlog waits in its own lane. After 5 consecutive failures an endpoint is backed off (30 s, doubling to 60 min, then one probe delivery at a time until a 2xx; nothing is lost); after 3 days of failures with no success it is disabled with a reason (see `GET /api/public/sdk/v1/webhooks/endpoints`), its deliveries kept pending until it is enabled again. Attempt bodies are kept 30 days. See /webhooks/security#endpoint-health.
     */
    post: operations["webhook_payout_returned"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "payout.canceled": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * A payout was canceled
     * @description Sent as a POST to every enabled endpoint subscribed to this kind. Success is a 2xx within 10 seconds; redirects are not followed. Otherwise retried with jitter after 1 min, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h, 14 h and 20 h (about three days), then marked failed. Every attempt has a fresh `sent_at` and signature; deliveries are at least once, so deduplicate on `id`. `sequence` numbers the events about one wallet 1, 2, 3… with no gaps, in commit order, counting every kind whether this endpoint subscribes to it or not; a retry or replay carries the same `id` and `sequence`. Keep the last `sequence` seen per wallet; on a jump, wait for the missing event (it may still be retrying) or find it in `GET /api/public/sdk/v1/events?wallet=…`. See /webhooks/security#ordering. Endpoints are isolated from each other: a worker sends at most 4 requests to one endpoint at once, so a slow endpoint's backlog waits in its own lane. After 5 consecutive failures an endpoint is backed off (30 s, doubling to 60 min, then one probe delivery at a time until a 2xx; nothing is lost); after 3 days of failures with no success it is disabled with a reason (see `GET /api/public/sdk/v1/webhooks/endpoints`), its deliveries kept pending until it is enabled again. Attempt bodies are kept 30 days. See /webhooks/security#endpoint-health.
     */
    post: operations["webhook_payout_canceled"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
}
export interface components {
  schemas: {
    /**
     * @example {
     *       "externalUserId": "user_42",
     *       "currency": "USD",
     *       "email": "ada@example.com",
     *       "name": "Ada Obi",
     *       "address": {
     *         "line1": "350 Fifth Avenue",
     *         "line2": "Suite 4200",
     *         "city": "New York",
     *         "region": "NY",
     *         "postalCode": "10118",
     *         "country": "US"
     *       }
     *     }
     */
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
       * @description The user's email address (HTML's email rule, the one the console's forms use too).
       * @example ada@example.com
       */
      email: string;
      /**
       * @description The holder's name, used on statements and proofs. Invisible and text-direction control characters (U+202E and the like) are refused.
       * @example Ada Obi
       */
      name?: string;
      address?: components["schemas"]["Address"];
    };
    /**
     * @description Postal address, used by proof-of-address letters.
     * @example {
     *       "line1": "350 Fifth Avenue",
     *       "line2": "Suite 4200",
     *       "city": "New York",
     *       "region": "NY",
     *       "postalCode": "10118",
     *       "country": "US"
     *     }
     */
    Address: {
      line1: string;
      line2?: string;
      city: string;
      region?: string;
      postalCode?: string;
      country: string;
    };
    /**
     * @description Only the fields given change; spendingControls replaces every control the wallet had.
     * @example {
     *       "spendingControls": {
     *         "spendingLimits": [
     *           {
     *             "amount": 2000,
     *             "interval": "monthly"
     *           }
     *         ]
     *       }
     *     }
     */
    UpdateWalletRequest: {
      spendingControls?: components["schemas"]["SpendingControlsInput"];
    };
    /**
     * @description Limits and merchant rules checked on every spend, after the card's status and before the wallet's funds; a wallet's apply to all its cards on top of each card's own. Allowed and blocked lists of one kind are exclusive. A spend at a merchant with no category (or no country) is declined when an allowed list of that kind is set. What counts against a limit: approved authorizations' amounts, less what is later released (reversed, expired, or the uncaptured rest of a partial capture), in the window the authorization was approved in; refunds do not count back. Setting them replaces every control the card (or wallet) had.
     * @example {
     *       "spendingLimits": [
     *         {
     *           "amount": 250.5,
     *           "interval": "per_authorization"
     *         },
     *         {
     *           "amount": 500,
     *           "interval": "daily"
     *         },
     *         {
     *           "amount": 60,
     *           "interval": "weekly",
     *           "categories": [
     *             "5812",
     *             "5814"
     *           ]
     *         }
     *       ],
     *       "blockedCategories": [
     *         "7995"
     *       ],
     *       "allowedCountries": [
     *         "US",
     *         "CA"
     *       ]
     *     }
     */
    SpendingControlsInput: {
      /** @description At most 20, one per interval and category set. */
      spendingLimits?: {
        /**
         * @description The most that may be spent in one authorization or one window, in the card's (or wallet's) currency.
         * @example 100
         */
        amount: number;
        /**
         * @description per_authorization: each spend on its own. daily, weekly, monthly, yearly: calendar windows in UTC (the day from 00:00, the week from Monday, the month from the 1st, the year from 1 January). all_time: every spend ever. A limit set during a window counts that window's earlier spending too.
         * @enum {string}
         */
        interval: "per_authorization" | "daily" | "weekly" | "monthly" | "yearly" | "all_time";
        /**
         * @description Only spends at merchants of these categories count against the limit; absent means every spend.
         * @example [
         *       "5812",
         *       "5814"
         *     ]
         */
        categories?: string[];
        /**
         * @description A wallet's limits only: true counts the wallet's outgoing transfers (`POST /transfers` from it) against the limit as well as its cards' spends, and a transfer over it is refused with 402 `spending_limit_exceeded`. Default false: card limits were set for card spending, and a transfer the application itself makes is its own decision (docs/decisions/money-movement.md). Not with `categories`: a transfer has no merchant category.
         * @example true
         */
        transfers?: boolean;
      }[];
      /** @description Only merchants of these categories are approved; others decline with category_blocked. */
      allowedCategories?: string[];
      /** @description Merchants of these categories decline with category_blocked. */
      blockedCategories?: string[];
      /** @description Only merchants in these countries are approved; others decline with country_blocked. */
      allowedCountries?: string[];
      /** @description Merchants in these countries decline with country_blocked. */
      blockedCountries?: string[];
    };
    /**
     * @example {
     *       "externalUserId": "user_42",
     *       "kind": "virtual",
     *       "currency": "USD",
     *       "spendLimit": 250.5
     *     }
     */
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
       * @example 250.5
       */
      spendLimit?: number;
      spendingControls?: components["schemas"]["SpendingControlsInput"];
    };
    /**
     * @description Only the fields given change; spendingControls replaces every control the card had but its spendLimit, which only a request naming it changes.
     * @example {
     *       "spendingControls": {
     *         "spendingLimits": [
     *           {
     *             "amount": 500,
     *             "interval": "daily"
     *           }
     *         ],
     *         "blockedCategories": [
     *           "7995"
     *         ]
     *       }
     *     }
     */
    UpdateCardRequest: {
      /**
       * @description The per-authorization limit (spendingControls' per_authorization limit without categories); null removes it, absent keeps it unless spendingControls names a per_authorization limit without categories.
       * @example 100
       */
      spendLimit?: number | null;
      spendingControls?: components["schemas"]["SpendingControlsInput"];
    };
    /**
     * @example {
     *       "origin": "https://app.example.com"
     *     }
     */
    CreateCardDetailsSessionRequest: {
      /**
       * @description The origin of the page that will frame the details page, as browsers write it (`https://host[:port]`, no path); the page refuses to be framed by any other. Live mode requires `https`; test mode also allows `http://localhost:<port>`.
       * @example https://app.example.com
       */
      origin: string;
    };
    /**
     * @example {
     *       "amount": 20,
     *       "currency": "USD",
     *       "merchant": {
     *         "name": "Corner Coffee",
     *         "category": "5814",
     *         "country": "US"
     *       }
     *     }
     */
    CreateAuthorizationRequest: {
      /**
       * @description Amount to hold, in the card's currency (major unit).
       * @example 20
       */
      amount: number;
      /**
       * @description Optional; when given it must equal the card's currency, or the spend is declined with card_currency_mismatch.
       * @example USD
       */
      currency?: string;
      merchant: components["schemas"]["MerchantInput"];
    };
    /**
     * @example {
     *       "name": "Corner Coffee",
     *       "category": "5814",
     *       "country": "US"
     *     }
     */
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
       * @example US
       */
      country?: string;
    };
    /**
     * @example {
     *       "amount": 18.4
     *     }
     */
    CaptureAuthorizationRequest: {
      /**
       * @description Amount to capture, at most the authorized amount; absent captures it all. The rest of the hold is released.
       * @example 18.4
       */
      amount?: number;
    };
    /**
     * @example {
     *       "amount": 4.6
     *     }
     */
    RefundAuthorizationRequest: {
      /**
       * @description Amount to refund, at most what is captured and not yet refunded; absent refunds all of that.
       * @example 4.6
       */
      amount?: number;
    };
    /**
     * @example {
     *       "from": {
     *         "type": "balance"
     *       },
     *       "to": {
     *         "type": "wallet",
     *         "externalUserId": "user_42"
     *       },
     *       "amount": 250,
     *       "currency": "USD"
     *     }
     */
    CreateTransferRequest: {
      from: components["schemas"]["TransferParty"];
      to: components["schemas"]["TransferParty"];
      /**
       * @description Amount to move (major unit).
       * @example 250
       */
      amount: number;
      /**
       * @description ISO 4217 currency code (upper case in responses).
       * @example USD
       */
      currency: string;
      /**
       * @description Shown on the transactions it makes.
       * @example Payroll November
       */
      description?: string;
      /**
       * @description Your own string-to-string notes, at most 20 keys.
       * @example {
       *       "payroll": "2026-11"
       *     }
       */
      metadata?: {
        [key: string]: string;
      };
    };
    /** @description The application's balance (`{"type":"balance"}`) or a wallet (`{"type":"wallet","externalUserId":"…"}`). */
    TransferParty:
      | {
          /** @constant */
          type: "balance";
        }
      | {
          /** @constant */
          type: "wallet";
          /**
           * @description Your own identifier for the user; 1-128 characters of `[A-Za-z0-9_.:@-]`.
           * @example user_42
           */
          externalUserId: string;
        };
    /**
     * @example {
     *       "country": "US",
     *       "currency": "USD",
     *       "holderName": "Ada Lovelace",
     *       "routingNumber": "110000000",
     *       "accountNumber": "000123456789"
     *     }
     */
    CreateBankAccountRequest: {
      /**
       * @description The bank's country (ISO 3166-1 alpha-2): decides which identifiers it takes.
       * @example US
       */
      country: string;
      /**
       * @description ISO 4217 currency code (upper case in responses).
       * @example USD
       */
      currency: string;
      /**
       * @description The account holder's name.
       * @example Ada Lovelace
       */
      holderName: string;
      /**
       * @description US: the 9-digit ABA routing number (checksum checked).
       * @example 110000000
       */
      routingNumber?: string;
      /**
       * @description US (4-17 digits), GB (8 digits), NG (10-digit NUBAN).
       * @example 000123456789
       */
      accountNumber?: string;
      /**
       * @description GB: the 6-digit sort code.
       * @example 12-34-56
       */
      sortCode?: string;
      /**
       * @description IBAN countries: the IBAN (mod-97 checked).
       * @example DE89370400440532013000
       */
      iban?: string;
      /**
       * @description NG: the bank's 3-digit CBN code (the NUBAN check digit covers it).
       * @example 058
       */
      bankCode?: string;
    };
    /**
     * @example {
     *       "from": {
     *         "type": "wallet",
     *         "externalUserId": "user_42"
     *       },
     *       "bankAccountId": "ba_4Gh7Jk0Lm3Np6Qr9St2Uv5Wx",
     *       "amount": 120,
     *       "currency": "USD"
     *     }
     */
    CreatePayoutRequest: {
      from: components["schemas"]["TransferParty"];
      /**
       * @description A bank account of the same wallet (or of the application, from the balance).
       * @example ba_4Gh7Jk0Lm3Np6Qr9St2Uv5Wx
       */
      bankAccountId: string;
      /**
       * @description Amount to pay out (major unit).
       * @example 120
       */
      amount: number;
      /**
       * @description ISO 4217 currency code (upper case in responses).
       * @example USD
       */
      currency: string;
      /**
       * @description Shown on the transactions it makes.
       * @example Payroll November
       */
      description?: string;
    };
    /**
     * @example {
     *       "amount": 500,
     *       "description": "Test top-up"
     *     }
     */
    FundWalletRequest: {
      /**
       * @description Amount to credit, in the wallet's currency (major unit).
       * @example 500
       */
      amount: number;
      /**
       * @description Shown on the wallet's transaction.
       * @example Test top-up
       */
      description?: string;
    };
    /**
     * @example {
     *       "amount": 10000,
     *       "currency": "USD"
     *     }
     */
    TestTopUpRequest: {
      /**
       * @description Amount to add to the balance (major unit).
       * @example 10000
       */
      amount: number;
      /**
       * @description ISO 4217 currency code (upper case in responses).
       * @example USD
       */
      currency: string;
      /**
       * @description Shown on the transactions it makes.
       * @example Payroll November
       */
      description?: string;
    };
    /**
     * @example {
     *       "reason": "account_closed"
     *     }
     */
    TestPayoutMoveRequest: {
      /**
       * @description Why it failed or came back (failed and returned only; a default is recorded otherwise).
       * @example account_closed
       */
      reason?: string;
    };
    /**
     * @example {
     *       "url": "https://shop.example.com/api/webhooks",
     *       "description": "Order service, production",
     *       "events": [
     *         "card.captured",
     *         "card.refunded"
     *       ],
     *       "metadata": {
     *         "team": "payments"
     *       }
     *     }
     */
    CreateWebhookEndpointRequest: {
      /**
       * @description Where deliveries are POSTed. Must resolve to a public unicast address (no private, link-local, carrier-grade NAT, multicast, reserved or metadata address); `https` in live mode; `http://localhost` only in test mode on a deployment that allows loopback endpoints. Checked again at every send. A refused URL is 400 `endpoint_url_refused`.
       * @example https://shop.example.com/api/webhooks
       */
      url: string;
      /**
       * @description Your own words for the endpoint, up to 500 characters.
       * @example Order service, production
       */
      description?: string;
      /** @description The event kinds to send it (GET /event-types lists them); empty or absent means every kind. */
      events?: (
        | "wallet.provisioned"
        | "card.issued"
        | "card.authorized"
        | "card.captured"
        | "card.refunded"
        | "card.reversed"
        | "top_up.created"
        | "transfer.created"
        | "card.incremented"
        | "card.advised"
        | "card.force_posted"
        | "card.return_reversed"
        | "payout.created"
        | "payout.in_transit"
        | "payout.paid"
        | "payout.failed"
        | "payout.returned"
        | "payout.canceled"
      )[];
      /**
       * @description Your own keys and values (at most 20 keys of up to 40 characters, values up to 500); the service never reads them. On update, the whole map is replaced.
       * @example {
       *       "team": "payments"
       *     }
       */
      metadata?: {
        [key: string]: string;
      };
      /** @description false registers it disabled; absent means enabled. */
      enabled?: boolean;
    };
    /**
     * @example {
     *       "events": [],
     *       "description": "Every event, for the ledger service"
     *     }
     */
    UpdateWebhookEndpointRequest: {
      /**
       * @description Where deliveries are POSTed. Must resolve to a public unicast address (no private, link-local, carrier-grade NAT, multicast, reserved or metadata address); `https` in live mode; `http://localhost` only in test mode on a deployment that allows loopback endpoints. Checked again at every send. A refused URL is 400 `endpoint_url_refused`.
       * @example https://shop.example.com/api/webhooks
       */
      url?: string;
      /** @description null removes it. */
      description?: string | null;
      /** @description The event kinds to send it (GET /event-types lists them); empty or absent means every kind. */
      events?: (
        | "wallet.provisioned"
        | "card.issued"
        | "card.authorized"
        | "card.captured"
        | "card.refunded"
        | "card.reversed"
        | "top_up.created"
        | "transfer.created"
        | "card.incremented"
        | "card.advised"
        | "card.force_posted"
        | "card.return_reversed"
        | "payout.created"
        | "payout.in_transit"
        | "payout.paid"
        | "payout.failed"
        | "payout.returned"
        | "payout.canceled"
      )[];
      /**
       * @description Your own keys and values (at most 20 keys of up to 40 characters, values up to 500); the service never reads them. On update, the whole map is replaced.
       * @example {
       *       "team": "payments"
       *     }
       */
      metadata?: {
        [key: string]: string;
      };
      /** @description false disables it (its pending deliveries wait); true enables it with a clean failure streak and resumes them. */
      enabled?: boolean;
    };
    /**
     * @example {
     *       "type": "card.captured"
     *     }
     */
    TestWebhookEndpointRequest: {
      /**
       * @description The kind of example event to send, one the endpoint subscribes to; absent: the first of them.
       * @example card.issued
       * @enum {string}
       */
      type?:
        | "wallet.provisioned"
        | "card.issued"
        | "card.authorized"
        | "card.captured"
        | "card.refunded"
        | "card.reversed"
        | "top_up.created"
        | "transfer.created"
        | "card.incremented"
        | "card.advised"
        | "card.force_posted"
        | "card.return_reversed"
        | "payout.created"
        | "payout.in_transit"
        | "payout.paid"
        | "payout.failed"
        | "payout.returned"
        | "payout.canceled";
    };
    /**
     * @example {
     *       "activation": "24h"
     *     }
     */
    RollWebhookSecretRequest: {
      /**
       * @description When the new secret takes over signing: `now`, or in `1h` or `24h`. Until then deliveries stay signed with the current secret (and, with Standard Webhooks, with both), so a receiver can deploy the new one first. Rolling again replaces a pending secret.
       * @example 24h
       * @enum {string}
       */
      activation: "now" | "1h" | "24h";
    };
    /**
     * @example {
     *       "url": "https://shop.example.com/api/authorization-decisions",
     *       "timeoutMs": 1500,
     *       "defaultAction": "decline"
     *     }
     */
    SetAuthorizationEndpointRequest: {
      /**
       * @description Where each spend is sent for a decision: the same rules as webhook endpoints (https in live mode, public addresses only, checked again at every send).
       * @example https://shop.example.com/api/authorization-decisions
       */
      url: string;
      /**
       * @description How long a spend waits for the answer; default 2000.
       * @example 1500
       */
      timeoutMs?: number;
      /**
       * @description What a spend gets when the endpoint does not answer usably within timeoutMs (a non-2xx, invalid JSON, an amount above the request, too late), or when too many decisions are in flight.
       * @example decline
       * @enum {string}
       */
      defaultAction: "approve" | "decline";
    };
    /**
     * @example {
     *       "periodStart": "2026-10-01",
     *       "periodEnd": "2026-10-31",
     *       "expiresInDays": 90
     *     }
     */
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
    /**
     * @example {
     *       "kind": "funds",
     *       "expiresInDays": 30
     *     }
     */
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
    /**
     * @example {
     *       "id": "areq_8Kd2Lf5Gs9Hj3Pw6Qe1Rt4Ya",
     *       "event": "card.authorization.request",
     *       "schema_version": "1.1",
     *       "sent_at": "2026-10-03T12:14:27.000Z",
     *       "data": {
     *         "authorizationId": "auth_3kT9sLm2QpX7vB1nR5cY8dWz",
     *         "amount": 20,
     *         "currency": "USD",
     *         "merchant": {
     *           "name": "Corner Coffee",
     *           "category": "5814",
     *           "country": "US"
     *         },
     *         "card": {
     *           "id": "card_9QwE2rTy6UiO0pAs4DfG8hJk",
     *           "last4": "4242"
     *         },
     *         "wallet": {
     *           "id": "wal_4mX0aJ1n0S2bqz0f1Xk8Qe7T",
     *           "externalUserId": "user_42",
     *           "availableBalance": 250.5
     *         },
     *         "source": "sdk",
     *         "livemode": false
     *       }
     *     }
     */
    AuthorizationDecisionRequest: {
      /** @description areq_…, this request's id (also webhook-id). */
      id: string;
      /** @constant */
      event: "card.authorization.request";
      schema_version: string;
      /**
       * Format: date-time
       * @description ISO 8601 UTC timestamp.
       * @example 2026-11-21T10:00:00.000Z
       */
      sent_at: string;
      data: {
        /** @description The id the authorization will have, approved or declined. */
        authorizationId: string;
        /**
         * @description The amount asked for (major unit).
         * @example 25.5
         */
        amount: number;
        currency: string;
        merchant: {
          name: string;
          category: string | null;
          country: string | null;
        };
        card: {
          id: string;
          last4: string;
        };
        wallet: {
          id: string;
          externalUserId: string;
          /**
           * @description The wallet's available balance before this hold.
           * @example 25.5
           */
          availableBalance: number;
        };
        /** @enum {string} */
        source: "sdk" | "tap" | "network";
        /** @description false for records made with sk_test_ keys, true for sk_live_ keys. */
        livemode: boolean;
      };
    };
    /**
     * @example {
     *       "id": "evt_1aB2cD3eF4gH5iJ6kL7mN8oP",
     *       "event": "wallet.provisioned",
     *       "schema_version": "1.1",
     *       "sent_at": "2026-10-01T08:30:00.412Z",
     *       "sequence": 1,
     *       "data": {
     *         "id": "wal_4mX0aJ1n0S2bqz0f1Xk8Qe7T",
     *         "object": "wallet",
     *         "externalUserId": "user_42",
     *         "email": "ada@example.com",
     *         "name": "Ada Obi",
     *         "address": {
     *           "line1": "350 Fifth Avenue",
     *           "line2": "Suite 4200",
     *           "city": "New York",
     *           "region": "NY",
     *           "postalCode": "10118",
     *           "country": "US"
     *         },
     *         "currency": "USD",
     *         "accountNumber": "4829103748",
     *         "status": "active",
     *         "balance": {
     *           "available": 0,
     *           "posted": 0
     *         },
     *         "spendingControls": {
     *           "spendingLimits": []
     *         },
     *         "spending": [],
     *         "livemode": false,
     *         "createdAt": "2026-10-01T08:30:00.000Z"
     *       }
     *     }
     */
    WalletProvisionedEvent: {
      /**
       * @description The event's id; the same on every attempt and replay, so receivers can drop duplicates.
       * @example evt_1aB2cD3eF4gH5iJ6kL7mN8oP
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
       * Format: date-time
       * @description When this attempt was sent; fresh on every retry and replay.
       * @example 2026-11-21T10:00:00.000Z
       */
      sent_at: string;
      /**
       * @description This event's place among the events about its wallet (or, for an event about no wallet, among the application's events about no wallet in its mode): 1 for the first, then 2, 3… with no gaps, in commit order. A receiver that sees n+2 before n+1 knows one is late or missing.
       * @example 1
       */
      sequence: number;
      data: components["schemas"]["Wallet"];
    };
    /**
     * @example {
     *       "id": "wal_4mX0aJ1n0S2bqz0f1Xk8Qe7T",
     *       "object": "wallet",
     *       "externalUserId": "user_42",
     *       "email": "ada@example.com",
     *       "name": "Ada Obi",
     *       "address": {
     *         "line1": "350 Fifth Avenue",
     *         "line2": "Suite 4200",
     *         "city": "New York",
     *         "region": "NY",
     *         "postalCode": "10118",
     *         "country": "US"
     *       },
     *       "currency": "USD",
     *       "accountNumber": "4829103748",
     *       "status": "active",
     *       "balance": {
     *         "available": 486.2,
     *         "posted": 486.2
     *       },
     *       "spendingControls": {
     *         "spendingLimits": [
     *           {
     *             "amount": 2000,
     *             "interval": "monthly"
     *           }
     *         ]
     *       },
     *       "spending": [
     *         {
     *           "interval": "monthly",
     *           "limit": 2000,
     *           "spent": 18.4,
     *           "remaining": 1981.6,
     *           "resetsAt": "2026-11-01T00:00:00.000Z"
     *         }
     *       ],
     *       "livemode": false,
     *       "createdAt": "2026-10-01T08:30:00.000Z"
     *     }
     */
    Wallet: {
      /** @example wal_4mX0aJ1n0S2bqz0f1Xk8Qe7T */
      id: string;
      /** @constant */
      object: "wallet";
      /** @example user_42 */
      externalUserId: string;
      /** @example ada@example.com */
      email: string;
      /** @example Ada Obi */
      name: string | null;
      address: components["schemas"]["Address"] | null;
      /**
       * @description ISO 4217 currency code.
       * @example USD
       */
      currency: string;
      /**
       * @description 10 digits; the last is a Luhn check digit.
       * @example 4829103748
       */
      accountNumber: string;
      /** @enum {string} */
      status: "active" | "frozen" | "closed";
      balance: {
        /**
         * @description Posted balance minus open authorization holds.
         * @example 486.2
         */
        available: number;
        /**
         * @description Sum of the wallet's ledger entries.
         * @example 486.2
         */
        posted: number;
      };
      spendingControls: components["schemas"]["SpendingControls"];
      spending: components["schemas"]["SpendingUsage"];
      /** @description false for records made with sk_test_ keys, true for sk_live_ keys. */
      livemode: boolean;
      /**
       * Format: date-time
       * @description ISO 8601 UTC timestamp.
       * @example 2026-11-21T10:00:00.000Z
       */
      createdAt: string;
    };
    /**
     * @description Limits and merchant rules checked on every spend, after the card's status and before the wallet's funds; a wallet's apply to all its cards on top of each card's own. Allowed and blocked lists of one kind are exclusive. A spend at a merchant with no category (or no country) is declined when an allowed list of that kind is set. What counts against a limit: approved authorizations' amounts, less what is later released (reversed, expired, or the uncaptured rest of a partial capture), in the window the authorization was approved in; refunds do not count back. Absent lists are not set. For a card, the per_authorization limit without categories is its spendLimit.
     * @example {
     *       "spendingLimits": [
     *         {
     *           "amount": 250.5,
     *           "interval": "per_authorization"
     *         },
     *         {
     *           "amount": 500,
     *           "interval": "daily"
     *         }
     *       ],
     *       "blockedCategories": [
     *         "7995"
     *       ]
     *     }
     */
    SpendingControls: {
      spendingLimits: {
        /**
         * @description Amount in the major unit of the currency.
         * @example 25.5
         */
        amount: number;
        /** @enum {string} */
        interval: "per_authorization" | "daily" | "weekly" | "monthly" | "yearly" | "all_time";
        categories?: string[];
        /** @description Present and true on a wallet's limit that counts its outgoing transfers too. */
        transfers?: boolean;
      }[];
      allowedCategories?: string[];
      blockedCategories?: string[];
      allowedCountries?: string[];
      blockedCountries?: string[];
    };
    /**
     * @description Each window limit of this card's (or wallet's) own controls with what is counted against it now. per_authorization limits have no window and are not listed.
     * @example [
     *       {
     *         "interval": "daily",
     *         "limit": 500,
     *         "spent": 20,
     *         "remaining": 480,
     *         "resetsAt": "2026-10-04T00:00:00.000Z"
     *       }
     *     ]
     */
    SpendingUsage: {
      /** @enum {string} */
      interval: "daily" | "weekly" | "monthly" | "yearly" | "all_time";
      /** @description The limit's categories; absent when every spend counts. */
      categories?: string[];
      /** @description true when the wallet's outgoing transfers count against the limit too. */
      transfers?: boolean;
      /**
       * @description Amount in the major unit of the currency.
       * @example 500
       */
      limit: number;
      /**
       * @description Counted in the current window: approved amounts less what was later released.
       * @example 20
       */
      spent: number;
      /**
       * @description limit − spent, never below 0.
       * @example 480
       */
      remaining: number;
      /** @description When the next window starts; null for all_time. */
      resetsAt: string | null;
    }[];
    /**
     * @example {
     *       "id": "evt_4fG7hJ2kL9mN3pQ6rS8tV1wX",
     *       "event": "card.issued",
     *       "schema_version": "1.1",
     *       "sent_at": "2026-10-01T08:42:14.000Z",
     *       "sequence": 2,
     *       "data": {
     *         "id": "card_9QwE2rTy6UiO0pAs4DfG8hJk",
     *         "object": "card",
     *         "walletId": "wal_4mX0aJ1n0S2bqz0f1Xk8Qe7T",
     *         "externalUserId": "user_42",
     *         "kind": "virtual",
     *         "currency": "USD",
     *         "spendLimit": 250.5,
     *         "spendingControls": {
     *           "spendingLimits": [
     *             {
     *               "amount": 250.5,
     *               "interval": "per_authorization"
     *             },
     *             {
     *               "amount": 500,
     *               "interval": "daily"
     *             }
     *           ],
     *           "blockedCategories": [
     *             "7995"
     *           ]
     *         },
     *         "spending": [
     *           {
     *             "interval": "daily",
     *             "limit": 500,
     *             "spent": 0,
     *             "remaining": 500,
     *             "resetsAt": "2026-10-02T00:00:00.000Z"
     *           }
     *         ],
     *         "status": "active",
     *         "last4": "7361",
     *         "expMonth": 10,
     *         "expYear": 2029,
     *         "livemode": false,
     *         "processor": "simulator",
     *         "createdAt": "2026-10-01T08:41:03.000Z"
     *       }
     *     }
     */
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
       * Format: date-time
       * @description When this attempt was sent; fresh on every retry and replay.
       * @example 2026-11-21T10:00:00.000Z
       */
      sent_at: string;
      /**
       * @description This event's place among the events about its wallet (or, for an event about no wallet, among the application's events about no wallet in its mode): 1 for the first, then 2, 3… with no gaps, in commit order. A receiver that sees n+2 before n+1 knows one is late or missing.
       * @example 2
       */
      sequence: number;
      data: components["schemas"]["Card"];
    };
    /**
     * @example {
     *       "id": "card_9QwE2rTy6UiO0pAs4DfG8hJk",
     *       "object": "card",
     *       "walletId": "wal_4mX0aJ1n0S2bqz0f1Xk8Qe7T",
     *       "externalUserId": "user_42",
     *       "kind": "virtual",
     *       "currency": "USD",
     *       "spendLimit": 250.5,
     *       "spendingControls": {
     *         "spendingLimits": [
     *           {
     *             "amount": 250.5,
     *             "interval": "per_authorization"
     *           },
     *           {
     *             "amount": 500,
     *             "interval": "daily"
     *           }
     *         ],
     *         "blockedCategories": [
     *           "7995"
     *         ]
     *       },
     *       "spending": [
     *         {
     *           "interval": "daily",
     *           "limit": 500,
     *           "spent": 0,
     *           "remaining": 500,
     *           "resetsAt": "2026-10-02T00:00:00.000Z"
     *         }
     *       ],
     *       "status": "active",
     *       "last4": "7361",
     *       "expMonth": 10,
     *       "expYear": 2029,
     *       "livemode": false,
     *       "processor": "simulator",
     *       "createdAt": "2026-10-01T08:41:03.000Z"
     *     }
     */
    Card: {
      /** @example card_9QwE2rTy6UiO0pAs4DfG8hJk */
      id: string;
      /** @constant */
      object: "card";
      /** @example wal_4mX0aJ1n0S2bqz0f1Xk8Qe7T */
      walletId: string;
      /** @example user_42 */
      externalUserId: string;
      /** @constant */
      kind: "virtual";
      /**
       * @description ISO 4217 currency code.
       * @example USD
       */
      currency: string;
      /**
       * @description Per-authorization limit; null means none. The same limit as spendingControls' per_authorization limit without categories.
       * @example 250.5
       */
      spendLimit: number | null;
      spendingControls: components["schemas"]["SpendingControls"];
      spending: components["schemas"]["SpendingUsage"];
      /** @enum {string} */
      status: "active" | "frozen" | "canceled";
      /**
       * @description The last four digits of the card number.
       * @example 7361
       */
      last4: string;
      /** @example 10 */
      expMonth: number;
      /** @example 2029 */
      expYear: number;
      /** @description false for records made with sk_test_ keys, true for sk_live_ keys. */
      livemode: boolean;
      /**
       * @description Who manages the card at the card network. `lithic`: a card Lithic issued, usable at real merchants. `simulator`: the built-in network simulator (every test-mode card, and live cards while the service runs without a processor); such a card reaches no card network, and its spends come only from the API.
       * @example simulator
       * @enum {string}
       */
      processor: "simulator" | "lithic";
      /**
       * Format: date-time
       * @description ISO 8601 UTC timestamp.
       * @example 2026-11-21T10:00:00.000Z
       */
      createdAt: string;
    };
    /**
     * @example {
     *       "id": "evt_7pQ8rS9tU0vW1xY2zA3bC4dE",
     *       "event": "card.authorized",
     *       "schema_version": "1.1",
     *       "sent_at": "2026-10-03T12:14:27.538Z",
     *       "sequence": 3,
     *       "data": {
     *         "id": "auth_3kT9sLm2QpX7vB1nR5cY8dWz",
     *         "object": "authorization",
     *         "cardId": "card_9QwE2rTy6UiO0pAs4DfG8hJk",
     *         "walletId": "wal_4mX0aJ1n0S2bqz0f1Xk8Qe7T",
     *         "externalUserId": "user_42",
     *         "amount": 20,
     *         "currency": "USD",
     *         "status": "pending",
     *         "declineCode": null,
     *         "capturedAmount": 0,
     *         "refundedAmount": 0,
     *         "merchant": {
     *           "name": "Corner Coffee",
     *           "category": "5814",
     *           "country": "US"
     *         },
     *         "source": "sdk",
     *         "expiresAt": "2026-10-10T12:14:27.000Z",
     *         "requestedAmount": null,
     *         "decision": {
     *           "by": "default",
     *           "reason": "no_endpoint"
     *         },
     *         "metadata": {},
     *         "livemode": false,
     *         "createdAt": "2026-10-03T12:14:27.000Z",
     *         "updatedAt": "2026-10-03T12:14:27.000Z"
     *       }
     *     }
     */
    CardAuthorizedEvent: {
      /**
       * @description The event's id; the same on every attempt and replay, so receivers can drop duplicates.
       * @example evt_7pQ8rS9tU0vW1xY2zA3bC4dE
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
       * Format: date-time
       * @description When this attempt was sent; fresh on every retry and replay.
       * @example 2026-11-21T10:00:00.000Z
       */
      sent_at: string;
      /**
       * @description This event's place among the events about its wallet (or, for an event about no wallet, among the application's events about no wallet in its mode): 1 for the first, then 2, 3… with no gaps, in commit order. A receiver that sees n+2 before n+1 knows one is late or missing.
       * @example 3
       */
      sequence: number;
      data: components["schemas"]["Authorization"];
    };
    /**
     * @example {
     *       "id": "auth_3kT9sLm2QpX7vB1nR5cY8dWz",
     *       "object": "authorization",
     *       "cardId": "card_9QwE2rTy6UiO0pAs4DfG8hJk",
     *       "walletId": "wal_4mX0aJ1n0S2bqz0f1Xk8Qe7T",
     *       "externalUserId": "user_42",
     *       "amount": 20,
     *       "currency": "USD",
     *       "status": "closed",
     *       "declineCode": null,
     *       "capturedAmount": 18.4,
     *       "refundedAmount": 4.6,
     *       "merchant": {
     *         "name": "Corner Coffee",
     *         "category": "5814",
     *         "country": "US"
     *       },
     *       "source": "sdk",
     *       "expiresAt": "2026-10-10T12:14:27.000Z",
     *       "requestedAmount": null,
     *       "decision": {
     *         "by": "default",
     *         "reason": "no_endpoint"
     *       },
     *       "metadata": {},
     *       "livemode": false,
     *       "createdAt": "2026-10-03T12:14:27.000Z",
     *       "updatedAt": "2026-10-04T09:02:45.000Z"
     *     }
     */
    Authorization: {
      /** @example auth_3kT9sLm2QpX7vB1nR5cY8dWz */
      id: string;
      /** @constant */
      object: "authorization";
      /** @example card_9QwE2rTy6UiO0pAs4DfG8hJk */
      cardId: string;
      /** @example wal_4mX0aJ1n0S2bqz0f1Xk8Qe7T */
      walletId: string;
      /** @example user_42 */
      externalUserId: string;
      /**
       * @description Amount authorized (or attempted, when declined).
       * @example 20
       */
      amount: number;
      /**
       * @description ISO 4217 currency code.
       * @example USD
       */
      currency: string;
      /**
       * @description pending: the hold is open. closed: captured, fully or partly (the rest released). reversed: the application released the whole hold (POST /authorizations/{id}/reverse). expired: not captured by expiresAt, so the whole hold was released. declined: refused; see declineCode. A reversed or expired authorization cannot be captured (409 authorization_reversed / authorization_expired).
       * @enum {string}
       */
      status: "pending" | "closed" | "reversed" | "expired" | "declined";
      /** @description Why the card refused; null unless declined. */
      declineCode:
        | (
            | "insufficient_funds"
            | "spend_limit_exceeded"
            | "card_inactive"
            | "card_currency_mismatch"
            | "spending_limit_exceeded"
            | "category_blocked"
            | "country_blocked"
            | "card_expired"
            | "declined_by_application"
          )
        | null;
      /**
       * @description Amount in the major unit of the currency.
       * @example 18.4
       */
      capturedAmount: number;
      /**
       * @description Amount in the major unit of the currency.
       * @example 4.6
       */
      refundedAmount: number;
      merchant: {
        name: string;
        category: string | null;
        country: string | null;
      };
      /**
       * @description sdk: a spend the application reported (POST /cards/{id}/authorizations); tap: a simulated card tap (test mode); network: a card network message through the card's processor (the built-in simulator in test mode).
       * @enum {string}
       */
      source: "sdk" | "tap" | "network";
      /**
       * @description When the hold lapses if not captured: AUTHORIZATION_HOLD_DAYS (default 7) after approval; the hold is then released and the status becomes expired. null for a declined authorization.
       * @example 2026-10-10T12:14:27.000Z
       */
      expiresAt: string | null;
      /**
       * @description What the spend asked for, when the decision endpoint approved less (a partial approval: amount is the hold); null otherwise.
       * @example null
       */
      requestedAmount: number | null;
      decision: components["schemas"]["AuthorizationDecision"];
      /**
       * @description What the decision endpoint answered as metadata (at most 20 keys); empty otherwise.
       * @example {}
       */
      metadata: {
        [key: string]: string;
      };
      /** @description false for records made with sk_test_ keys, true for sk_live_ keys. */
      livemode: boolean;
      /**
       * Format: date-time
       * @description ISO 8601 UTC timestamp.
       * @example 2026-11-21T10:00:00.000Z
       */
      createdAt: string;
      /**
       * Format: date-time
       * @description ISO 8601 UTC timestamp.
       * @example 2026-11-21T10:00:00.000Z
       */
      updatedAt: string;
    };
    /**
     * @example {
     *       "by": "application",
     *       "reason": "approved",
     *       "latencyMs": 41,
     *       "statusCode": 200
     *     }
     */
    AuthorizationDecision: {
      /**
       * @description application: the decision endpoint answered. default: its defaultAction applied (it did not answer usably in time, or was overloaded), or no endpoint is set (reason no_endpoint). status, controls, funds: the service's own check declined before (or, after an approval, again after) the endpoint was asked. stand_in: the card network approved it while we did not answer (an advice; no check of ours ran, it may overdraw). network: the network posted it with no authorization of ours (reason force_post, refund or return_reversal) or answered a balance inquiry or account verification (reason balance_inquiry, account_verification).
       * @enum {string}
       */
      by: "application" | "default" | "controls" | "funds" | "status" | "stand_in" | "network";
      /**
       * @description approved, partially_approved or declined (by application); timeout, invalid_response, error, overloaded or no_endpoint (by default); the decline code (status, controls, funds).
       * @example approved
       */
      reason: string;
      /**
       * @description How long the decision endpoint took (when asked).
       * @example 41
       */
      latencyMs?: number;
      /**
       * @description The decision endpoint's HTTP status (when it answered).
       * @example 200
       */
      statusCode?: number;
    };
    /**
     * @example {
     *       "id": "evt_5hJ6kL7mN8pQ9rS0tU1vW2xY",
     *       "event": "card.captured",
     *       "schema_version": "1.1",
     *       "sent_at": "2026-10-03T12:20:05.291Z",
     *       "sequence": 4,
     *       "data": {
     *         "id": "auth_3kT9sLm2QpX7vB1nR5cY8dWz",
     *         "object": "authorization",
     *         "cardId": "card_9QwE2rTy6UiO0pAs4DfG8hJk",
     *         "walletId": "wal_4mX0aJ1n0S2bqz0f1Xk8Qe7T",
     *         "externalUserId": "user_42",
     *         "amount": 20,
     *         "currency": "USD",
     *         "status": "closed",
     *         "declineCode": null,
     *         "capturedAmount": 18.4,
     *         "refundedAmount": 0,
     *         "merchant": {
     *           "name": "Corner Coffee",
     *           "category": "5814",
     *           "country": "US"
     *         },
     *         "source": "sdk",
     *         "expiresAt": "2026-10-10T12:14:27.000Z",
     *         "requestedAmount": null,
     *         "decision": {
     *           "by": "default",
     *           "reason": "no_endpoint"
     *         },
     *         "metadata": {},
     *         "livemode": false,
     *         "createdAt": "2026-10-03T12:14:27.000Z",
     *         "updatedAt": "2026-10-03T12:20:05.000Z"
     *       }
     *     }
     */
    CardCapturedEvent: {
      /**
       * @description The event's id; the same on every attempt and replay, so receivers can drop duplicates.
       * @example evt_5hJ6kL7mN8pQ9rS0tU1vW2xY
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
       * Format: date-time
       * @description When this attempt was sent; fresh on every retry and replay.
       * @example 2026-11-21T10:00:00.000Z
       */
      sent_at: string;
      /**
       * @description This event's place among the events about its wallet (or, for an event about no wallet, among the application's events about no wallet in its mode): 1 for the first, then 2, 3… with no gaps, in commit order. A receiver that sees n+2 before n+1 knows one is late or missing.
       * @example 4
       */
      sequence: number;
      data: components["schemas"]["Authorization"];
    };
    /**
     * @example {
     *       "id": "evt_2zA3bC4dE5fG6hJ7kL8mN9pQ",
     *       "event": "card.refunded",
     *       "schema_version": "1.1",
     *       "sent_at": "2026-10-04T09:02:45.377Z",
     *       "sequence": 5,
     *       "data": {
     *         "id": "auth_3kT9sLm2QpX7vB1nR5cY8dWz",
     *         "object": "authorization",
     *         "cardId": "card_9QwE2rTy6UiO0pAs4DfG8hJk",
     *         "walletId": "wal_4mX0aJ1n0S2bqz0f1Xk8Qe7T",
     *         "externalUserId": "user_42",
     *         "amount": 20,
     *         "currency": "USD",
     *         "status": "closed",
     *         "declineCode": null,
     *         "capturedAmount": 18.4,
     *         "refundedAmount": 4.6,
     *         "merchant": {
     *           "name": "Corner Coffee",
     *           "category": "5814",
     *           "country": "US"
     *         },
     *         "source": "sdk",
     *         "expiresAt": "2026-10-10T12:14:27.000Z",
     *         "requestedAmount": null,
     *         "decision": {
     *           "by": "default",
     *           "reason": "no_endpoint"
     *         },
     *         "metadata": {},
     *         "livemode": false,
     *         "createdAt": "2026-10-03T12:14:27.000Z",
     *         "updatedAt": "2026-10-04T09:02:45.000Z"
     *       }
     *     }
     */
    CardRefundedEvent: {
      /**
       * @description The event's id; the same on every attempt and replay, so receivers can drop duplicates.
       * @example evt_2zA3bC4dE5fG6hJ7kL8mN9pQ
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
       * Format: date-time
       * @description When this attempt was sent; fresh on every retry and replay.
       * @example 2026-11-21T10:00:00.000Z
       */
      sent_at: string;
      /**
       * @description This event's place among the events about its wallet (or, for an event about no wallet, among the application's events about no wallet in its mode): 1 for the first, then 2, 3… with no gaps, in commit order. A receiver that sees n+2 before n+1 knows one is late or missing.
       * @example 5
       */
      sequence: number;
      data: components["schemas"]["Authorization"];
    };
    /**
     * @example {
     *       "id": "evt_6Kd1Lf4Gs8Hj2Pw5Qe9Rt3Ya",
     *       "event": "card.reversed",
     *       "schema_version": "1.1",
     *       "sent_at": "2026-10-06T18:45:10.344Z",
     *       "sequence": 7,
     *       "data": {
     *         "id": "auth_9Zx1Cv4Bn7Mq2Wl5Ek8Rj3Th",
     *         "object": "authorization",
     *         "cardId": "card_9QwE2rTy6UiO0pAs4DfG8hJk",
     *         "walletId": "wal_4mX0aJ1n0S2bqz0f1Xk8Qe7T",
     *         "externalUserId": "user_42",
     *         "amount": 150,
     *         "currency": "USD",
     *         "status": "reversed",
     *         "declineCode": null,
     *         "capturedAmount": 0,
     *         "refundedAmount": 0,
     *         "merchant": {
     *           "name": "Harbor Hotel",
     *           "category": "7011",
     *           "country": "US"
     *         },
     *         "source": "sdk",
     *         "expiresAt": "2026-10-13T15:20:00.000Z",
     *         "requestedAmount": null,
     *         "decision": {
     *           "by": "default",
     *           "reason": "no_endpoint"
     *         },
     *         "metadata": {},
     *         "livemode": false,
     *         "createdAt": "2026-10-06T15:20:00.000Z",
     *         "updatedAt": "2026-10-06T18:45:10.000Z"
     *       }
     *     }
     */
    CardReversedEvent: {
      /**
       * @description The event's id; the same on every attempt and replay, so receivers can drop duplicates.
       * @example evt_6Kd1Lf4Gs8Hj2Pw5Qe9Rt3Ya
       */
      id: string;
      /** @constant */
      event: "card.reversed";
      /**
       * @description Payload schema version; also in the x-service-schema-version header.
       * @constant
       */
      schema_version: "1.1";
      /**
       * Format: date-time
       * @description When this attempt was sent; fresh on every retry and replay.
       * @example 2026-11-21T10:00:00.000Z
       */
      sent_at: string;
      /**
       * @description This event's place among the events about its wallet (or, for an event about no wallet, among the application's events about no wallet in its mode): 1 for the first, then 2, 3… with no gaps, in commit order. A receiver that sees n+2 before n+1 knows one is late or missing.
       * @example 7
       */
      sequence: number;
      data: components["schemas"]["Authorization"];
    };
    /**
     * @example {
     *       "id": "evt_TopUp0Created0Example01",
     *       "event": "top_up.created",
     *       "schema_version": "1.1",
     *       "sent_at": "2026-11-21T09:30:00.512Z",
     *       "sequence": 1,
     *       "data": {
     *         "id": "tu_7Hk2Lm9Qp4Rs1Tv6Wx3Yz8Ab",
     *         "object": "top_up",
     *         "amount": 10000,
     *         "currency": "USD",
     *         "reference": null,
     *         "description": null,
     *         "balanceAfter": 10000,
     *         "livemode": false,
     *         "createdAt": "2026-11-21T09:30:00.000Z"
     *       }
     *     }
     */
    TopUpCreatedEvent: {
      /**
       * @description The event's id; the same on every attempt and replay, so receivers can drop duplicates.
       * @example evt_TopUp0Created0Example01
       */
      id: string;
      /** @constant */
      event: "top_up.created";
      /**
       * @description Payload schema version; also in the x-service-schema-version header.
       * @constant
       */
      schema_version: "1.1";
      /**
       * Format: date-time
       * @description When this attempt was sent; fresh on every retry and replay.
       * @example 2026-11-21T10:00:00.000Z
       */
      sent_at: string;
      /**
       * @description This event's place among the events about its wallet (or, for an event about no wallet, among the application's events about no wallet in its mode): 1 for the first, then 2, 3… with no gaps, in commit order. A receiver that sees n+2 before n+1 knows one is late or missing.
       * @example 1
       */
      sequence: number;
      data: components["schemas"]["TopUp"];
    };
    /**
     * @example {
     *       "id": "tu_7Hk2Lm9Qp4Rs1Tv6Wx3Yz8Ab",
     *       "object": "top_up",
     *       "amount": 10000,
     *       "currency": "USD",
     *       "reference": null,
     *       "description": null,
     *       "balanceAfter": 10000,
     *       "livemode": false,
     *       "createdAt": "2026-11-21T09:30:00.000Z"
     *     }
     */
    TopUp: {
      /** @example tu_7Hk2Lm9Qp4Rs1Tv6Wx3Yz8Ab */
      id: string;
      /** @constant */
      object: "top_up";
      /**
       * @description Amount in the major unit of the currency.
       * @example 25.5
       */
      amount: number;
      /**
       * @description ISO 4217 currency code.
       * @example USD
       */
      currency: string;
      /** @description The bank's reference of a live deposit; null in test mode. */
      reference: string | null;
      description: string | null;
      /**
       * @description The balance's posted amount in this currency right after.
       * @example 25.5
       */
      balanceAfter: number;
      /** @description false for records made with sk_test_ keys, true for sk_live_ keys. */
      livemode: boolean;
      /**
       * Format: date-time
       * @description ISO 8601 UTC timestamp.
       * @example 2026-11-21T10:00:00.000Z
       */
      createdAt: string;
    };
    /**
     * @example {
     *       "id": "evt_Transfer0Created0Exampl",
     *       "event": "transfer.created",
     *       "schema_version": "1.1",
     *       "sent_at": "2026-11-21T09:31:00.204Z",
     *       "sequence": 12,
     *       "data": {
     *         "id": "tr_2Bc5De8Fg1Hj4Kl7Mn0Pq3Rs",
     *         "object": "transfer",
     *         "from": {
     *           "type": "balance",
     *           "walletId": null,
     *           "externalUserId": null
     *         },
     *         "to": {
     *           "type": "wallet",
     *           "walletId": "wal_4mX0aJ1n0S2bqz0f1Xk8Qe7T",
     *           "externalUserId": "user_42"
     *         },
     *         "amount": 250,
     *         "currency": "USD",
     *         "description": null,
     *         "metadata": {},
     *         "livemode": false,
     *         "createdAt": "2026-11-21T09:30:00.000Z",
     *         "walletId": "wal_4mX0aJ1n0S2bqz0f1Xk8Qe7T"
     *       }
     *     }
     */
    TransferCreatedEvent: {
      /**
       * @description The event's id; the same on every attempt and replay, so receivers can drop duplicates.
       * @example evt_Transfer0Created0Exampl
       */
      id: string;
      /** @constant */
      event: "transfer.created";
      /**
       * @description Payload schema version; also in the x-service-schema-version header.
       * @constant
       */
      schema_version: "1.1";
      /**
       * Format: date-time
       * @description When this attempt was sent; fresh on every retry and replay.
       * @example 2026-11-21T10:00:00.000Z
       */
      sent_at: string;
      /**
       * @description This event's place among the events about its wallet (or, for an event about no wallet, among the application's events about no wallet in its mode): 1 for the first, then 2, 3… with no gaps, in commit order. A receiver that sees n+2 before n+1 knows one is late or missing.
       * @example 12
       */
      sequence: number;
      data: components["schemas"]["TransferEventData"];
    };
    /**
     * @example {
     *       "id": "tr_2Bc5De8Fg1Hj4Kl7Mn0Pq3Rs",
     *       "object": "transfer",
     *       "from": {
     *         "type": "balance",
     *         "walletId": null,
     *         "externalUserId": null
     *       },
     *       "to": {
     *         "type": "wallet",
     *         "walletId": "wal_4mX0aJ1n0S2bqz0f1Xk8Qe7T",
     *         "externalUserId": "user_42"
     *       },
     *       "amount": 250,
     *       "currency": "USD",
     *       "description": null,
     *       "metadata": {},
     *       "livemode": false,
     *       "createdAt": "2026-11-21T09:30:00.000Z",
     *       "walletId": "wal_4mX0aJ1n0S2bqz0f1Xk8Qe7T"
     *     }
     */
    TransferEventData: {
      /** @example tr_2Bc5De8Fg1Hj4Kl7Mn0Pq3Rs */
      id: string;
      /** @constant */
      object: "transfer";
      from: {
        /** @enum {string} */
        type: "balance" | "wallet";
        /** @description The wallet's id; null for the balance. */
        walletId: string | null;
        /** @description The wallet's external user id; null for the balance. */
        externalUserId: string | null;
      };
      to: {
        /** @enum {string} */
        type: "balance" | "wallet";
        /** @description The wallet's id; null for the balance. */
        walletId: string | null;
        /** @description The wallet's external user id; null for the balance. */
        externalUserId: string | null;
      };
      /**
       * @description Amount in the major unit of the currency.
       * @example 25.5
       */
      amount: number;
      /**
       * @description ISO 4217 currency code.
       * @example USD
       */
      currency: string;
      description: string | null;
      metadata: {
        [key: string]: string;
      };
      /** @description false for records made with sk_test_ keys, true for sk_live_ keys. */
      livemode: boolean;
      /**
       * Format: date-time
       * @description ISO 8601 UTC timestamp.
       * @example 2026-11-21T10:00:00.000Z
       */
      createdAt: string;
      /** @description The wallet whose sequence this event takes: a transfer between two wallets is one event in each wallet's sequence. */
      walletId: string;
    };
    /**
     * @example {
     *       "id": "evt_7pQ8rS9tU0vW1xY2zA3bC4dE",
     *       "event": "card.incremented",
     *       "schema_version": "1.1",
     *       "sent_at": "2026-10-03T12:15:27.538Z",
     *       "sequence": 8,
     *       "data": {
     *         "id": "auth_3kT9sLm2QpX7vB1nR5cY8dWz",
     *         "object": "authorization",
     *         "cardId": "card_9QwE2rTy6UiO0pAs4DfG8hJk",
     *         "walletId": "wal_4mX0aJ1n0S2bqz0f1Xk8Qe7T",
     *         "externalUserId": "user_42",
     *         "amount": 20,
     *         "currency": "USD",
     *         "status": "pending",
     *         "declineCode": null,
     *         "capturedAmount": 0,
     *         "refundedAmount": 0,
     *         "merchant": {
     *           "name": "Corner Coffee",
     *           "category": "5814",
     *           "country": "US"
     *         },
     *         "source": "sdk",
     *         "expiresAt": "2026-10-10T12:14:27.000Z",
     *         "requestedAmount": null,
     *         "decision": {
     *           "by": "default",
     *           "reason": "no_endpoint"
     *         },
     *         "metadata": {},
     *         "livemode": false,
     *         "createdAt": "2026-10-03T12:14:27.000Z",
     *         "updatedAt": "2026-10-03T12:14:27.000Z"
     *       }
     *     }
     */
    CardIncrementedEvent: {
      /**
       * @description The event's id; the same on every attempt and replay, so receivers can drop duplicates.
       * @example evt_7pQ8rS9tU0vW1xY2zA3bC4dE
       */
      id: string;
      /** @constant */
      event: "card.incremented";
      /**
       * @description Payload schema version; also in the x-service-schema-version header.
       * @constant
       */
      schema_version: "1.1";
      /**
       * Format: date-time
       * @description When this attempt was sent; fresh on every retry and replay.
       * @example 2026-11-21T10:00:00.000Z
       */
      sent_at: string;
      /**
       * @description This event's place among the events about its wallet (or, for an event about no wallet, among the application's events about no wallet in its mode): 1 for the first, then 2, 3… with no gaps, in commit order. A receiver that sees n+2 before n+1 knows one is late or missing.
       * @example 8
       */
      sequence: number;
      data: components["schemas"]["Authorization"];
    };
    /**
     * @example {
     *       "id": "evt_7pQ8rS9tU0vW1xY2zA3bC4dE",
     *       "event": "card.advised",
     *       "schema_version": "1.1",
     *       "sent_at": "2026-10-03T12:16:27.538Z",
     *       "sequence": 9,
     *       "data": {
     *         "id": "auth_3kT9sLm2QpX7vB1nR5cY8dWz",
     *         "object": "authorization",
     *         "cardId": "card_9QwE2rTy6UiO0pAs4DfG8hJk",
     *         "walletId": "wal_4mX0aJ1n0S2bqz0f1Xk8Qe7T",
     *         "externalUserId": "user_42",
     *         "amount": 20,
     *         "currency": "USD",
     *         "status": "pending",
     *         "declineCode": null,
     *         "capturedAmount": 0,
     *         "refundedAmount": 0,
     *         "merchant": {
     *           "name": "Corner Coffee",
     *           "category": "5814",
     *           "country": "US"
     *         },
     *         "source": "sdk",
     *         "expiresAt": "2026-10-10T12:14:27.000Z",
     *         "requestedAmount": null,
     *         "decision": {
     *           "by": "default",
     *           "reason": "no_endpoint"
     *         },
     *         "metadata": {},
     *         "livemode": false,
     *         "createdAt": "2026-10-03T12:14:27.000Z",
     *         "updatedAt": "2026-10-03T12:14:27.000Z"
     *       }
     *     }
     */
    CardAdvisedEvent: {
      /**
       * @description The event's id; the same on every attempt and replay, so receivers can drop duplicates.
       * @example evt_7pQ8rS9tU0vW1xY2zA3bC4dE
       */
      id: string;
      /** @constant */
      event: "card.advised";
      /**
       * @description Payload schema version; also in the x-service-schema-version header.
       * @constant
       */
      schema_version: "1.1";
      /**
       * Format: date-time
       * @description When this attempt was sent; fresh on every retry and replay.
       * @example 2026-11-21T10:00:00.000Z
       */
      sent_at: string;
      /**
       * @description This event's place among the events about its wallet (or, for an event about no wallet, among the application's events about no wallet in its mode): 1 for the first, then 2, 3… with no gaps, in commit order. A receiver that sees n+2 before n+1 knows one is late or missing.
       * @example 9
       */
      sequence: number;
      data: components["schemas"]["Authorization"];
    };
    /**
     * @example {
     *       "id": "evt_5hJ6kL7mN8pQ9rS0tU1vW2xY",
     *       "event": "card.force_posted",
     *       "schema_version": "1.1",
     *       "sent_at": "2026-10-03T12:21:05.291Z",
     *       "sequence": 10,
     *       "data": {
     *         "id": "auth_3kT9sLm2QpX7vB1nR5cY8dWz",
     *         "object": "authorization",
     *         "cardId": "card_9QwE2rTy6UiO0pAs4DfG8hJk",
     *         "walletId": "wal_4mX0aJ1n0S2bqz0f1Xk8Qe7T",
     *         "externalUserId": "user_42",
     *         "amount": 20,
     *         "currency": "USD",
     *         "status": "closed",
     *         "declineCode": null,
     *         "capturedAmount": 18.4,
     *         "refundedAmount": 0,
     *         "merchant": {
     *           "name": "Corner Coffee",
     *           "category": "5814",
     *           "country": "US"
     *         },
     *         "source": "sdk",
     *         "expiresAt": "2026-10-10T12:14:27.000Z",
     *         "requestedAmount": null,
     *         "decision": {
     *           "by": "default",
     *           "reason": "no_endpoint"
     *         },
     *         "metadata": {},
     *         "livemode": false,
     *         "createdAt": "2026-10-03T12:14:27.000Z",
     *         "updatedAt": "2026-10-03T12:20:05.000Z"
     *       }
     *     }
     */
    CardForcePostedEvent: {
      /**
       * @description The event's id; the same on every attempt and replay, so receivers can drop duplicates.
       * @example evt_5hJ6kL7mN8pQ9rS0tU1vW2xY
       */
      id: string;
      /** @constant */
      event: "card.force_posted";
      /**
       * @description Payload schema version; also in the x-service-schema-version header.
       * @constant
       */
      schema_version: "1.1";
      /**
       * Format: date-time
       * @description When this attempt was sent; fresh on every retry and replay.
       * @example 2026-11-21T10:00:00.000Z
       */
      sent_at: string;
      /**
       * @description This event's place among the events about its wallet (or, for an event about no wallet, among the application's events about no wallet in its mode): 1 for the first, then 2, 3… with no gaps, in commit order. A receiver that sees n+2 before n+1 knows one is late or missing.
       * @example 10
       */
      sequence: number;
      data: components["schemas"]["Authorization"];
    };
    /**
     * @example {
     *       "id": "evt_2zA3bC4dE5fG6hJ7kL8mN9pQ",
     *       "event": "card.return_reversed",
     *       "schema_version": "1.1",
     *       "sent_at": "2026-10-04T09:03:45.377Z",
     *       "sequence": 11,
     *       "data": {
     *         "id": "auth_3kT9sLm2QpX7vB1nR5cY8dWz",
     *         "object": "authorization",
     *         "cardId": "card_9QwE2rTy6UiO0pAs4DfG8hJk",
     *         "walletId": "wal_4mX0aJ1n0S2bqz0f1Xk8Qe7T",
     *         "externalUserId": "user_42",
     *         "amount": 20,
     *         "currency": "USD",
     *         "status": "closed",
     *         "declineCode": null,
     *         "capturedAmount": 18.4,
     *         "refundedAmount": 4.6,
     *         "merchant": {
     *           "name": "Corner Coffee",
     *           "category": "5814",
     *           "country": "US"
     *         },
     *         "source": "sdk",
     *         "expiresAt": "2026-10-10T12:14:27.000Z",
     *         "requestedAmount": null,
     *         "decision": {
     *           "by": "default",
     *           "reason": "no_endpoint"
     *         },
     *         "metadata": {},
     *         "livemode": false,
     *         "createdAt": "2026-10-03T12:14:27.000Z",
     *         "updatedAt": "2026-10-04T09:02:45.000Z"
     *       }
     *     }
     */
    CardReturnReversedEvent: {
      /**
       * @description The event's id; the same on every attempt and replay, so receivers can drop duplicates.
       * @example evt_2zA3bC4dE5fG6hJ7kL8mN9pQ
       */
      id: string;
      /** @constant */
      event: "card.return_reversed";
      /**
       * @description Payload schema version; also in the x-service-schema-version header.
       * @constant
       */
      schema_version: "1.1";
      /**
       * Format: date-time
       * @description When this attempt was sent; fresh on every retry and replay.
       * @example 2026-11-21T10:00:00.000Z
       */
      sent_at: string;
      /**
       * @description This event's place among the events about its wallet (or, for an event about no wallet, among the application's events about no wallet in its mode): 1 for the first, then 2, 3… with no gaps, in commit order. A receiver that sees n+2 before n+1 knows one is late or missing.
       * @example 11
       */
      sequence: number;
      data: components["schemas"]["Authorization"];
    };
    /**
     * @example {
     *       "id": "evt_Payout0Example000000000",
     *       "event": "payout.created",
     *       "schema_version": "1.1",
     *       "sent_at": "2026-11-21T10:00:00.000Z",
     *       "sequence": 13,
     *       "data": {
     *         "id": "po_8Yz1Ab4Cd7Ef0Gh3Ij6Kl9Mn",
     *         "object": "payout",
     *         "from": {
     *           "type": "wallet",
     *           "walletId": "wal_4mX0aJ1n0S2bqz0f1Xk8Qe7T",
     *           "externalUserId": "user_42"
     *         },
     *         "bankAccountId": "ba_4Gh7Jk0Lm3Np6Qr9St2Uv5Wx",
     *         "amount": 120,
     *         "currency": "USD",
     *         "description": null,
     *         "status": "pending",
     *         "failureReason": null,
     *         "rail": "simulator",
     *         "livemode": false,
     *         "createdAt": "2026-11-21T09:30:00.000Z",
     *         "updatedAt": "2026-11-21T09:30:00.000Z"
     *       }
     *     }
     */
    PayoutCreatedEvent: {
      /**
       * @description The event's id; the same on every attempt and replay, so receivers can drop duplicates.
       * @example evt_Payout0Example000000000
       */
      id: string;
      /** @constant */
      event: "payout.created";
      /**
       * @description Payload schema version; also in the x-service-schema-version header.
       * @constant
       */
      schema_version: "1.1";
      /**
       * Format: date-time
       * @description When this attempt was sent; fresh on every retry and replay.
       * @example 2026-11-21T10:00:00.000Z
       */
      sent_at: string;
      /**
       * @description This event's place among the events about its wallet (or, for an event about no wallet, among the application's events about no wallet in its mode): 1 for the first, then 2, 3… with no gaps, in commit order. A receiver that sees n+2 before n+1 knows one is late or missing.
       * @example 13
       */
      sequence: number;
      data: components["schemas"]["Payout"];
    };
    /**
     * @example {
     *       "id": "po_8Yz1Ab4Cd7Ef0Gh3Ij6Kl9Mn",
     *       "object": "payout",
     *       "from": {
     *         "type": "wallet",
     *         "walletId": "wal_4mX0aJ1n0S2bqz0f1Xk8Qe7T",
     *         "externalUserId": "user_42"
     *       },
     *       "bankAccountId": "ba_4Gh7Jk0Lm3Np6Qr9St2Uv5Wx",
     *       "amount": 120,
     *       "currency": "USD",
     *       "description": null,
     *       "status": "pending",
     *       "failureReason": null,
     *       "rail": "simulator",
     *       "livemode": false,
     *       "createdAt": "2026-11-21T09:30:00.000Z",
     *       "updatedAt": "2026-11-21T09:30:00.000Z"
     *     }
     */
    Payout: {
      /** @example po_8Yz1Ab4Cd7Ef0Gh3Ij6Kl9Mn */
      id: string;
      /** @constant */
      object: "payout";
      from: {
        /** @enum {string} */
        type: "balance" | "wallet";
        /** @description The wallet's id; null for the balance. */
        walletId: string | null;
        /** @description The wallet's external user id; null for the balance. */
        externalUserId: string | null;
      };
      bankAccountId: string;
      /**
       * @description Amount in the major unit of the currency.
       * @example 25.5
       */
      amount: number;
      /**
       * @description ISO 4217 currency code.
       * @example USD
       */
      currency: string;
      description: string | null;
      /**
       * @description pending (held: available dropped), in_transit (sent by the rail), paid (posted out), failed (the hold released), returned (paid, then credited back), canceled (released before it left).
       * @enum {string}
       */
      status: "pending" | "in_transit" | "paid" | "failed" | "returned" | "canceled";
      failureReason: string | null;
      /** @description The payout rail that carries it: simulator (test mode) or a live connector. */
      rail: string;
      /** @description false for records made with sk_test_ keys, true for sk_live_ keys. */
      livemode: boolean;
      /**
       * Format: date-time
       * @description ISO 8601 UTC timestamp.
       * @example 2026-11-21T10:00:00.000Z
       */
      createdAt: string;
      /**
       * Format: date-time
       * @description ISO 8601 UTC timestamp.
       * @example 2026-11-21T10:00:00.000Z
       */
      updatedAt: string;
    };
    /**
     * @example {
     *       "id": "evt_Payout0Example000000001",
     *       "event": "payout.in_transit",
     *       "schema_version": "1.1",
     *       "sent_at": "2026-11-21T10:00:00.000Z",
     *       "sequence": 14,
     *       "data": {
     *         "id": "po_8Yz1Ab4Cd7Ef0Gh3Ij6Kl9Mn",
     *         "object": "payout",
     *         "from": {
     *           "type": "wallet",
     *           "walletId": "wal_4mX0aJ1n0S2bqz0f1Xk8Qe7T",
     *           "externalUserId": "user_42"
     *         },
     *         "bankAccountId": "ba_4Gh7Jk0Lm3Np6Qr9St2Uv5Wx",
     *         "amount": 120,
     *         "currency": "USD",
     *         "description": null,
     *         "status": "in_transit",
     *         "failureReason": null,
     *         "rail": "simulator",
     *         "livemode": false,
     *         "createdAt": "2026-11-21T09:30:00.000Z",
     *         "updatedAt": "2026-11-21T09:30:00.000Z"
     *       }
     *     }
     */
    PayoutInTransitEvent: {
      /**
       * @description The event's id; the same on every attempt and replay, so receivers can drop duplicates.
       * @example evt_Payout0Example000000001
       */
      id: string;
      /** @constant */
      event: "payout.in_transit";
      /**
       * @description Payload schema version; also in the x-service-schema-version header.
       * @constant
       */
      schema_version: "1.1";
      /**
       * Format: date-time
       * @description When this attempt was sent; fresh on every retry and replay.
       * @example 2026-11-21T10:00:00.000Z
       */
      sent_at: string;
      /**
       * @description This event's place among the events about its wallet (or, for an event about no wallet, among the application's events about no wallet in its mode): 1 for the first, then 2, 3… with no gaps, in commit order. A receiver that sees n+2 before n+1 knows one is late or missing.
       * @example 14
       */
      sequence: number;
      data: components["schemas"]["Payout"];
    };
    /**
     * @example {
     *       "id": "evt_Payout0Example000000002",
     *       "event": "payout.paid",
     *       "schema_version": "1.1",
     *       "sent_at": "2026-11-21T10:00:00.000Z",
     *       "sequence": 15,
     *       "data": {
     *         "id": "po_8Yz1Ab4Cd7Ef0Gh3Ij6Kl9Mn",
     *         "object": "payout",
     *         "from": {
     *           "type": "wallet",
     *           "walletId": "wal_4mX0aJ1n0S2bqz0f1Xk8Qe7T",
     *           "externalUserId": "user_42"
     *         },
     *         "bankAccountId": "ba_4Gh7Jk0Lm3Np6Qr9St2Uv5Wx",
     *         "amount": 120,
     *         "currency": "USD",
     *         "description": null,
     *         "status": "paid",
     *         "failureReason": null,
     *         "rail": "simulator",
     *         "livemode": false,
     *         "createdAt": "2026-11-21T09:30:00.000Z",
     *         "updatedAt": "2026-11-21T09:30:00.000Z"
     *       }
     *     }
     */
    PayoutPaidEvent: {
      /**
       * @description The event's id; the same on every attempt and replay, so receivers can drop duplicates.
       * @example evt_Payout0Example000000002
       */
      id: string;
      /** @constant */
      event: "payout.paid";
      /**
       * @description Payload schema version; also in the x-service-schema-version header.
       * @constant
       */
      schema_version: "1.1";
      /**
       * Format: date-time
       * @description When this attempt was sent; fresh on every retry and replay.
       * @example 2026-11-21T10:00:00.000Z
       */
      sent_at: string;
      /**
       * @description This event's place among the events about its wallet (or, for an event about no wallet, among the application's events about no wallet in its mode): 1 for the first, then 2, 3… with no gaps, in commit order. A receiver that sees n+2 before n+1 knows one is late or missing.
       * @example 15
       */
      sequence: number;
      data: components["schemas"]["Payout"];
    };
    /**
     * @example {
     *       "id": "evt_Payout0Example000000003",
     *       "event": "payout.failed",
     *       "schema_version": "1.1",
     *       "sent_at": "2026-11-21T10:00:00.000Z",
     *       "sequence": 16,
     *       "data": {
     *         "id": "po_8Yz1Ab4Cd7Ef0Gh3Ij6Kl9Mn",
     *         "object": "payout",
     *         "from": {
     *           "type": "wallet",
     *           "walletId": "wal_4mX0aJ1n0S2bqz0f1Xk8Qe7T",
     *           "externalUserId": "user_42"
     *         },
     *         "bankAccountId": "ba_4Gh7Jk0Lm3Np6Qr9St2Uv5Wx",
     *         "amount": 120,
     *         "currency": "USD",
     *         "description": null,
     *         "status": "failed",
     *         "failureReason": null,
     *         "rail": "simulator",
     *         "livemode": false,
     *         "createdAt": "2026-11-21T09:30:00.000Z",
     *         "updatedAt": "2026-11-21T09:30:00.000Z"
     *       }
     *     }
     */
    PayoutFailedEvent: {
      /**
       * @description The event's id; the same on every attempt and replay, so receivers can drop duplicates.
       * @example evt_Payout0Example000000003
       */
      id: string;
      /** @constant */
      event: "payout.failed";
      /**
       * @description Payload schema version; also in the x-service-schema-version header.
       * @constant
       */
      schema_version: "1.1";
      /**
       * Format: date-time
       * @description When this attempt was sent; fresh on every retry and replay.
       * @example 2026-11-21T10:00:00.000Z
       */
      sent_at: string;
      /**
       * @description This event's place among the events about its wallet (or, for an event about no wallet, among the application's events about no wallet in its mode): 1 for the first, then 2, 3… with no gaps, in commit order. A receiver that sees n+2 before n+1 knows one is late or missing.
       * @example 16
       */
      sequence: number;
      data: components["schemas"]["Payout"];
    };
    /**
     * @example {
     *       "id": "evt_Payout0Example000000004",
     *       "event": "payout.returned",
     *       "schema_version": "1.1",
     *       "sent_at": "2026-11-21T10:00:00.000Z",
     *       "sequence": 17,
     *       "data": {
     *         "id": "po_8Yz1Ab4Cd7Ef0Gh3Ij6Kl9Mn",
     *         "object": "payout",
     *         "from": {
     *           "type": "wallet",
     *           "walletId": "wal_4mX0aJ1n0S2bqz0f1Xk8Qe7T",
     *           "externalUserId": "user_42"
     *         },
     *         "bankAccountId": "ba_4Gh7Jk0Lm3Np6Qr9St2Uv5Wx",
     *         "amount": 120,
     *         "currency": "USD",
     *         "description": null,
     *         "status": "returned",
     *         "failureReason": null,
     *         "rail": "simulator",
     *         "livemode": false,
     *         "createdAt": "2026-11-21T09:30:00.000Z",
     *         "updatedAt": "2026-11-21T09:30:00.000Z"
     *       }
     *     }
     */
    PayoutReturnedEvent: {
      /**
       * @description The event's id; the same on every attempt and replay, so receivers can drop duplicates.
       * @example evt_Payout0Example000000004
       */
      id: string;
      /** @constant */
      event: "payout.returned";
      /**
       * @description Payload schema version; also in the x-service-schema-version header.
       * @constant
       */
      schema_version: "1.1";
      /**
       * Format: date-time
       * @description When this attempt was sent; fresh on every retry and replay.
       * @example 2026-11-21T10:00:00.000Z
       */
      sent_at: string;
      /**
       * @description This event's place among the events about its wallet (or, for an event about no wallet, among the application's events about no wallet in its mode): 1 for the first, then 2, 3… with no gaps, in commit order. A receiver that sees n+2 before n+1 knows one is late or missing.
       * @example 17
       */
      sequence: number;
      data: components["schemas"]["Payout"];
    };
    /**
     * @example {
     *       "id": "evt_Payout0Example000000005",
     *       "event": "payout.canceled",
     *       "schema_version": "1.1",
     *       "sent_at": "2026-11-21T10:00:00.000Z",
     *       "sequence": 18,
     *       "data": {
     *         "id": "po_8Yz1Ab4Cd7Ef0Gh3Ij6Kl9Mn",
     *         "object": "payout",
     *         "from": {
     *           "type": "wallet",
     *           "walletId": "wal_4mX0aJ1n0S2bqz0f1Xk8Qe7T",
     *           "externalUserId": "user_42"
     *         },
     *         "bankAccountId": "ba_4Gh7Jk0Lm3Np6Qr9St2Uv5Wx",
     *         "amount": 120,
     *         "currency": "USD",
     *         "description": null,
     *         "status": "canceled",
     *         "failureReason": null,
     *         "rail": "simulator",
     *         "livemode": false,
     *         "createdAt": "2026-11-21T09:30:00.000Z",
     *         "updatedAt": "2026-11-21T09:30:00.000Z"
     *       }
     *     }
     */
    PayoutCanceledEvent: {
      /**
       * @description The event's id; the same on every attempt and replay, so receivers can drop duplicates.
       * @example evt_Payout0Example000000005
       */
      id: string;
      /** @constant */
      event: "payout.canceled";
      /**
       * @description Payload schema version; also in the x-service-schema-version header.
       * @constant
       */
      schema_version: "1.1";
      /**
       * Format: date-time
       * @description When this attempt was sent; fresh on every retry and replay.
       * @example 2026-11-21T10:00:00.000Z
       */
      sent_at: string;
      /**
       * @description This event's place among the events about its wallet (or, for an event about no wallet, among the application's events about no wallet in its mode): 1 for the first, then 2, 3… with no gaps, in commit order. A receiver that sees n+2 before n+1 knows one is late or missing.
       * @example 18
       */
      sequence: number;
      data: components["schemas"]["Payout"];
    };
    /**
     * @example {
     *       "id": "wal_4mX0aJ1n0S2bqz0f1Xk8Qe7T",
     *       "object": "wallet",
     *       "externalUserId": "user_42",
     *       "email": "ada@example.com",
     *       "name": "Ada Obi",
     *       "address": {
     *         "line1": "350 Fifth Avenue",
     *         "line2": "Suite 4200",
     *         "city": "New York",
     *         "region": "NY",
     *         "postalCode": "10118",
     *         "country": "US"
     *       },
     *       "currency": "USD",
     *       "accountNumber": "4829103748",
     *       "status": "active",
     *       "balance": {
     *         "available": 0,
     *         "posted": 0
     *       },
     *       "spendingControls": {
     *         "spendingLimits": []
     *       },
     *       "spending": [],
     *       "livemode": false,
     *       "createdAt": "2026-10-01T08:30:00.000Z",
     *       "idempotent_replay": false
     *     }
     */
    WalletWriteResponse: {
      /** @example wal_4mX0aJ1n0S2bqz0f1Xk8Qe7T */
      id: string;
      /** @constant */
      object: "wallet";
      /** @example user_42 */
      externalUserId: string;
      /** @example ada@example.com */
      email: string;
      /** @example Ada Obi */
      name: string | null;
      address: components["schemas"]["Address"] | null;
      /**
       * @description ISO 4217 currency code.
       * @example USD
       */
      currency: string;
      /**
       * @description 10 digits; the last is a Luhn check digit.
       * @example 4829103748
       */
      accountNumber: string;
      /** @enum {string} */
      status: "active" | "frozen" | "closed";
      balance: {
        /**
         * @description Posted balance minus open authorization holds.
         * @example 486.2
         */
        available: number;
        /**
         * @description Sum of the wallet's ledger entries.
         * @example 486.2
         */
        posted: number;
      };
      spendingControls: components["schemas"]["SpendingControlsOutput"];
      spending: components["schemas"]["SpendingUsageOutput"];
      /** @description false for records made with sk_test_ keys, true for sk_live_ keys. */
      livemode: boolean;
      /**
       * Format: date-time
       * @description ISO 8601 UTC timestamp.
       * @example 2026-11-21T10:00:00.000Z
       */
      createdAt: string;
      /** @description true when this response is the stored answer to an earlier request with the same Idempotency-Key. */
      idempotent_replay: boolean;
    };
    /**
     * @description The error envelope of every non-2xx API response.
     * @example {
     *       "error": {
     *         "type": "invalid_request_error",
     *         "code": "validation_failed",
     *         "message": "email: Invalid email address",
     *         "param": "email",
     *         "details": [
     *           {
     *             "path": "email",
     *             "message": "Invalid email address",
     *             "code": "invalid_format"
     *           }
     *         ],
     *         "request_id": "req_7Hn2Kq9Lm4Pz1Xc6Vb8Nm3Qw"
     *       }
     *     }
     */
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
        /**
         * @description Same as the x-request-id header.
         * @example req_7Hn2Kq9Lm4Pz1Xc6Vb8Nm3Qw
         */
        request_id: string;
      };
    };
    /**
     * @example {
     *       "id": "card_9QwE2rTy6UiO0pAs4DfG8hJk",
     *       "object": "card",
     *       "walletId": "wal_4mX0aJ1n0S2bqz0f1Xk8Qe7T",
     *       "externalUserId": "user_42",
     *       "kind": "virtual",
     *       "currency": "USD",
     *       "spendLimit": 250.5,
     *       "spendingControls": {
     *         "spendingLimits": [
     *           {
     *             "amount": 250.5,
     *             "interval": "per_authorization"
     *           },
     *           {
     *             "amount": 500,
     *             "interval": "daily"
     *           }
     *         ],
     *         "blockedCategories": [
     *           "7995"
     *         ]
     *       },
     *       "spending": [
     *         {
     *           "interval": "daily",
     *           "limit": 500,
     *           "spent": 0,
     *           "remaining": 500,
     *           "resetsAt": "2026-10-02T00:00:00.000Z"
     *         }
     *       ],
     *       "status": "active",
     *       "last4": "7361",
     *       "expMonth": 10,
     *       "expYear": 2029,
     *       "livemode": false,
     *       "processor": "simulator",
     *       "createdAt": "2026-10-01T08:41:03.000Z",
     *       "idempotent_replay": false
     *     }
     */
    CardWriteResponse: {
      /** @example card_9QwE2rTy6UiO0pAs4DfG8hJk */
      id: string;
      /** @constant */
      object: "card";
      /** @example wal_4mX0aJ1n0S2bqz0f1Xk8Qe7T */
      walletId: string;
      /** @example user_42 */
      externalUserId: string;
      /** @constant */
      kind: "virtual";
      /**
       * @description ISO 4217 currency code.
       * @example USD
       */
      currency: string;
      /**
       * @description Per-authorization limit; null means none. The same limit as spendingControls' per_authorization limit without categories.
       * @example 250.5
       */
      spendLimit: number | null;
      spendingControls: components["schemas"]["SpendingControlsOutput"];
      spending: components["schemas"]["SpendingUsageOutput"];
      /** @enum {string} */
      status: "active" | "frozen" | "canceled";
      /**
       * @description The last four digits of the card number.
       * @example 7361
       */
      last4: string;
      /** @example 10 */
      expMonth: number;
      /** @example 2029 */
      expYear: number;
      /** @description false for records made with sk_test_ keys, true for sk_live_ keys. */
      livemode: boolean;
      /**
       * @description Who manages the card at the card network. `lithic`: a card Lithic issued, usable at real merchants. `simulator`: the built-in network simulator (every test-mode card, and live cards while the service runs without a processor); such a card reaches no card network, and its spends come only from the API.
       * @example simulator
       * @enum {string}
       */
      processor: "simulator" | "lithic";
      /**
       * Format: date-time
       * @description ISO 8601 UTC timestamp.
       * @example 2026-11-21T10:00:00.000Z
       */
      createdAt: string;
      /** @description true when this response is the stored answer to an earlier request with the same Idempotency-Key. */
      idempotent_replay: boolean;
    };
    /**
     * @example {
     *       "object": "list",
     *       "data": [
     *         {
     *           "id": "card_9QwE2rTy6UiO0pAs4DfG8hJk",
     *           "object": "card",
     *           "walletId": "wal_4mX0aJ1n0S2bqz0f1Xk8Qe7T",
     *           "externalUserId": "user_42",
     *           "kind": "virtual",
     *           "currency": "USD",
     *           "spendLimit": 250.5,
     *           "spendingControls": {
     *             "spendingLimits": [
     *               {
     *                 "amount": 250.5,
     *                 "interval": "per_authorization"
     *               },
     *               {
     *                 "amount": 500,
     *                 "interval": "daily"
     *               }
     *             ],
     *             "blockedCategories": [
     *               "7995"
     *             ]
     *           },
     *           "spending": [
     *             {
     *               "interval": "daily",
     *               "limit": 500,
     *               "spent": 0,
     *               "remaining": 500,
     *               "resetsAt": "2026-10-02T00:00:00.000Z"
     *             }
     *           ],
     *           "status": "active",
     *           "last4": "7361",
     *           "expMonth": 10,
     *           "expYear": 2029,
     *           "livemode": false,
     *           "processor": "simulator",
     *           "createdAt": "2026-10-01T08:41:03.000Z"
     *         }
     *       ],
     *       "has_more": false,
     *       "next_cursor": null
     *     }
     */
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
    /**
     * @example {
     *       "id": "cds_5Nc8Vb1Xm4Qa7Zs2Wd9Ef6Rg",
     *       "object": "card_details_session",
     *       "cardId": "card_9QwE2rTy6UiO0pAs4DfG8hJk",
     *       "url": "http://localhost:3000/card-details/cdt_7Hq2Lr9Ws4Zt8Ny3Kb6Vd1Mf5Xc0Pj2Gh4Ra8Se3Tu",
     *       "expiresAt": "2026-10-01T09:10:00.000Z",
     *       "livemode": false,
     *       "idempotent_replay": false
     *     }
     */
    CardDetailsSession: {
      /** @example cds_5Nc8Vb1Xm4Qa7Zs2Wd9Ef6Rg */
      id: string;
      /** @constant */
      object: "card_details_session";
      /** @example card_9QwE2rTy6UiO0pAs4DfG8hJk */
      cardId: string;
      /**
       * @description The details page: open it once, within 10 minutes, in an iframe on `origin`. It shows the number, expiry and CVC to the holder; our API never returns them.
       * @example http://localhost:3000/card-details/cdt_7Hq2Lr9Ws4Zt8Ny3Kb6Vd1Mf5Xc0Pj2Gh4Ra8Se3Tu
       */
      url: string;
      /**
       * Format: date-time
       * @description When the link stops working if unused (10 minutes).
       * @example 2026-11-21T10:00:00.000Z
       */
      expiresAt: string;
      /** @description false for records made with sk_test_ keys, true for sk_live_ keys. */
      livemode: boolean;
      /** @description true when this response is the stored answer to an earlier request with the same Idempotency-Key. */
      idempotent_replay: boolean;
    };
    /**
     * @example {
     *       "id": "auth_3kT9sLm2QpX7vB1nR5cY8dWz",
     *       "object": "authorization",
     *       "cardId": "card_9QwE2rTy6UiO0pAs4DfG8hJk",
     *       "walletId": "wal_4mX0aJ1n0S2bqz0f1Xk8Qe7T",
     *       "externalUserId": "user_42",
     *       "amount": 20,
     *       "currency": "USD",
     *       "status": "pending",
     *       "declineCode": null,
     *       "capturedAmount": 0,
     *       "refundedAmount": 0,
     *       "merchant": {
     *         "name": "Corner Coffee",
     *         "category": "5814",
     *         "country": "US"
     *       },
     *       "source": "sdk",
     *       "expiresAt": "2026-10-10T12:14:27.000Z",
     *       "requestedAmount": null,
     *       "decision": {
     *         "by": "default",
     *         "reason": "no_endpoint"
     *       },
     *       "metadata": {},
     *       "livemode": false,
     *       "createdAt": "2026-10-03T12:14:27.000Z",
     *       "updatedAt": "2026-10-03T12:14:27.000Z",
     *       "idempotent_replay": false
     *     }
     */
    AuthorizationWriteResponse: {
      /** @example auth_3kT9sLm2QpX7vB1nR5cY8dWz */
      id: string;
      /** @constant */
      object: "authorization";
      /** @example card_9QwE2rTy6UiO0pAs4DfG8hJk */
      cardId: string;
      /** @example wal_4mX0aJ1n0S2bqz0f1Xk8Qe7T */
      walletId: string;
      /** @example user_42 */
      externalUserId: string;
      /**
       * @description Amount authorized (or attempted, when declined).
       * @example 20
       */
      amount: number;
      /**
       * @description ISO 4217 currency code.
       * @example USD
       */
      currency: string;
      /**
       * @description pending: the hold is open. closed: captured, fully or partly (the rest released). reversed: the application released the whole hold (POST /authorizations/{id}/reverse). expired: not captured by expiresAt, so the whole hold was released. declined: refused; see declineCode. A reversed or expired authorization cannot be captured (409 authorization_reversed / authorization_expired).
       * @enum {string}
       */
      status: "pending" | "closed" | "reversed" | "expired" | "declined";
      /** @description Why the card refused; null unless declined. */
      declineCode:
        | (
            | "insufficient_funds"
            | "spend_limit_exceeded"
            | "card_inactive"
            | "card_currency_mismatch"
            | "spending_limit_exceeded"
            | "category_blocked"
            | "country_blocked"
            | "card_expired"
            | "declined_by_application"
          )
        | null;
      /**
       * @description Amount in the major unit of the currency.
       * @example 18.4
       */
      capturedAmount: number;
      /**
       * @description Amount in the major unit of the currency.
       * @example 4.6
       */
      refundedAmount: number;
      merchant: {
        name: string;
        category: string | null;
        country: string | null;
      };
      /**
       * @description sdk: a spend the application reported (POST /cards/{id}/authorizations); tap: a simulated card tap (test mode); network: a card network message through the card's processor (the built-in simulator in test mode).
       * @enum {string}
       */
      source: "sdk" | "tap" | "network";
      /**
       * @description When the hold lapses if not captured: AUTHORIZATION_HOLD_DAYS (default 7) after approval; the hold is then released and the status becomes expired. null for a declined authorization.
       * @example 2026-10-10T12:14:27.000Z
       */
      expiresAt: string | null;
      /**
       * @description What the spend asked for, when the decision endpoint approved less (a partial approval: amount is the hold); null otherwise.
       * @example null
       */
      requestedAmount: number | null;
      decision: components["schemas"]["AuthorizationDecisionOutput"];
      /**
       * @description What the decision endpoint answered as metadata (at most 20 keys); empty otherwise.
       * @example {}
       */
      metadata: {
        [key: string]: string;
      };
      /** @description false for records made with sk_test_ keys, true for sk_live_ keys. */
      livemode: boolean;
      /**
       * Format: date-time
       * @description ISO 8601 UTC timestamp.
       * @example 2026-11-21T10:00:00.000Z
       */
      createdAt: string;
      /**
       * Format: date-time
       * @description ISO 8601 UTC timestamp.
       * @example 2026-11-21T10:00:00.000Z
       */
      updatedAt: string;
      /** @description true when this response is the stored answer to an earlier request with the same Idempotency-Key. */
      idempotent_replay: boolean;
    };
    /**
     * @example {
     *       "id": "auth_3kT9sLm2QpX7vB1nR5cY8dWz",
     *       "object": "authorization",
     *       "cardId": "card_9QwE2rTy6UiO0pAs4DfG8hJk",
     *       "walletId": "wal_4mX0aJ1n0S2bqz0f1Xk8Qe7T",
     *       "externalUserId": "user_42",
     *       "amount": 20,
     *       "currency": "USD",
     *       "status": "closed",
     *       "declineCode": null,
     *       "capturedAmount": 18.4,
     *       "refundedAmount": 4.6,
     *       "merchant": {
     *         "name": "Corner Coffee",
     *         "category": "5814",
     *         "country": "US"
     *       },
     *       "source": "sdk",
     *       "expiresAt": "2026-10-10T12:14:27.000Z",
     *       "requestedAmount": null,
     *       "decision": {
     *         "by": "default",
     *         "reason": "no_endpoint"
     *       },
     *       "metadata": {},
     *       "livemode": false,
     *       "createdAt": "2026-10-03T12:14:27.000Z",
     *       "updatedAt": "2026-10-04T09:02:45.000Z",
     *       "history": [
     *         {
     *           "kind": "authorization",
     *           "amount": 20,
     *           "networkId": null,
     *           "createdAt": "2026-10-03T12:14:27.000Z"
     *         },
     *         {
     *           "kind": "clearing",
     *           "amount": 18.4,
     *           "networkId": null,
     *           "createdAt": "2026-10-03T12:20:05.000Z"
     *         },
     *         {
     *           "kind": "refund",
     *           "amount": 4.6,
     *           "networkId": null,
     *           "createdAt": "2026-10-04T09:02:45.000Z"
     *         }
     *       ]
     *     }
     */
    AuthorizationWithHistory: {
      /** @example auth_3kT9sLm2QpX7vB1nR5cY8dWz */
      id: string;
      /** @constant */
      object: "authorization";
      /** @example card_9QwE2rTy6UiO0pAs4DfG8hJk */
      cardId: string;
      /** @example wal_4mX0aJ1n0S2bqz0f1Xk8Qe7T */
      walletId: string;
      /** @example user_42 */
      externalUserId: string;
      /**
       * @description Amount authorized (or attempted, when declined).
       * @example 20
       */
      amount: number;
      /**
       * @description ISO 4217 currency code.
       * @example USD
       */
      currency: string;
      /**
       * @description pending: the hold is open. closed: captured, fully or partly (the rest released). reversed: the application released the whole hold (POST /authorizations/{id}/reverse). expired: not captured by expiresAt, so the whole hold was released. declined: refused; see declineCode. A reversed or expired authorization cannot be captured (409 authorization_reversed / authorization_expired).
       * @enum {string}
       */
      status: "pending" | "closed" | "reversed" | "expired" | "declined";
      /** @description Why the card refused; null unless declined. */
      declineCode:
        | (
            | "insufficient_funds"
            | "spend_limit_exceeded"
            | "card_inactive"
            | "card_currency_mismatch"
            | "spending_limit_exceeded"
            | "category_blocked"
            | "country_blocked"
            | "card_expired"
            | "declined_by_application"
          )
        | null;
      /**
       * @description Amount in the major unit of the currency.
       * @example 18.4
       */
      capturedAmount: number;
      /**
       * @description Amount in the major unit of the currency.
       * @example 4.6
       */
      refundedAmount: number;
      merchant: {
        name: string;
        category: string | null;
        country: string | null;
      };
      /**
       * @description sdk: a spend the application reported (POST /cards/{id}/authorizations); tap: a simulated card tap (test mode); network: a card network message through the card's processor (the built-in simulator in test mode).
       * @enum {string}
       */
      source: "sdk" | "tap" | "network";
      /**
       * @description When the hold lapses if not captured: AUTHORIZATION_HOLD_DAYS (default 7) after approval; the hold is then released and the status becomes expired. null for a declined authorization.
       * @example 2026-10-10T12:14:27.000Z
       */
      expiresAt: string | null;
      /**
       * @description What the spend asked for, when the decision endpoint approved less (a partial approval: amount is the hold); null otherwise.
       * @example null
       */
      requestedAmount: number | null;
      decision: components["schemas"]["AuthorizationDecisionOutput"];
      /**
       * @description What the decision endpoint answered as metadata (at most 20 keys); empty otherwise.
       * @example {}
       */
      metadata: {
        [key: string]: string;
      };
      /** @description false for records made with sk_test_ keys, true for sk_live_ keys. */
      livemode: boolean;
      /**
       * Format: date-time
       * @description ISO 8601 UTC timestamp.
       * @example 2026-11-21T10:00:00.000Z
       */
      createdAt: string;
      /**
       * Format: date-time
       * @description ISO 8601 UTC timestamp.
       * @example 2026-11-21T10:00:00.000Z
       */
      updatedAt: string;
      /** @description Every step of the authorization, oldest first. */
      history: {
        /**
         * @description The card network message (docs/decisions/card-network.md); for a spend the application reported itself, its own steps (authorization, clearing for a capture, refund, reversal, expiry).
         * @enum {string}
         */
        kind:
          | "authorization"
          | "increment"
          | "advice"
          | "reversal"
          | "clearing"
          | "force_post"
          | "refund"
          | "return_reversal"
          | "expiry";
        /**
         * @description What the message carried, in the major unit.
         * @example 20
         */
        amount: number;
        /**
         * @description The message's own id at the network (a repeat with the same id changed nothing); null for the application's own steps.
         * @example sim_7Qx2LmP9aR4tVw8Z
         */
        networkId: string | null;
        /**
         * Format: date-time
         * @description ISO 8601 UTC timestamp.
         * @example 2026-11-21T10:00:00.000Z
         */
        createdAt: string;
      }[];
    };
    /**
     * @example {
     *       "id": "auth_9Zx1Cv4Bn7Mq2Wl5Ek8Rj3Th",
     *       "object": "authorization",
     *       "cardId": "card_9QwE2rTy6UiO0pAs4DfG8hJk",
     *       "walletId": "wal_4mX0aJ1n0S2bqz0f1Xk8Qe7T",
     *       "externalUserId": "user_42",
     *       "amount": 150,
     *       "currency": "USD",
     *       "status": "reversed",
     *       "declineCode": null,
     *       "capturedAmount": 0,
     *       "refundedAmount": 0,
     *       "merchant": {
     *         "name": "Harbor Hotel",
     *         "category": "7011",
     *         "country": "US"
     *       },
     *       "source": "sdk",
     *       "expiresAt": "2026-10-13T15:20:00.000Z",
     *       "requestedAmount": null,
     *       "decision": {
     *         "by": "default",
     *         "reason": "no_endpoint"
     *       },
     *       "metadata": {},
     *       "livemode": false,
     *       "createdAt": "2026-10-06T15:20:00.000Z",
     *       "updatedAt": "2026-10-06T18:45:10.000Z",
     *       "idempotent_replay": false
     *     }
     */
    AuthorizationReversedResponse: {
      /** @example auth_3kT9sLm2QpX7vB1nR5cY8dWz */
      id: string;
      /** @constant */
      object: "authorization";
      /** @example card_9QwE2rTy6UiO0pAs4DfG8hJk */
      cardId: string;
      /** @example wal_4mX0aJ1n0S2bqz0f1Xk8Qe7T */
      walletId: string;
      /** @example user_42 */
      externalUserId: string;
      /**
       * @description Amount authorized (or attempted, when declined).
       * @example 20
       */
      amount: number;
      /**
       * @description ISO 4217 currency code.
       * @example USD
       */
      currency: string;
      /**
       * @description pending: the hold is open. closed: captured, fully or partly (the rest released). reversed: the application released the whole hold (POST /authorizations/{id}/reverse). expired: not captured by expiresAt, so the whole hold was released. declined: refused; see declineCode. A reversed or expired authorization cannot be captured (409 authorization_reversed / authorization_expired).
       * @enum {string}
       */
      status: "pending" | "closed" | "reversed" | "expired" | "declined";
      /** @description Why the card refused; null unless declined. */
      declineCode:
        | (
            | "insufficient_funds"
            | "spend_limit_exceeded"
            | "card_inactive"
            | "card_currency_mismatch"
            | "spending_limit_exceeded"
            | "category_blocked"
            | "country_blocked"
            | "card_expired"
            | "declined_by_application"
          )
        | null;
      /**
       * @description Amount in the major unit of the currency.
       * @example 18.4
       */
      capturedAmount: number;
      /**
       * @description Amount in the major unit of the currency.
       * @example 4.6
       */
      refundedAmount: number;
      merchant: {
        name: string;
        category: string | null;
        country: string | null;
      };
      /**
       * @description sdk: a spend the application reported (POST /cards/{id}/authorizations); tap: a simulated card tap (test mode); network: a card network message through the card's processor (the built-in simulator in test mode).
       * @enum {string}
       */
      source: "sdk" | "tap" | "network";
      /**
       * @description When the hold lapses if not captured: AUTHORIZATION_HOLD_DAYS (default 7) after approval; the hold is then released and the status becomes expired. null for a declined authorization.
       * @example 2026-10-10T12:14:27.000Z
       */
      expiresAt: string | null;
      /**
       * @description What the spend asked for, when the decision endpoint approved less (a partial approval: amount is the hold); null otherwise.
       * @example null
       */
      requestedAmount: number | null;
      decision: components["schemas"]["AuthorizationDecisionOutput"];
      /**
       * @description What the decision endpoint answered as metadata (at most 20 keys); empty otherwise.
       * @example {}
       */
      metadata: {
        [key: string]: string;
      };
      /** @description false for records made with sk_test_ keys, true for sk_live_ keys. */
      livemode: boolean;
      /**
       * Format: date-time
       * @description ISO 8601 UTC timestamp.
       * @example 2026-11-21T10:00:00.000Z
       */
      createdAt: string;
      /**
       * Format: date-time
       * @description ISO 8601 UTC timestamp.
       * @example 2026-11-21T10:00:00.000Z
       */
      updatedAt: string;
      /** @description true when this response is the stored answer to an earlier request with the same Idempotency-Key. */
      idempotent_replay: boolean;
    };
    /**
     * @example {
     *       "object": "list",
     *       "data": [
     *         {
     *           "object": "transaction",
     *           "walletId": "wal_4mX0aJ1n0S2bqz0f1Xk8Qe7T",
     *           "externalUserId": "user_42",
     *           "currency": "USD",
     *           "livemode": false,
     *           "id": "ltr_6TyU1iOp4AsD8fGh2JkL5zXc",
     *           "type": "refund",
     *           "amount": 4.6,
     *           "authorizationId": "auth_3kT9sLm2QpX7vB1nR5cY8dWz",
     *           "description": "Refund: Corner Coffee",
     *           "balanceAfter": 486.2,
     *           "createdAt": "2026-10-04T09:02:45.000Z"
     *         },
     *         {
     *           "object": "transaction",
     *           "walletId": "wal_4mX0aJ1n0S2bqz0f1Xk8Qe7T",
     *           "externalUserId": "user_42",
     *           "currency": "USD",
     *           "livemode": false,
     *           "id": "ltr_3JkL9mNb2VcX7zAs5DfG1hQw",
     *           "type": "capture",
     *           "amount": -18.4,
     *           "authorizationId": "auth_3kT9sLm2QpX7vB1nR5cY8dWz",
     *           "description": "Corner Coffee",
     *           "balanceAfter": 481.6,
     *           "createdAt": "2026-10-03T12:20:05.000Z"
     *         },
     *         {
     *           "object": "transaction",
     *           "walletId": "wal_4mX0aJ1n0S2bqz0f1Xk8Qe7T",
     *           "externalUserId": "user_42",
     *           "currency": "USD",
     *           "livemode": false,
     *           "id": "ltr_8HcN2wQe5RtY1uIo3PaS7dFg",
     *           "type": "funding",
     *           "amount": 500,
     *           "authorizationId": null,
     *           "description": "Test top-up",
     *           "balanceAfter": 500,
     *           "createdAt": "2026-10-01T08:35:12.000Z"
     *         }
     *       ],
     *       "has_more": false,
     *       "next_cursor": null
     *     }
     */
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
    /**
     * @example {
     *       "object": "transaction",
     *       "walletId": "wal_4mX0aJ1n0S2bqz0f1Xk8Qe7T",
     *       "externalUserId": "user_42",
     *       "currency": "USD",
     *       "livemode": false,
     *       "id": "ltr_3JkL9mNb2VcX7zAs5DfG1hQw",
     *       "type": "capture",
     *       "amount": -18.4,
     *       "authorizationId": "auth_3kT9sLm2QpX7vB1nR5cY8dWz",
     *       "description": "Corner Coffee",
     *       "balanceAfter": 481.6,
     *       "createdAt": "2026-10-03T12:20:05.000Z"
     *     }
     */
    Transaction: {
      /**
       * @description The ledger transfer's id.
       * @example ltr_3JkL9mNb2VcX7zAs5DfG1hQw
       */
      id: string;
      /** @constant */
      object: "transaction";
      /** @example wal_4mX0aJ1n0S2bqz0f1Xk8Qe7T */
      walletId: string;
      /** @example user_42 */
      externalUserId: string;
      /**
       * @description funding: money in; capture: a card payment; refund: a merchant refund; transfer: a move to or from the application's balance or another wallet.
       * @enum {string}
       */
      type: "funding" | "capture" | "refund" | "transfer" | "payout" | "payout_return";
      /**
       * @description Signed: positive credits the wallet, negative debits it.
       * @example -18.4
       */
      amount: number;
      /**
       * @description ISO 4217 currency code.
       * @example USD
       */
      currency: string;
      /**
       * @description The authorization captured or refunded; null for funding.
       * @example auth_3kT9sLm2QpX7vB1nR5cY8dWz
       */
      authorizationId: string | null;
      /** @example Corner Coffee */
      description: string | null;
      /**
       * @description The wallet's posted balance right after this transaction.
       * @example 481.6
       */
      balanceAfter: number;
      /** @description false for records made with sk_test_ keys, true for sk_live_ keys. */
      livemode: boolean;
      /**
       * Format: date-time
       * @description ISO 8601 UTC timestamp.
       * @example 2026-11-21T10:00:00.000Z
       */
      createdAt: string;
    };
    /**
     * @example {
     *       "object": "balance",
     *       "livemode": false,
     *       "available": [
     *         {
     *           "currency": "USD",
     *           "amount": 9500
     *         }
     *       ],
     *       "pending": [
     *         {
     *           "currency": "USD",
     *           "amount": 0
     *         }
     *       ]
     *     }
     */
    Balance: {
      /** @constant */
      object: "balance";
      /** @description false for records made with sk_test_ keys, true for sk_live_ keys. */
      livemode: boolean;
      /** @description What the application can move now, per currency it holds: its balance less what is held for payouts on their way. */
      available: {
        /**
         * @description ISO 4217 currency code.
         * @example USD
         */
        currency: string;
        /**
         * @description Amount in the major unit of the currency.
         * @example 25.5
         */
        amount: number;
      }[];
      /** @description Money on its way in and not yet available, per currency (top-ups are available at once, so 0). */
      pending: {
        /**
         * @description ISO 4217 currency code.
         * @example USD
         */
        currency: string;
        /**
         * @description Amount in the major unit of the currency.
         * @example 25.5
         */
        amount: number;
      }[];
    };
    /**
     * @example {
     *       "object": "list",
     *       "data": [
     *         {
     *           "id": "tr_2Bc5De8Fg1Hj4Kl7Mn0Pq3Rs",
     *           "object": "transfer",
     *           "from": {
     *             "type": "balance",
     *             "walletId": null,
     *             "externalUserId": null
     *           },
     *           "to": {
     *             "type": "wallet",
     *             "walletId": "wal_4mX0aJ1n0S2bqz0f1Xk8Qe7T",
     *             "externalUserId": "user_42"
     *           },
     *           "amount": 250,
     *           "currency": "USD",
     *           "description": null,
     *           "metadata": {},
     *           "livemode": false,
     *           "createdAt": "2026-11-21T09:30:00.000Z"
     *         }
     *       ],
     *       "has_more": false,
     *       "next_cursor": null
     *     }
     */
    TransferList: {
      /** @constant */
      object: "list";
      /** @description Newest first. */
      data: components["schemas"]["Transfer"][];
      /** @description true when another page follows. */
      has_more: boolean;
      /** @description Pass as `starting_after` to read the next page; null on the last page. */
      next_cursor: string | null;
    };
    /**
     * @example {
     *       "id": "tr_2Bc5De8Fg1Hj4Kl7Mn0Pq3Rs",
     *       "object": "transfer",
     *       "from": {
     *         "type": "balance",
     *         "walletId": null,
     *         "externalUserId": null
     *       },
     *       "to": {
     *         "type": "wallet",
     *         "walletId": "wal_4mX0aJ1n0S2bqz0f1Xk8Qe7T",
     *         "externalUserId": "user_42"
     *       },
     *       "amount": 250,
     *       "currency": "USD",
     *       "description": null,
     *       "metadata": {},
     *       "livemode": false,
     *       "createdAt": "2026-11-21T09:30:00.000Z"
     *     }
     */
    Transfer: {
      /** @example tr_2Bc5De8Fg1Hj4Kl7Mn0Pq3Rs */
      id: string;
      /** @constant */
      object: "transfer";
      from: {
        /** @enum {string} */
        type: "balance" | "wallet";
        /** @description The wallet's id; null for the balance. */
        walletId: string | null;
        /** @description The wallet's external user id; null for the balance. */
        externalUserId: string | null;
      };
      to: {
        /** @enum {string} */
        type: "balance" | "wallet";
        /** @description The wallet's id; null for the balance. */
        walletId: string | null;
        /** @description The wallet's external user id; null for the balance. */
        externalUserId: string | null;
      };
      /**
       * @description Amount in the major unit of the currency.
       * @example 25.5
       */
      amount: number;
      /**
       * @description ISO 4217 currency code.
       * @example USD
       */
      currency: string;
      description: string | null;
      metadata: {
        [key: string]: string;
      };
      /** @description false for records made with sk_test_ keys, true for sk_live_ keys. */
      livemode: boolean;
      /**
       * Format: date-time
       * @description ISO 8601 UTC timestamp.
       * @example 2026-11-21T10:00:00.000Z
       */
      createdAt: string;
    };
    /**
     * @example {
     *       "id": "tr_2Bc5De8Fg1Hj4Kl7Mn0Pq3Rs",
     *       "object": "transfer",
     *       "from": {
     *         "type": "balance",
     *         "walletId": null,
     *         "externalUserId": null
     *       },
     *       "to": {
     *         "type": "wallet",
     *         "walletId": "wal_4mX0aJ1n0S2bqz0f1Xk8Qe7T",
     *         "externalUserId": "user_42"
     *       },
     *       "amount": 250,
     *       "currency": "USD",
     *       "description": null,
     *       "metadata": {},
     *       "livemode": false,
     *       "createdAt": "2026-11-21T09:30:00.000Z",
     *       "idempotent_replay": false
     *     }
     */
    TransferWriteResponse: {
      /** @example tr_2Bc5De8Fg1Hj4Kl7Mn0Pq3Rs */
      id: string;
      /** @constant */
      object: "transfer";
      from: {
        /** @enum {string} */
        type: "balance" | "wallet";
        /** @description The wallet's id; null for the balance. */
        walletId: string | null;
        /** @description The wallet's external user id; null for the balance. */
        externalUserId: string | null;
      };
      to: {
        /** @enum {string} */
        type: "balance" | "wallet";
        /** @description The wallet's id; null for the balance. */
        walletId: string | null;
        /** @description The wallet's external user id; null for the balance. */
        externalUserId: string | null;
      };
      /**
       * @description Amount in the major unit of the currency.
       * @example 25.5
       */
      amount: number;
      /**
       * @description ISO 4217 currency code.
       * @example USD
       */
      currency: string;
      description: string | null;
      metadata: {
        [key: string]: string;
      };
      /** @description false for records made with sk_test_ keys, true for sk_live_ keys. */
      livemode: boolean;
      /**
       * Format: date-time
       * @description ISO 8601 UTC timestamp.
       * @example 2026-11-21T10:00:00.000Z
       */
      createdAt: string;
      /** @description true when this response is the stored answer to an earlier request with the same Idempotency-Key. */
      idempotent_replay: boolean;
    };
    /**
     * @example {
     *       "object": "list",
     *       "data": [
     *         {
     *           "id": "ba_4Gh7Jk0Lm3Np6Qr9St2Uv5Wx",
     *           "object": "bank_account",
     *           "walletId": "wal_4mX0aJ1n0S2bqz0f1Xk8Qe7T",
     *           "externalUserId": "user_42",
     *           "country": "US",
     *           "currency": "USD",
     *           "holderName": "Ada Lovelace",
     *           "scheme": "us_aba",
     *           "bankCode": "110000000",
     *           "last4": "6789",
     *           "livemode": false,
     *           "createdAt": "2026-11-21T09:30:00.000Z"
     *         }
     *       ],
     *       "has_more": false,
     *       "next_cursor": null
     *     }
     */
    BankAccountList: {
      /** @constant */
      object: "list";
      /** @description Newest first. */
      data: components["schemas"]["BankAccount"][];
      /** @description true when another page follows. */
      has_more: boolean;
      /** @description Pass as `starting_after` to read the next page; null on the last page. */
      next_cursor: string | null;
    };
    /**
     * @example {
     *       "id": "ba_4Gh7Jk0Lm3Np6Qr9St2Uv5Wx",
     *       "object": "bank_account",
     *       "walletId": "wal_4mX0aJ1n0S2bqz0f1Xk8Qe7T",
     *       "externalUserId": "user_42",
     *       "country": "US",
     *       "currency": "USD",
     *       "holderName": "Ada Lovelace",
     *       "scheme": "us_aba",
     *       "bankCode": "110000000",
     *       "last4": "6789",
     *       "livemode": false,
     *       "createdAt": "2026-11-21T09:30:00.000Z"
     *     }
     */
    BankAccount: {
      /** @example ba_4Gh7Jk0Lm3Np6Qr9St2Uv5Wx */
      id: string;
      /** @constant */
      object: "bank_account";
      /** @description The wallet it belongs to; null for the application's own. */
      walletId: string | null;
      externalUserId: string | null;
      country: string;
      /**
       * @description ISO 4217 currency code.
       * @example USD
       */
      currency: string;
      holderName: string;
      /**
       * @description Which identifiers it was given.
       * @enum {string}
       */
      scheme: "us_aba" | "gb_sort_code" | "iban" | "ng_nuban";
      /** @description The bank's code (routing number, sort code, CBN code, the IBAN's bank part). */
      bankCode: string | null;
      /** @description The last four of the account number or IBAN; the rest is sealed and never shown. */
      last4: string;
      /** @description false for records made with sk_test_ keys, true for sk_live_ keys. */
      livemode: boolean;
      /**
       * Format: date-time
       * @description ISO 8601 UTC timestamp.
       * @example 2026-11-21T10:00:00.000Z
       */
      createdAt: string;
    };
    /**
     * @example {
     *       "id": "ba_4Gh7Jk0Lm3Np6Qr9St2Uv5Wx",
     *       "object": "bank_account",
     *       "walletId": "wal_4mX0aJ1n0S2bqz0f1Xk8Qe7T",
     *       "externalUserId": "user_42",
     *       "country": "US",
     *       "currency": "USD",
     *       "holderName": "Ada Lovelace",
     *       "scheme": "us_aba",
     *       "bankCode": "110000000",
     *       "last4": "6789",
     *       "livemode": false,
     *       "createdAt": "2026-11-21T09:30:00.000Z",
     *       "idempotent_replay": false
     *     }
     */
    BankAccountWriteResponse: {
      /** @example ba_4Gh7Jk0Lm3Np6Qr9St2Uv5Wx */
      id: string;
      /** @constant */
      object: "bank_account";
      /** @description The wallet it belongs to; null for the application's own. */
      walletId: string | null;
      externalUserId: string | null;
      country: string;
      /**
       * @description ISO 4217 currency code.
       * @example USD
       */
      currency: string;
      holderName: string;
      /**
       * @description Which identifiers it was given.
       * @enum {string}
       */
      scheme: "us_aba" | "gb_sort_code" | "iban" | "ng_nuban";
      /** @description The bank's code (routing number, sort code, CBN code, the IBAN's bank part). */
      bankCode: string | null;
      /** @description The last four of the account number or IBAN; the rest is sealed and never shown. */
      last4: string;
      /** @description false for records made with sk_test_ keys, true for sk_live_ keys. */
      livemode: boolean;
      /**
       * Format: date-time
       * @description ISO 8601 UTC timestamp.
       * @example 2026-11-21T10:00:00.000Z
       */
      createdAt: string;
      /** @description true when this response is the stored answer to an earlier request with the same Idempotency-Key. */
      idempotent_replay: boolean;
    };
    /**
     * @example {
     *       "object": "list",
     *       "data": [
     *         {
     *           "id": "po_8Yz1Ab4Cd7Ef0Gh3Ij6Kl9Mn",
     *           "object": "payout",
     *           "from": {
     *             "type": "wallet",
     *             "walletId": "wal_4mX0aJ1n0S2bqz0f1Xk8Qe7T",
     *             "externalUserId": "user_42"
     *           },
     *           "bankAccountId": "ba_4Gh7Jk0Lm3Np6Qr9St2Uv5Wx",
     *           "amount": 120,
     *           "currency": "USD",
     *           "description": null,
     *           "status": "pending",
     *           "failureReason": null,
     *           "rail": "simulator",
     *           "livemode": false,
     *           "createdAt": "2026-11-21T09:30:00.000Z",
     *           "updatedAt": "2026-11-21T09:30:00.000Z"
     *         }
     *       ],
     *       "has_more": false,
     *       "next_cursor": null
     *     }
     */
    PayoutList: {
      /** @constant */
      object: "list";
      /** @description Newest first. */
      data: components["schemas"]["PayoutOutput"][];
      /** @description true when another page follows. */
      has_more: boolean;
      /** @description Pass as `starting_after` to read the next page; null on the last page. */
      next_cursor: string | null;
    };
    /**
     * @example {
     *       "id": "po_8Yz1Ab4Cd7Ef0Gh3Ij6Kl9Mn",
     *       "object": "payout",
     *       "from": {
     *         "type": "wallet",
     *         "walletId": "wal_4mX0aJ1n0S2bqz0f1Xk8Qe7T",
     *         "externalUserId": "user_42"
     *       },
     *       "bankAccountId": "ba_4Gh7Jk0Lm3Np6Qr9St2Uv5Wx",
     *       "amount": 120,
     *       "currency": "USD",
     *       "description": null,
     *       "status": "pending",
     *       "failureReason": null,
     *       "rail": "simulator",
     *       "livemode": false,
     *       "createdAt": "2026-11-21T09:30:00.000Z",
     *       "updatedAt": "2026-11-21T09:30:00.000Z",
     *       "idempotent_replay": false
     *     }
     */
    PayoutWriteResponse: {
      /** @example po_8Yz1Ab4Cd7Ef0Gh3Ij6Kl9Mn */
      id: string;
      /** @constant */
      object: "payout";
      from: {
        /** @enum {string} */
        type: "balance" | "wallet";
        /** @description The wallet's id; null for the balance. */
        walletId: string | null;
        /** @description The wallet's external user id; null for the balance. */
        externalUserId: string | null;
      };
      bankAccountId: string;
      /**
       * @description Amount in the major unit of the currency.
       * @example 25.5
       */
      amount: number;
      /**
       * @description ISO 4217 currency code.
       * @example USD
       */
      currency: string;
      description: string | null;
      /**
       * @description pending (held: available dropped), in_transit (sent by the rail), paid (posted out), failed (the hold released), returned (paid, then credited back), canceled (released before it left).
       * @enum {string}
       */
      status: "pending" | "in_transit" | "paid" | "failed" | "returned" | "canceled";
      failureReason: string | null;
      /** @description The payout rail that carries it: simulator (test mode) or a live connector. */
      rail: string;
      /** @description false for records made with sk_test_ keys, true for sk_live_ keys. */
      livemode: boolean;
      /**
       * Format: date-time
       * @description ISO 8601 UTC timestamp.
       * @example 2026-11-21T10:00:00.000Z
       */
      createdAt: string;
      /**
       * Format: date-time
       * @description ISO 8601 UTC timestamp.
       * @example 2026-11-21T10:00:00.000Z
       */
      updatedAt: string;
      /** @description true when this response is the stored answer to an earlier request with the same Idempotency-Key. */
      idempotent_replay: boolean;
    };
    /**
     * @example {
     *       "object": "balance_report",
     *       "livemode": false,
     *       "from": "2026-11-01T00:00:00.000Z",
     *       "to": "2026-12-01T00:00:00.000Z",
     *       "currencies": [
     *         {
     *           "currency": "USD",
     *           "openingBalance": 0,
     *           "closingBalance": 9500,
     *           "movements": [
     *             {
     *               "createdAt": "2026-11-21T09:00:00.000Z",
     *               "kind": "top_up",
     *               "id": "tu_7Hk2Lm9Qp4Rs1Tv6Wx3Yz8Ab",
     *               "wallet": null,
     *               "description": "Test top-up",
     *               "amount": 10000,
     *               "currency": "USD",
     *               "balanceAfter": 10000
     *             },
     *             {
     *               "createdAt": "2026-11-21T09:30:00.000Z",
     *               "kind": "transfer",
     *               "id": "tr_2Bc5De8Fg1Hj4Kl7Mn0Pq3Rs",
     *               "wallet": "user_ada",
     *               "description": "Payroll November",
     *               "amount": -500,
     *               "currency": "USD",
     *               "balanceAfter": 9500
     *             }
     *           ]
     *         }
     *       ]
     *     }
     */
    BalanceReport: {
      /** @constant */
      object: "balance_report";
      /** @description false for records made with sk_test_ keys, true for sk_live_ keys. */
      livemode: boolean;
      /**
       * Format: date-time
       * @description ISO 8601 UTC timestamp.
       * @example 2026-11-21T10:00:00.000Z
       */
      from: string;
      /**
       * Format: date-time
       * @description ISO 8601 UTC timestamp.
       * @example 2026-11-21T10:00:00.000Z
       */
      to: string;
      /** @description One per currency the application holds a balance in, by currency code. */
      currencies: {
        /**
         * @description ISO 4217 currency code.
         * @example USD
         */
        currency: string;
        /**
         * @description The balance at `from` (major unit).
         * @example 25.5
         */
        openingBalance: number;
        /**
         * @description The balance at `to`: opening plus every movement.
         * @example 25.5
         */
        closingBalance: number;
        /** @description Oldest first. */
        movements: {
          /**
           * Format: date-time
           * @description ISO 8601 UTC timestamp.
           * @example 2026-11-21T10:00:00.000Z
           */
          createdAt: string;
          /**
           * @description What moved the money: `top_up`, `transfer`, and the kinds payouts post (`payout`, `payout_return`) as they appear.
           * @example transfer
           */
          kind: string;
          /**
           * @description The top-up's, transfer's or payout's id; for any other movement, its ledger transfer's.
           * @example tr_2Bc5De8Fg1Hj4Kl7Mn0Pq3Rs
           */
          id: string;
          /**
           * @description The wallet on the other side (its externalUserId), if a wallet.
           * @example user_ada
           */
          wallet: string | null;
          description: string | null;
          /**
           * @description Signed: positive into the balance, negative out of it (major unit).
           * @example 25.5
           */
          amount: number;
          /**
           * @description ISO 4217 currency code.
           * @example USD
           */
          currency: string;
          /**
           * @description The balance right after this movement (major unit).
           * @example 25.5
           */
          balanceAfter: number;
        }[];
      }[];
    };
    /**
     * @example {
     *       "object": "transaction",
     *       "walletId": "wal_4mX0aJ1n0S2bqz0f1Xk8Qe7T",
     *       "externalUserId": "user_42",
     *       "currency": "USD",
     *       "livemode": false,
     *       "id": "ltr_8HcN2wQe5RtY1uIo3PaS7dFg",
     *       "type": "funding",
     *       "amount": 500,
     *       "authorizationId": null,
     *       "description": "Test top-up",
     *       "balanceAfter": 500,
     *       "createdAt": "2026-10-01T08:35:12.000Z",
     *       "idempotent_replay": false
     *     }
     */
    TransactionWriteResponse: {
      /**
       * @description The ledger transfer's id.
       * @example ltr_3JkL9mNb2VcX7zAs5DfG1hQw
       */
      id: string;
      /** @constant */
      object: "transaction";
      /** @example wal_4mX0aJ1n0S2bqz0f1Xk8Qe7T */
      walletId: string;
      /** @example user_42 */
      externalUserId: string;
      /**
       * @description funding: money in; capture: a card payment; refund: a merchant refund; transfer: a move to or from the application's balance or another wallet.
       * @enum {string}
       */
      type: "funding" | "capture" | "refund" | "transfer" | "payout" | "payout_return";
      /**
       * @description Signed: positive credits the wallet, negative debits it.
       * @example -18.4
       */
      amount: number;
      /**
       * @description ISO 4217 currency code.
       * @example USD
       */
      currency: string;
      /**
       * @description The authorization captured or refunded; null for funding.
       * @example auth_3kT9sLm2QpX7vB1nR5cY8dWz
       */
      authorizationId: string | null;
      /** @example Corner Coffee */
      description: string | null;
      /**
       * @description The wallet's posted balance right after this transaction.
       * @example 481.6
       */
      balanceAfter: number;
      /** @description false for records made with sk_test_ keys, true for sk_live_ keys. */
      livemode: boolean;
      /**
       * Format: date-time
       * @description ISO 8601 UTC timestamp.
       * @example 2026-11-21T10:00:00.000Z
       */
      createdAt: string;
      /** @description true when this response is the stored answer to an earlier request with the same Idempotency-Key. */
      idempotent_replay: boolean;
    };
    /**
     * @example {
     *       "id": "tu_7Hk2Lm9Qp4Rs1Tv6Wx3Yz8Ab",
     *       "object": "top_up",
     *       "amount": 10000,
     *       "currency": "USD",
     *       "reference": null,
     *       "description": null,
     *       "balanceAfter": 10000,
     *       "livemode": false,
     *       "createdAt": "2026-11-21T09:30:00.000Z",
     *       "idempotent_replay": false
     *     }
     */
    TopUpWriteResponse: {
      /** @example tu_7Hk2Lm9Qp4Rs1Tv6Wx3Yz8Ab */
      id: string;
      /** @constant */
      object: "top_up";
      /**
       * @description Amount in the major unit of the currency.
       * @example 25.5
       */
      amount: number;
      /**
       * @description ISO 4217 currency code.
       * @example USD
       */
      currency: string;
      /** @description The bank's reference of a live deposit; null in test mode. */
      reference: string | null;
      description: string | null;
      /**
       * @description The balance's posted amount in this currency right after.
       * @example 25.5
       */
      balanceAfter: number;
      /** @description false for records made with sk_test_ keys, true for sk_live_ keys. */
      livemode: boolean;
      /**
       * Format: date-time
       * @description ISO 8601 UTC timestamp.
       * @example 2026-11-21T10:00:00.000Z
       */
      createdAt: string;
      /** @description true when this response is the stored answer to an earlier request with the same Idempotency-Key. */
      idempotent_replay: boolean;
    };
    /**
     * @example {
     *       "id": "auth_3kT9sLm2QpX7vB1nR5cY8dWz",
     *       "object": "authorization",
     *       "cardId": "card_9QwE2rTy6UiO0pAs4DfG8hJk",
     *       "walletId": "wal_4mX0aJ1n0S2bqz0f1Xk8Qe7T",
     *       "externalUserId": "user_42",
     *       "amount": 20,
     *       "currency": "USD",
     *       "status": "expired",
     *       "declineCode": null,
     *       "capturedAmount": 0,
     *       "refundedAmount": 0,
     *       "merchant": {
     *         "name": "Corner Coffee",
     *         "category": "5814",
     *         "country": "US"
     *       },
     *       "source": "sdk",
     *       "expiresAt": "2026-10-10T12:14:27.000Z",
     *       "requestedAmount": null,
     *       "decision": {
     *         "by": "default",
     *         "reason": "no_endpoint"
     *       },
     *       "metadata": {},
     *       "livemode": false,
     *       "createdAt": "2026-10-03T12:14:27.000Z",
     *       "updatedAt": "2026-10-10T12:14:27.000Z",
     *       "idempotent_replay": false
     *     }
     */
    AuthorizationExpiredResponse: {
      /** @example auth_3kT9sLm2QpX7vB1nR5cY8dWz */
      id: string;
      /** @constant */
      object: "authorization";
      /** @example card_9QwE2rTy6UiO0pAs4DfG8hJk */
      cardId: string;
      /** @example wal_4mX0aJ1n0S2bqz0f1Xk8Qe7T */
      walletId: string;
      /** @example user_42 */
      externalUserId: string;
      /**
       * @description Amount authorized (or attempted, when declined).
       * @example 20
       */
      amount: number;
      /**
       * @description ISO 4217 currency code.
       * @example USD
       */
      currency: string;
      /**
       * @description pending: the hold is open. closed: captured, fully or partly (the rest released). reversed: the application released the whole hold (POST /authorizations/{id}/reverse). expired: not captured by expiresAt, so the whole hold was released. declined: refused; see declineCode. A reversed or expired authorization cannot be captured (409 authorization_reversed / authorization_expired).
       * @enum {string}
       */
      status: "pending" | "closed" | "reversed" | "expired" | "declined";
      /** @description Why the card refused; null unless declined. */
      declineCode:
        | (
            | "insufficient_funds"
            | "spend_limit_exceeded"
            | "card_inactive"
            | "card_currency_mismatch"
            | "spending_limit_exceeded"
            | "category_blocked"
            | "country_blocked"
            | "card_expired"
            | "declined_by_application"
          )
        | null;
      /**
       * @description Amount in the major unit of the currency.
       * @example 18.4
       */
      capturedAmount: number;
      /**
       * @description Amount in the major unit of the currency.
       * @example 4.6
       */
      refundedAmount: number;
      merchant: {
        name: string;
        category: string | null;
        country: string | null;
      };
      /**
       * @description sdk: a spend the application reported (POST /cards/{id}/authorizations); tap: a simulated card tap (test mode); network: a card network message through the card's processor (the built-in simulator in test mode).
       * @enum {string}
       */
      source: "sdk" | "tap" | "network";
      /**
       * @description When the hold lapses if not captured: AUTHORIZATION_HOLD_DAYS (default 7) after approval; the hold is then released and the status becomes expired. null for a declined authorization.
       * @example 2026-10-10T12:14:27.000Z
       */
      expiresAt: string | null;
      /**
       * @description What the spend asked for, when the decision endpoint approved less (a partial approval: amount is the hold); null otherwise.
       * @example null
       */
      requestedAmount: number | null;
      decision: components["schemas"]["AuthorizationDecisionOutput"];
      /**
       * @description What the decision endpoint answered as metadata (at most 20 keys); empty otherwise.
       * @example {}
       */
      metadata: {
        [key: string]: string;
      };
      /** @description false for records made with sk_test_ keys, true for sk_live_ keys. */
      livemode: boolean;
      /**
       * Format: date-time
       * @description ISO 8601 UTC timestamp.
       * @example 2026-11-21T10:00:00.000Z
       */
      createdAt: string;
      /**
       * Format: date-time
       * @description ISO 8601 UTC timestamp.
       * @example 2026-11-21T10:00:00.000Z
       */
      updatedAt: string;
      /** @description true when this response is the stored answer to an earlier request with the same Idempotency-Key. */
      idempotent_replay: boolean;
    };
    /**
     * @example {
     *       "object": "list",
     *       "data": [
     *         {
     *           "id": "evt_2zA3bC4dE5fG6hJ7kL8mN9pQ",
     *           "object": "event",
     *           "type": "card.refunded",
     *           "sequence": 5,
     *           "data": {
     *             "id": "auth_3kT9sLm2QpX7vB1nR5cY8dWz",
     *             "object": "authorization",
     *             "cardId": "card_9QwE2rTy6UiO0pAs4DfG8hJk",
     *             "walletId": "wal_4mX0aJ1n0S2bqz0f1Xk8Qe7T",
     *             "externalUserId": "user_42",
     *             "amount": 20,
     *             "currency": "USD",
     *             "status": "closed",
     *             "declineCode": null,
     *             "capturedAmount": 18.4,
     *             "refundedAmount": 4.6,
     *             "merchant": {
     *               "name": "Corner Coffee",
     *               "category": "5814",
     *               "country": "US"
     *             },
     *             "source": "sdk",
     *             "expiresAt": "2026-10-10T12:14:27.000Z",
     *             "requestedAmount": null,
     *             "decision": {
     *               "by": "default",
     *               "reason": "no_endpoint"
     *             },
     *             "metadata": {},
     *             "livemode": false,
     *             "createdAt": "2026-10-03T12:14:27.000Z",
     *             "updatedAt": "2026-10-04T09:02:45.000Z"
     *           },
     *           "livemode": false,
     *           "createdAt": "2026-10-04T09:02:45.000Z"
     *         },
     *         {
     *           "id": "evt_5hJ6kL7mN8pQ9rS0tU1vW2xY",
     *           "object": "event",
     *           "type": "card.captured",
     *           "sequence": 4,
     *           "data": {
     *             "id": "auth_3kT9sLm2QpX7vB1nR5cY8dWz",
     *             "object": "authorization",
     *             "cardId": "card_9QwE2rTy6UiO0pAs4DfG8hJk",
     *             "walletId": "wal_4mX0aJ1n0S2bqz0f1Xk8Qe7T",
     *             "externalUserId": "user_42",
     *             "amount": 20,
     *             "currency": "USD",
     *             "status": "closed",
     *             "declineCode": null,
     *             "capturedAmount": 18.4,
     *             "refundedAmount": 0,
     *             "merchant": {
     *               "name": "Corner Coffee",
     *               "category": "5814",
     *               "country": "US"
     *             },
     *             "source": "sdk",
     *             "expiresAt": "2026-10-10T12:14:27.000Z",
     *             "requestedAmount": null,
     *             "decision": {
     *               "by": "default",
     *               "reason": "no_endpoint"
     *             },
     *             "metadata": {},
     *             "livemode": false,
     *             "createdAt": "2026-10-03T12:14:27.000Z",
     *             "updatedAt": "2026-10-03T12:20:05.000Z"
     *           },
     *           "livemode": false,
     *           "createdAt": "2026-10-03T12:20:05.000Z"
     *         },
     *         {
     *           "id": "evt_7pQ8rS9tU0vW1xY2zA3bC4dE",
     *           "object": "event",
     *           "type": "card.authorized",
     *           "sequence": 3,
     *           "data": {
     *             "id": "auth_3kT9sLm2QpX7vB1nR5cY8dWz",
     *             "object": "authorization",
     *             "cardId": "card_9QwE2rTy6UiO0pAs4DfG8hJk",
     *             "walletId": "wal_4mX0aJ1n0S2bqz0f1Xk8Qe7T",
     *             "externalUserId": "user_42",
     *             "amount": 20,
     *             "currency": "USD",
     *             "status": "pending",
     *             "declineCode": null,
     *             "capturedAmount": 0,
     *             "refundedAmount": 0,
     *             "merchant": {
     *               "name": "Corner Coffee",
     *               "category": "5814",
     *               "country": "US"
     *             },
     *             "source": "sdk",
     *             "expiresAt": "2026-10-10T12:14:27.000Z",
     *             "requestedAmount": null,
     *             "decision": {
     *               "by": "default",
     *               "reason": "no_endpoint"
     *             },
     *             "metadata": {},
     *             "livemode": false,
     *             "createdAt": "2026-10-03T12:14:27.000Z",
     *             "updatedAt": "2026-10-03T12:14:27.000Z"
     *           },
     *           "livemode": false,
     *           "createdAt": "2026-10-03T12:14:27.000Z"
     *         }
     *       ],
     *       "has_more": true,
     *       "next_cursor": "evt_7pQ8rS9tU0vW1xY2zA3bC4dE"
     *     }
     */
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
    /**
     * @example {
     *       "id": "evt_4fG7hJ2kL9mN3pQ6rS8tV1wX",
     *       "object": "event",
     *       "type": "card.issued",
     *       "sequence": 2,
     *       "data": {
     *         "id": "card_9QwE2rTy6UiO0pAs4DfG8hJk",
     *         "object": "card",
     *         "walletId": "wal_4mX0aJ1n0S2bqz0f1Xk8Qe7T",
     *         "externalUserId": "user_42",
     *         "kind": "virtual",
     *         "currency": "USD",
     *         "spendLimit": 250.5,
     *         "spendingControls": {
     *           "spendingLimits": [
     *             {
     *               "amount": 250.5,
     *               "interval": "per_authorization"
     *             },
     *             {
     *               "amount": 500,
     *               "interval": "daily"
     *             }
     *           ],
     *           "blockedCategories": [
     *             "7995"
     *           ]
     *         },
     *         "spending": [
     *           {
     *             "interval": "daily",
     *             "limit": 500,
     *             "spent": 0,
     *             "remaining": 500,
     *             "resetsAt": "2026-10-02T00:00:00.000Z"
     *           }
     *         ],
     *         "status": "active",
     *         "last4": "7361",
     *         "expMonth": 10,
     *         "expYear": 2029,
     *         "livemode": false,
     *         "processor": "simulator",
     *         "createdAt": "2026-10-01T08:41:03.000Z"
     *       },
     *       "livemode": false,
     *       "createdAt": "2026-10-01T08:41:03.000Z"
     *     }
     */
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
      type:
        | "wallet.provisioned"
        | "card.issued"
        | "card.authorized"
        | "card.captured"
        | "card.refunded"
        | "card.reversed"
        | "top_up.created"
        | "transfer.created"
        | "card.incremented"
        | "card.advised"
        | "card.force_posted"
        | "card.return_reversed"
        | "payout.created"
        | "payout.in_transit"
        | "payout.paid"
        | "payout.failed"
        | "payout.returned"
        | "payout.canceled";
      /**
       * @description This event's place among the events about its wallet (or, for an event about no wallet, among the application's events about no wallet in its mode): 1 for the first, then 2, 3… with no gaps, in commit order. A receiver that sees n+2 before n+1 knows one is late or missing.
       * @example 2
       */
      sequence: number;
      /** @description The resource record as the API returned it when the event happened (wallet, card or authorization). */
      data: {
        [key: string]: unknown;
      };
      /** @description false for records made with sk_test_ keys, true for sk_live_ keys. */
      livemode: boolean;
      /**
       * Format: date-time
       * @description ISO 8601 UTC timestamp.
       * @example 2026-11-21T10:00:00.000Z
       */
      createdAt: string;
    };
    /**
     * @example {
     *       "object": "list",
     *       "schemaVersion": "1.1",
     *       "data": [
     *         {
     *           "object": "event_type",
     *           "type": "card.issued",
     *           "summary": "A card was issued",
     *           "description": "A card was issued on a wallet. data is the card record, as POST /cards returns it.",
     *           "schemaVersion": "1.1",
     *           "dataSchema": {
     *             "type": "object",
     *             "properties": {
     *               "id": {
     *                 "type": "string"
     *               }
     *             }
     *           }
     *         }
     *       ]
     *     }
     */
    EventTypeList: {
      /** @constant */
      object: "list";
      /**
       * @description The current payload schema version.
       * @example 1.1
       */
      schemaVersion: string;
      data: {
        /** @constant */
        object: "event_type";
        /**
         * @description The event kind.
         * @example card.issued
         * @enum {string}
         */
        type:
          | "wallet.provisioned"
          | "card.issued"
          | "card.authorized"
          | "card.captured"
          | "card.refunded"
          | "card.reversed"
          | "top_up.created"
          | "transfer.created"
          | "card.incremented"
          | "card.advised"
          | "card.force_posted"
          | "card.return_reversed"
          | "payout.created"
          | "payout.in_transit"
          | "payout.paid"
          | "payout.failed"
          | "payout.returned"
          | "payout.canceled";
        /** @example A card was issued */
        summary: string;
        /** @example A card was issued on a wallet. data is the card record, as POST /cards returns it. */
        description: string;
        /**
         * @description The payload schema version this kind's data is sent in (x-service-schema-version).
         * @example 1.1
         */
        schemaVersion: string;
        /** @description The JSON Schema (draft 2020-12) of the envelope's `data` for this kind, generated from the same schema as the OpenAPI document. */
        dataSchema: {
          [key: string]: unknown;
        };
      }[];
    };
    /**
     * @example {
     *       "object": "list",
     *       "data": [
     *         {
     *           "id": "whd_2bC4dE6fG8hJ0kL1mN3pQ5rS",
     *           "object": "webhook_delivery",
     *           "eventId": "evt_4fG7hJ2kL9mN3pQ6rS8tV1wX",
     *           "eventType": "card.issued",
     *           "endpointId": "we_5Lm7Nb2Vc9Xz4As1Df8Gh3Jk",
     *           "url": "https://shop.example.com/api/webhooks",
     *           "status": "succeeded",
     *           "attemptCount": 2,
     *           "lastStatusCode": 200,
     *           "nextAttemptAt": null,
     *           "lastAttempt": {
     *             "id": "wha_8hJ3kL5mN7pQ9rS2tV4wX6yZ",
     *             "object": "webhook_attempt",
     *             "trigger": "retry",
     *             "statusCode": 200,
     *             "latencyMs": 87,
     *             "responseExcerpt": "{\"received\":true}",
     *             "error": null,
     *             "requestHeaders": {
     *               "content-type": "application/json",
     *               "user-agent": "wallet-card-service-webhooks/1.1",
     *               "x-service-signature": "3d543200902b68b9fb9ad0757bdf1e8261e6fe5f83cbc8f7beab9f769a96d455",
     *               "x-service-schema-version": "1.1",
     *               "x-service-event-id": "evt_4fG7hJ2kL9mN3pQ6rS8tV1wX",
     *               "x-service-delivery-id": "whd_2bC4dE6fG8hJ0kL1mN3pQ5rS",
     *               "webhook-id": "evt_4fG7hJ2kL9mN3pQ6rS8tV1wX",
     *               "webhook-timestamp": "1790844134",
     *               "webhook-signature": "v1,/sC5gbsSAxjIPOIRxhJEouYpPquHd17ccfIf7vyouVY="
     *             },
     *             "requestBody": "{\"id\":\"evt_4fG7hJ2kL9mN3pQ6rS8tV1wX\",\"event\":\"card.issued\",\"schema_version\":\"1.1\",\"sent_at\":\"2026-10-01T08:42:14.000Z\",\"sequence\":2,\"data\":{\"id\":\"card_9QwE2rTy6UiO0pAs4DfG8hJk\",\"object\":\"card\",\"walletId\":\"wal_4mX0aJ1n0S2bqz0f1Xk8Qe7T\",\"externalUserId\":\"user_42\",\"kind\":\"virtual\",\"currency\":\"USD\",\"spendLimit\":250.5,\"spendingControls\":{\"spendingLimits\":[{\"amount\":250.5,\"interval\":\"per_authorization\"},{\"amount\":500,\"interval\":\"daily\"}],\"blockedCategories\":[\"7995\"]},\"spending\":[{\"interval\":\"daily\",\"limit\":500,\"spent\":0,\"remaining\":500,\"resetsAt\":\"2026-10-02T00:00:00.000Z\"}],\"status\":\"active\",\"last4\":\"7361\",\"expMonth\":10,\"expYear\":2029,\"livemode\":false,\"processor\":\"simulator\",\"createdAt\":\"2026-10-01T08:41:03.000Z\"}}",
     *             "createdAt": "2026-10-01T08:42:14.000Z"
     *           },
     *           "livemode": false,
     *           "createdAt": "2026-10-01T08:41:03.000Z",
     *           "updatedAt": "2026-10-01T08:42:14.087Z"
     *         }
     *       ],
     *       "has_more": false,
     *       "next_cursor": null
     *     }
     */
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
    /**
     * @example {
     *       "id": "whd_2bC4dE6fG8hJ0kL1mN3pQ5rS",
     *       "object": "webhook_delivery",
     *       "eventId": "evt_4fG7hJ2kL9mN3pQ6rS8tV1wX",
     *       "eventType": "card.issued",
     *       "endpointId": "we_5Lm7Nb2Vc9Xz4As1Df8Gh3Jk",
     *       "url": "https://shop.example.com/api/webhooks",
     *       "status": "succeeded",
     *       "attemptCount": 2,
     *       "lastStatusCode": 200,
     *       "nextAttemptAt": null,
     *       "lastAttempt": {
     *         "id": "wha_8hJ3kL5mN7pQ9rS2tV4wX6yZ",
     *         "object": "webhook_attempt",
     *         "trigger": "retry",
     *         "statusCode": 200,
     *         "latencyMs": 87,
     *         "responseExcerpt": "{\"received\":true}",
     *         "error": null,
     *         "requestHeaders": {
     *           "content-type": "application/json",
     *           "user-agent": "wallet-card-service-webhooks/1.1",
     *           "x-service-signature": "3d543200902b68b9fb9ad0757bdf1e8261e6fe5f83cbc8f7beab9f769a96d455",
     *           "x-service-schema-version": "1.1",
     *           "x-service-event-id": "evt_4fG7hJ2kL9mN3pQ6rS8tV1wX",
     *           "x-service-delivery-id": "whd_2bC4dE6fG8hJ0kL1mN3pQ5rS",
     *           "webhook-id": "evt_4fG7hJ2kL9mN3pQ6rS8tV1wX",
     *           "webhook-timestamp": "1790844134",
     *           "webhook-signature": "v1,/sC5gbsSAxjIPOIRxhJEouYpPquHd17ccfIf7vyouVY="
     *         },
     *         "requestBody": "{\"id\":\"evt_4fG7hJ2kL9mN3pQ6rS8tV1wX\",\"event\":\"card.issued\",\"schema_version\":\"1.1\",\"sent_at\":\"2026-10-01T08:42:14.000Z\",\"sequence\":2,\"data\":{\"id\":\"card_9QwE2rTy6UiO0pAs4DfG8hJk\",\"object\":\"card\",\"walletId\":\"wal_4mX0aJ1n0S2bqz0f1Xk8Qe7T\",\"externalUserId\":\"user_42\",\"kind\":\"virtual\",\"currency\":\"USD\",\"spendLimit\":250.5,\"spendingControls\":{\"spendingLimits\":[{\"amount\":250.5,\"interval\":\"per_authorization\"},{\"amount\":500,\"interval\":\"daily\"}],\"blockedCategories\":[\"7995\"]},\"spending\":[{\"interval\":\"daily\",\"limit\":500,\"spent\":0,\"remaining\":500,\"resetsAt\":\"2026-10-02T00:00:00.000Z\"}],\"status\":\"active\",\"last4\":\"7361\",\"expMonth\":10,\"expYear\":2029,\"livemode\":false,\"processor\":\"simulator\",\"createdAt\":\"2026-10-01T08:41:03.000Z\"}}",
     *         "createdAt": "2026-10-01T08:42:14.000Z"
     *       },
     *       "livemode": false,
     *       "createdAt": "2026-10-01T08:41:03.000Z",
     *       "updatedAt": "2026-10-01T08:42:14.087Z"
     *     }
     */
    WebhookDelivery: {
      /** @example whd_2bC4dE6fG8hJ0kL1mN3pQ5rS */
      id: string;
      /** @constant */
      object: "webhook_delivery";
      /** @example evt_4fG7hJ2kL9mN3pQ6rS8tV1wX */
      eventId: string;
      /**
       * @description The event kind.
       * @example card.issued
       * @enum {string}
       */
      eventType:
        | "wallet.provisioned"
        | "card.issued"
        | "card.authorized"
        | "card.captured"
        | "card.refunded"
        | "card.reversed"
        | "top_up.created"
        | "transfer.created"
        | "card.incremented"
        | "card.advised"
        | "card.force_posted"
        | "card.return_reversed"
        | "payout.created"
        | "payout.in_transit"
        | "payout.paid"
        | "payout.failed"
        | "payout.returned"
        | "payout.canceled";
      /** @example we_5Lm7Nb2Vc9Xz4As1Df8Gh3Jk */
      endpointId: string;
      /**
       * @description The endpoint's URL.
       * @example https://shop.example.com/api/webhooks
       */
      url: string;
      /**
       * @description pending: not delivered yet; retries scheduled, or waiting for its endpoint to be enabled again (nextAttemptAt null). succeeded: a 2xx was received. failed: the retry schedule (about three days) ran out, or its endpoint was deleted before it was delivered.
       * @enum {string}
       */
      status: "pending" | "succeeded" | "failed";
      /** @example 2 */
      attemptCount: number;
      /** @example 200 */
      lastStatusCode: number | null;
      /** @description When the next automatic retry is due; null when none is. */
      nextAttemptAt: string | null;
      lastAttempt: components["schemas"]["WebhookAttempt"] | null;
      /** @description false for records made with sk_test_ keys, true for sk_live_ keys. */
      livemode: boolean;
      /**
       * Format: date-time
       * @description ISO 8601 UTC timestamp.
       * @example 2026-11-21T10:00:00.000Z
       */
      createdAt: string;
      /**
       * Format: date-time
       * @description ISO 8601 UTC timestamp.
       * @example 2026-11-21T10:00:00.000Z
       */
      updatedAt: string;
    };
    /**
     * @example {
     *       "id": "wha_8hJ3kL5mN7pQ9rS2tV4wX6yZ",
     *       "object": "webhook_attempt",
     *       "trigger": "retry",
     *       "statusCode": 200,
     *       "latencyMs": 87,
     *       "responseExcerpt": "{\"received\":true}",
     *       "error": null,
     *       "requestHeaders": {
     *         "content-type": "application/json",
     *         "user-agent": "wallet-card-service-webhooks/1.1",
     *         "x-service-signature": "3d543200902b68b9fb9ad0757bdf1e8261e6fe5f83cbc8f7beab9f769a96d455",
     *         "x-service-schema-version": "1.1",
     *         "x-service-event-id": "evt_4fG7hJ2kL9mN3pQ6rS8tV1wX",
     *         "x-service-delivery-id": "whd_2bC4dE6fG8hJ0kL1mN3pQ5rS",
     *         "webhook-id": "evt_4fG7hJ2kL9mN3pQ6rS8tV1wX",
     *         "webhook-timestamp": "1790844134",
     *         "webhook-signature": "v1,/sC5gbsSAxjIPOIRxhJEouYpPquHd17ccfIf7vyouVY="
     *       },
     *       "requestBody": "{\"id\":\"evt_4fG7hJ2kL9mN3pQ6rS8tV1wX\",\"event\":\"card.issued\",\"schema_version\":\"1.1\",\"sent_at\":\"2026-10-01T08:42:14.000Z\",\"sequence\":2,\"data\":{\"id\":\"card_9QwE2rTy6UiO0pAs4DfG8hJk\",\"object\":\"card\",\"walletId\":\"wal_4mX0aJ1n0S2bqz0f1Xk8Qe7T\",\"externalUserId\":\"user_42\",\"kind\":\"virtual\",\"currency\":\"USD\",\"spendLimit\":250.5,\"spendingControls\":{\"spendingLimits\":[{\"amount\":250.5,\"interval\":\"per_authorization\"},{\"amount\":500,\"interval\":\"daily\"}],\"blockedCategories\":[\"7995\"]},\"spending\":[{\"interval\":\"daily\",\"limit\":500,\"spent\":0,\"remaining\":500,\"resetsAt\":\"2026-10-02T00:00:00.000Z\"}],\"status\":\"active\",\"last4\":\"7361\",\"expMonth\":10,\"expYear\":2029,\"livemode\":false,\"processor\":\"simulator\",\"createdAt\":\"2026-10-01T08:41:03.000Z\"}}",
     *       "createdAt": "2026-10-01T08:42:14.000Z"
     *     }
     */
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
      /**
       * @description The receiver's HTTP status; null when no answer came (timeout, refused connection or address).
       * @example 200
       */
      statusCode: number | null;
      /**
       * @description Milliseconds from the start of the attempt to the answer (or the failure).
       * @example 87
       */
      latencyMs: number | null;
      /**
       * @description The first 256 bytes of the receiver's answer; null when none came or the address was refused (nothing was sent).
       * @example {"received":true}
       */
      responseExcerpt: string | null;
      /** @description Why the attempt got no answer, e.g. `timed out after 10000 ms`. */
      error: string | null;
      /** @description The headers sent, signature included. */
      requestHeaders: {
        [key: string]: string;
      };
      /** @description The exact body sent (the signed bytes); null once dropped by retention, 30 days after the attempt. */
      requestBody: string | null;
      /**
       * Format: date-time
       * @description ISO 8601 UTC timestamp.
       * @example 2026-11-21T10:00:00.000Z
       */
      createdAt: string;
    };
    /**
     * @example {
     *       "id": "whd_2bC4dE6fG8hJ0kL1mN3pQ5rS",
     *       "object": "webhook_delivery",
     *       "eventId": "evt_4fG7hJ2kL9mN3pQ6rS8tV1wX",
     *       "eventType": "card.issued",
     *       "endpointId": "we_5Lm7Nb2Vc9Xz4As1Df8Gh3Jk",
     *       "url": "https://shop.example.com/api/webhooks",
     *       "status": "succeeded",
     *       "attemptCount": 2,
     *       "lastStatusCode": 200,
     *       "nextAttemptAt": null,
     *       "lastAttempt": {
     *         "id": "wha_8hJ3kL5mN7pQ9rS2tV4wX6yZ",
     *         "object": "webhook_attempt",
     *         "trigger": "retry",
     *         "statusCode": 200,
     *         "latencyMs": 87,
     *         "responseExcerpt": "{\"received\":true}",
     *         "error": null,
     *         "requestHeaders": {
     *           "content-type": "application/json",
     *           "user-agent": "wallet-card-service-webhooks/1.1",
     *           "x-service-signature": "3d543200902b68b9fb9ad0757bdf1e8261e6fe5f83cbc8f7beab9f769a96d455",
     *           "x-service-schema-version": "1.1",
     *           "x-service-event-id": "evt_4fG7hJ2kL9mN3pQ6rS8tV1wX",
     *           "x-service-delivery-id": "whd_2bC4dE6fG8hJ0kL1mN3pQ5rS",
     *           "webhook-id": "evt_4fG7hJ2kL9mN3pQ6rS8tV1wX",
     *           "webhook-timestamp": "1790844134",
     *           "webhook-signature": "v1,/sC5gbsSAxjIPOIRxhJEouYpPquHd17ccfIf7vyouVY="
     *         },
     *         "requestBody": "{\"id\":\"evt_4fG7hJ2kL9mN3pQ6rS8tV1wX\",\"event\":\"card.issued\",\"schema_version\":\"1.1\",\"sent_at\":\"2026-10-01T08:42:14.000Z\",\"sequence\":2,\"data\":{\"id\":\"card_9QwE2rTy6UiO0pAs4DfG8hJk\",\"object\":\"card\",\"walletId\":\"wal_4mX0aJ1n0S2bqz0f1Xk8Qe7T\",\"externalUserId\":\"user_42\",\"kind\":\"virtual\",\"currency\":\"USD\",\"spendLimit\":250.5,\"spendingControls\":{\"spendingLimits\":[{\"amount\":250.5,\"interval\":\"per_authorization\"},{\"amount\":500,\"interval\":\"daily\"}],\"blockedCategories\":[\"7995\"]},\"spending\":[{\"interval\":\"daily\",\"limit\":500,\"spent\":0,\"remaining\":500,\"resetsAt\":\"2026-10-02T00:00:00.000Z\"}],\"status\":\"active\",\"last4\":\"7361\",\"expMonth\":10,\"expYear\":2029,\"livemode\":false,\"processor\":\"simulator\",\"createdAt\":\"2026-10-01T08:41:03.000Z\"}}",
     *         "createdAt": "2026-10-01T08:42:14.000Z"
     *       },
     *       "livemode": false,
     *       "createdAt": "2026-10-01T08:41:03.000Z",
     *       "updatedAt": "2026-10-01T08:42:14.087Z",
     *       "attempts": [
     *         {
     *           "id": "wha_1qW2eR3tY4uI5oP6aS7dF8gH",
     *           "object": "webhook_attempt",
     *           "trigger": "retry",
     *           "statusCode": null,
     *           "latencyMs": 10000,
     *           "responseExcerpt": null,
     *           "error": "timed out after 10000 ms",
     *           "requestHeaders": {
     *             "content-type": "application/json",
     *             "user-agent": "wallet-card-service-webhooks/1.1",
     *             "x-service-signature": "f1ed7adbe10de7c54365ac0735ceeabbfa97a6fc6b0a1fabc976f84e402db642",
     *             "x-service-schema-version": "1.1",
     *             "x-service-event-id": "evt_4fG7hJ2kL9mN3pQ6rS8tV1wX",
     *             "x-service-delivery-id": "whd_2bC4dE6fG8hJ0kL1mN3pQ5rS",
     *             "webhook-id": "evt_4fG7hJ2kL9mN3pQ6rS8tV1wX",
     *             "webhook-timestamp": "1790844064",
     *             "webhook-signature": "v1,oPJMHWns3gK3xtN9ulKGJxrdQF5/481mD2uwiiwEBvA="
     *           },
     *           "requestBody": "{\"id\":\"evt_4fG7hJ2kL9mN3pQ6rS8tV1wX\",\"event\":\"card.issued\",\"schema_version\":\"1.1\",\"sent_at\":\"2026-10-01T08:41:04.000Z\",\"sequence\":2,\"data\":{\"id\":\"card_9QwE2rTy6UiO0pAs4DfG8hJk\",\"object\":\"card\",\"walletId\":\"wal_4mX0aJ1n0S2bqz0f1Xk8Qe7T\",\"externalUserId\":\"user_42\",\"kind\":\"virtual\",\"currency\":\"USD\",\"spendLimit\":250.5,\"spendingControls\":{\"spendingLimits\":[{\"amount\":250.5,\"interval\":\"per_authorization\"},{\"amount\":500,\"interval\":\"daily\"}],\"blockedCategories\":[\"7995\"]},\"spending\":[{\"interval\":\"daily\",\"limit\":500,\"spent\":0,\"remaining\":500,\"resetsAt\":\"2026-10-02T00:00:00.000Z\"}],\"status\":\"active\",\"last4\":\"7361\",\"expMonth\":10,\"expYear\":2029,\"livemode\":false,\"processor\":\"simulator\",\"createdAt\":\"2026-10-01T08:41:03.000Z\"}}",
     *           "createdAt": "2026-10-01T08:41:04.000Z"
     *         },
     *         {
     *           "id": "wha_8hJ3kL5mN7pQ9rS2tV4wX6yZ",
     *           "object": "webhook_attempt",
     *           "trigger": "retry",
     *           "statusCode": 200,
     *           "latencyMs": 87,
     *           "responseExcerpt": "{\"received\":true}",
     *           "error": null,
     *           "requestHeaders": {
     *             "content-type": "application/json",
     *             "user-agent": "wallet-card-service-webhooks/1.1",
     *             "x-service-signature": "3d543200902b68b9fb9ad0757bdf1e8261e6fe5f83cbc8f7beab9f769a96d455",
     *             "x-service-schema-version": "1.1",
     *             "x-service-event-id": "evt_4fG7hJ2kL9mN3pQ6rS8tV1wX",
     *             "x-service-delivery-id": "whd_2bC4dE6fG8hJ0kL1mN3pQ5rS",
     *             "webhook-id": "evt_4fG7hJ2kL9mN3pQ6rS8tV1wX",
     *             "webhook-timestamp": "1790844134",
     *             "webhook-signature": "v1,/sC5gbsSAxjIPOIRxhJEouYpPquHd17ccfIf7vyouVY="
     *           },
     *           "requestBody": "{\"id\":\"evt_4fG7hJ2kL9mN3pQ6rS8tV1wX\",\"event\":\"card.issued\",\"schema_version\":\"1.1\",\"sent_at\":\"2026-10-01T08:42:14.000Z\",\"sequence\":2,\"data\":{\"id\":\"card_9QwE2rTy6UiO0pAs4DfG8hJk\",\"object\":\"card\",\"walletId\":\"wal_4mX0aJ1n0S2bqz0f1Xk8Qe7T\",\"externalUserId\":\"user_42\",\"kind\":\"virtual\",\"currency\":\"USD\",\"spendLimit\":250.5,\"spendingControls\":{\"spendingLimits\":[{\"amount\":250.5,\"interval\":\"per_authorization\"},{\"amount\":500,\"interval\":\"daily\"}],\"blockedCategories\":[\"7995\"]},\"spending\":[{\"interval\":\"daily\",\"limit\":500,\"spent\":0,\"remaining\":500,\"resetsAt\":\"2026-10-02T00:00:00.000Z\"}],\"status\":\"active\",\"last4\":\"7361\",\"expMonth\":10,\"expYear\":2029,\"livemode\":false,\"processor\":\"simulator\",\"createdAt\":\"2026-10-01T08:41:03.000Z\"}}",
     *           "createdAt": "2026-10-01T08:42:14.000Z"
     *         }
     *       ]
     *     }
     */
    WebhookDeliveryDetail: {
      /** @example whd_2bC4dE6fG8hJ0kL1mN3pQ5rS */
      id: string;
      /** @constant */
      object: "webhook_delivery";
      /** @example evt_4fG7hJ2kL9mN3pQ6rS8tV1wX */
      eventId: string;
      /**
       * @description The event kind.
       * @example card.issued
       * @enum {string}
       */
      eventType:
        | "wallet.provisioned"
        | "card.issued"
        | "card.authorized"
        | "card.captured"
        | "card.refunded"
        | "card.reversed"
        | "top_up.created"
        | "transfer.created"
        | "card.incremented"
        | "card.advised"
        | "card.force_posted"
        | "card.return_reversed"
        | "payout.created"
        | "payout.in_transit"
        | "payout.paid"
        | "payout.failed"
        | "payout.returned"
        | "payout.canceled";
      /** @example we_5Lm7Nb2Vc9Xz4As1Df8Gh3Jk */
      endpointId: string;
      /**
       * @description The endpoint's URL.
       * @example https://shop.example.com/api/webhooks
       */
      url: string;
      /**
       * @description pending: not delivered yet; retries scheduled, or waiting for its endpoint to be enabled again (nextAttemptAt null). succeeded: a 2xx was received. failed: the retry schedule (about three days) ran out, or its endpoint was deleted before it was delivered.
       * @enum {string}
       */
      status: "pending" | "succeeded" | "failed";
      /** @example 2 */
      attemptCount: number;
      /** @example 200 */
      lastStatusCode: number | null;
      /** @description When the next automatic retry is due; null when none is. */
      nextAttemptAt: string | null;
      lastAttempt: components["schemas"]["WebhookAttempt"] | null;
      /** @description false for records made with sk_test_ keys, true for sk_live_ keys. */
      livemode: boolean;
      /**
       * Format: date-time
       * @description ISO 8601 UTC timestamp.
       * @example 2026-11-21T10:00:00.000Z
       */
      createdAt: string;
      /**
       * Format: date-time
       * @description ISO 8601 UTC timestamp.
       * @example 2026-11-21T10:00:00.000Z
       */
      updatedAt: string;
      /** @description Every attempt, oldest first. */
      attempts: components["schemas"]["WebhookAttempt"][];
    };
    /**
     * @example {
     *       "id": "whd_2bC4dE6fG8hJ0kL1mN3pQ5rS",
     *       "object": "webhook_delivery",
     *       "eventId": "evt_4fG7hJ2kL9mN3pQ6rS8tV1wX",
     *       "eventType": "card.issued",
     *       "endpointId": "we_5Lm7Nb2Vc9Xz4As1Df8Gh3Jk",
     *       "url": "https://shop.example.com/api/webhooks",
     *       "status": "succeeded",
     *       "attemptCount": 2,
     *       "lastStatusCode": 200,
     *       "nextAttemptAt": null,
     *       "lastAttempt": {
     *         "id": "wha_8hJ3kL5mN7pQ9rS2tV4wX6yZ",
     *         "object": "webhook_attempt",
     *         "trigger": "retry",
     *         "statusCode": 200,
     *         "latencyMs": 87,
     *         "responseExcerpt": "{\"received\":true}",
     *         "error": null,
     *         "requestHeaders": {
     *           "content-type": "application/json",
     *           "user-agent": "wallet-card-service-webhooks/1.1",
     *           "x-service-signature": "3d543200902b68b9fb9ad0757bdf1e8261e6fe5f83cbc8f7beab9f769a96d455",
     *           "x-service-schema-version": "1.1",
     *           "x-service-event-id": "evt_4fG7hJ2kL9mN3pQ6rS8tV1wX",
     *           "x-service-delivery-id": "whd_2bC4dE6fG8hJ0kL1mN3pQ5rS",
     *           "webhook-id": "evt_4fG7hJ2kL9mN3pQ6rS8tV1wX",
     *           "webhook-timestamp": "1790844134",
     *           "webhook-signature": "v1,/sC5gbsSAxjIPOIRxhJEouYpPquHd17ccfIf7vyouVY="
     *         },
     *         "requestBody": "{\"id\":\"evt_4fG7hJ2kL9mN3pQ6rS8tV1wX\",\"event\":\"card.issued\",\"schema_version\":\"1.1\",\"sent_at\":\"2026-10-01T08:42:14.000Z\",\"sequence\":2,\"data\":{\"id\":\"card_9QwE2rTy6UiO0pAs4DfG8hJk\",\"object\":\"card\",\"walletId\":\"wal_4mX0aJ1n0S2bqz0f1Xk8Qe7T\",\"externalUserId\":\"user_42\",\"kind\":\"virtual\",\"currency\":\"USD\",\"spendLimit\":250.5,\"spendingControls\":{\"spendingLimits\":[{\"amount\":250.5,\"interval\":\"per_authorization\"},{\"amount\":500,\"interval\":\"daily\"}],\"blockedCategories\":[\"7995\"]},\"spending\":[{\"interval\":\"daily\",\"limit\":500,\"spent\":0,\"remaining\":500,\"resetsAt\":\"2026-10-02T00:00:00.000Z\"}],\"status\":\"active\",\"last4\":\"7361\",\"expMonth\":10,\"expYear\":2029,\"livemode\":false,\"processor\":\"simulator\",\"createdAt\":\"2026-10-01T08:41:03.000Z\"}}",
     *         "createdAt": "2026-10-01T08:42:14.000Z"
     *       },
     *       "livemode": false,
     *       "createdAt": "2026-10-01T08:41:03.000Z",
     *       "updatedAt": "2026-10-01T08:42:14.087Z",
     *       "idempotent_replay": false
     *     }
     */
    WebhookReplayResponse: {
      /** @example whd_2bC4dE6fG8hJ0kL1mN3pQ5rS */
      id: string;
      /** @constant */
      object: "webhook_delivery";
      /** @example evt_4fG7hJ2kL9mN3pQ6rS8tV1wX */
      eventId: string;
      /**
       * @description The event kind.
       * @example card.issued
       * @enum {string}
       */
      eventType:
        | "wallet.provisioned"
        | "card.issued"
        | "card.authorized"
        | "card.captured"
        | "card.refunded"
        | "card.reversed"
        | "top_up.created"
        | "transfer.created"
        | "card.incremented"
        | "card.advised"
        | "card.force_posted"
        | "card.return_reversed"
        | "payout.created"
        | "payout.in_transit"
        | "payout.paid"
        | "payout.failed"
        | "payout.returned"
        | "payout.canceled";
      /** @example we_5Lm7Nb2Vc9Xz4As1Df8Gh3Jk */
      endpointId: string;
      /**
       * @description The endpoint's URL.
       * @example https://shop.example.com/api/webhooks
       */
      url: string;
      /**
       * @description pending: not delivered yet; retries scheduled, or waiting for its endpoint to be enabled again (nextAttemptAt null). succeeded: a 2xx was received. failed: the retry schedule (about three days) ran out, or its endpoint was deleted before it was delivered.
       * @enum {string}
       */
      status: "pending" | "succeeded" | "failed";
      /** @example 2 */
      attemptCount: number;
      /** @example 200 */
      lastStatusCode: number | null;
      /** @description When the next automatic retry is due; null when none is. */
      nextAttemptAt: string | null;
      lastAttempt: components["schemas"]["WebhookAttempt"] | null;
      /** @description false for records made with sk_test_ keys, true for sk_live_ keys. */
      livemode: boolean;
      /**
       * Format: date-time
       * @description ISO 8601 UTC timestamp.
       * @example 2026-11-21T10:00:00.000Z
       */
      createdAt: string;
      /**
       * Format: date-time
       * @description ISO 8601 UTC timestamp.
       * @example 2026-11-21T10:00:00.000Z
       */
      updatedAt: string;
      /** @description true when this response is the stored answer to an earlier request with the same Idempotency-Key. */
      idempotent_replay: boolean;
    };
    /**
     * @example {
     *       "object": "list",
     *       "data": [
     *         {
     *           "id": "we_5Lm7Nb2Vc9Xz4As1Df8Gh3Jk",
     *           "object": "webhook_endpoint",
     *           "url": "https://shop.example.com/api/webhooks",
     *           "events": [],
     *           "enabled": true,
     *           "description": "Order service, production",
     *           "metadata": {
     *             "team": "payments"
     *           },
     *           "health": {
     *             "state": "healthy",
     *             "consecutiveFailures": 0,
     *             "failingSince": null,
     *             "lastSuccessAt": "2026-10-01T08:42:14.087Z",
     *             "lastFailureAt": "2026-10-01T08:41:14.000Z",
     *             "lastFailureReason": "timed out after 10000 ms",
     *             "backoffUntil": null,
     *             "disabledAt": null,
     *             "disabledReason": null
     *           },
     *           "livemode": false,
     *           "createdAt": "2026-09-30T16:20:00.000Z",
     *           "updatedAt": "2026-10-01T08:42:14.087Z"
     *         }
     *       ],
     *       "has_more": false,
     *       "next_cursor": null
     *     }
     */
    WebhookEndpointList: {
      /** @constant */
      object: "list";
      /** @description Newest first. */
      data: components["schemas"]["WebhookEndpoint"][];
      /** @description true when another page follows. */
      has_more: boolean;
      /** @description Pass as `starting_after` to read the next page; null on the last page. */
      next_cursor: string | null;
    };
    /**
     * @example {
     *       "id": "we_5Lm7Nb2Vc9Xz4As1Df8Gh3Jk",
     *       "object": "webhook_endpoint",
     *       "url": "https://shop.example.com/api/webhooks",
     *       "events": [],
     *       "enabled": true,
     *       "description": "Order service, production",
     *       "metadata": {
     *         "team": "payments"
     *       },
     *       "health": {
     *         "state": "healthy",
     *         "consecutiveFailures": 0,
     *         "failingSince": null,
     *         "lastSuccessAt": "2026-10-01T08:42:14.087Z",
     *         "lastFailureAt": "2026-10-01T08:41:14.000Z",
     *         "lastFailureReason": "timed out after 10000 ms",
     *         "backoffUntil": null,
     *         "disabledAt": null,
     *         "disabledReason": null
     *       },
     *       "livemode": false,
     *       "createdAt": "2026-09-30T16:20:00.000Z",
     *       "updatedAt": "2026-10-01T08:42:14.087Z"
     *     }
     */
    WebhookEndpoint: {
      /** @example we_5Lm7Nb2Vc9Xz4As1Df8Gh3Jk */
      id: string;
      /** @constant */
      object: "webhook_endpoint";
      /**
       * @description Where deliveries are POSTed.
       * @example https://shop.example.com/api/webhooks
       */
      url: string;
      /** @description The event kinds sent to it; empty means every kind. */
      events: (
        | "wallet.provisioned"
        | "card.issued"
        | "card.authorized"
        | "card.captured"
        | "card.refunded"
        | "card.reversed"
        | "top_up.created"
        | "transfer.created"
        | "card.incremented"
        | "card.advised"
        | "card.force_posted"
        | "card.return_reversed"
        | "payout.created"
        | "payout.in_transit"
        | "payout.paid"
        | "payout.failed"
        | "payout.returned"
        | "payout.canceled"
      )[];
      /**
       * @description false when disabled (health.state is then `disabled`).
       * @example true
       */
      enabled: boolean;
      /** @description The integrator's own words for it; null when none. */
      description: string | null;
      /** @description The integrator's own keys and values; the service never reads them. */
      metadata: {
        [key: string]: string;
      };
      health: components["schemas"]["WebhookEndpointHealth"];
      /** @description false for records made with sk_test_ keys, true for sk_live_ keys. */
      livemode: boolean;
      /**
       * Format: date-time
       * @description ISO 8601 UTC timestamp.
       * @example 2026-11-21T10:00:00.000Z
       */
      createdAt: string;
      /**
       * Format: date-time
       * @description ISO 8601 UTC timestamp.
       * @example 2026-11-21T10:00:00.000Z
       */
      updatedAt: string;
    };
    /**
     * @description The endpoint's delivery health, as the delivery engine records it after every attempt.
     * @example {
     *       "state": "healthy",
     *       "consecutiveFailures": 0,
     *       "failingSince": null,
     *       "lastSuccessAt": "2026-10-01T08:42:14.087Z",
     *       "lastFailureAt": "2026-10-01T08:41:14.000Z",
     *       "lastFailureReason": "timed out after 10000 ms",
     *       "backoffUntil": null,
     *       "disabledAt": null,
     *       "disabledReason": null
     *     }
     */
    WebhookEndpointHealth: {
      /**
       * @description healthy: no failure since the last success. failing: a failure streak has begun (`consecutiveFailures` since `failingSince`); deliveries keep being retried on their schedule. backing_off: after 5 consecutive failures the endpoint is sent one probe delivery at a time, after a back-off that doubles from 30 s to 1 h, until one succeeds; the other deliveries wait meanwhile, none is lost. disabled: nothing is sent; disabled by the merchant, or automatically after 3 days of failures with no success (`disabledAt` and `disabledReason` say when and why). Re-enabling the endpoint resumes its pending deliveries.
       * @example healthy
       * @enum {string}
       */
      state: "healthy" | "failing" | "backing_off" | "disabled";
      /**
       * @description Failed attempts in a row since the last success; 0 when healthy.
       * @example 0
       */
      consecutiveFailures: number;
      /** @description When the current failure streak began; null when there is none. */
      failingSince: string | null;
      /** @description When a delivery to the endpoint last succeeded; null if none has. */
      lastSuccessAt: string | null;
      /** @description When an attempt to the endpoint last failed; null if none has. */
      lastFailureAt: string | null;
      /**
       * @description Why that attempt failed, e.g. `HTTP 503` or `timed out after 10000 ms`.
       * @example timed out after 10000 ms
       */
      lastFailureReason: string | null;
      /** @description While backing off: no delivery is sent before this time, then one probe at a time; null otherwise. */
      backoffUntil: string | null;
      /** @description When the endpoint was disabled; null while it is enabled. */
      disabledAt: string | null;
      /** @description Who or what disabled it and why: the merchant, or the engine after days of failures (with the last error). */
      disabledReason: string | null;
    };
    /**
     * @example {
     *       "id": "we_5Lm7Nb2Vc9Xz4As1Df8Gh3Jk",
     *       "object": "webhook_endpoint",
     *       "url": "https://shop.example.com/api/webhooks",
     *       "events": [],
     *       "enabled": true,
     *       "description": "Order service, production",
     *       "metadata": {
     *         "team": "payments"
     *       },
     *       "health": {
     *         "state": "healthy",
     *         "consecutiveFailures": 0,
     *         "failingSince": null,
     *         "lastSuccessAt": "2026-10-01T08:42:14.087Z",
     *         "lastFailureAt": "2026-10-01T08:41:14.000Z",
     *         "lastFailureReason": "timed out after 10000 ms",
     *         "backoffUntil": null,
     *         "disabledAt": null,
     *         "disabledReason": null
     *       },
     *       "livemode": false,
     *       "createdAt": "2026-09-30T16:20:00.000Z",
     *       "updatedAt": "2026-10-01T08:42:14.087Z",
     *       "idempotent_replay": false
     *     }
     */
    WebhookEndpointWriteResponse: {
      /** @example we_5Lm7Nb2Vc9Xz4As1Df8Gh3Jk */
      id: string;
      /** @constant */
      object: "webhook_endpoint";
      /**
       * @description Where deliveries are POSTed.
       * @example https://shop.example.com/api/webhooks
       */
      url: string;
      /** @description The event kinds sent to it; empty means every kind. */
      events: (
        | "wallet.provisioned"
        | "card.issued"
        | "card.authorized"
        | "card.captured"
        | "card.refunded"
        | "card.reversed"
        | "top_up.created"
        | "transfer.created"
        | "card.incremented"
        | "card.advised"
        | "card.force_posted"
        | "card.return_reversed"
        | "payout.created"
        | "payout.in_transit"
        | "payout.paid"
        | "payout.failed"
        | "payout.returned"
        | "payout.canceled"
      )[];
      /**
       * @description false when disabled (health.state is then `disabled`).
       * @example true
       */
      enabled: boolean;
      /** @description The integrator's own words for it; null when none. */
      description: string | null;
      /** @description The integrator's own keys and values; the service never reads them. */
      metadata: {
        [key: string]: string;
      };
      health: components["schemas"]["WebhookEndpointHealth"];
      /** @description false for records made with sk_test_ keys, true for sk_live_ keys. */
      livemode: boolean;
      /**
       * Format: date-time
       * @description ISO 8601 UTC timestamp.
       * @example 2026-11-21T10:00:00.000Z
       */
      createdAt: string;
      /**
       * Format: date-time
       * @description ISO 8601 UTC timestamp.
       * @example 2026-11-21T10:00:00.000Z
       */
      updatedAt: string;
      /** @description true when this response is the stored answer to an earlier request with the same Idempotency-Key. */
      idempotent_replay: boolean;
    };
    /**
     * @example {
     *       "id": "we_5Lm7Nb2Vc9Xz4As1Df8Gh3Jk",
     *       "object": "webhook_endpoint",
     *       "deleted": true,
     *       "failedDeliveries": 0,
     *       "idempotent_replay": false
     *     }
     */
    DeletedWebhookEndpoint: {
      /** @example we_5Lm7Nb2Vc9Xz4As1Df8Gh3Jk */
      id: string;
      /** @constant */
      object: "webhook_endpoint";
      /** @constant */
      deleted: true;
      /**
       * @description Its deliveries that were still pending and now end failed.
       * @example 0
       */
      failedDeliveries: number;
      /** @description true when this response is the stored answer to an earlier request with the same Idempotency-Key. */
      idempotent_replay: boolean;
    };
    /**
     * @example {
     *       "object": "webhook_test",
     *       "eventId": "evt_5hJ6kL7mN8pQ9rS0tU1vW2xY",
     *       "deliveryId": "whd_2bC4dE6fG8hJ0kL1mN3pQ5rS",
     *       "type": "card.captured",
     *       "idempotent_replay": false
     *     }
     */
    WebhookTestResult: {
      /** @constant */
      object: "webhook_test";
      /** @description The example event, marked as a test: it is about no real wallet. */
      eventId: string;
      /** @description Its delivery to this endpoint, queued like any other. */
      deliveryId: string;
      /**
       * @description The event kind.
       * @example card.issued
       * @enum {string}
       */
      type:
        | "wallet.provisioned"
        | "card.issued"
        | "card.authorized"
        | "card.captured"
        | "card.refunded"
        | "card.reversed"
        | "top_up.created"
        | "transfer.created"
        | "card.incremented"
        | "card.advised"
        | "card.force_posted"
        | "card.return_reversed"
        | "payout.created"
        | "payout.in_transit"
        | "payout.paid"
        | "payout.failed"
        | "payout.returned"
        | "payout.canceled";
      /** @description true when this response is the stored answer to an earlier request with the same Idempotency-Key. */
      idempotent_replay: boolean;
    };
    /**
     * @example {
     *       "object": "webhook_signing_secret",
     *       "mode": "test",
     *       "secret": "whsec_KMvHjwZ8MmcPmhjSx6V4DHPLU5IERA9zRwp5BWmL",
     *       "activeFrom": "2026-10-02T08:41:03.000Z",
     *       "pending": true,
     *       "idempotent_replay": false
     *     }
     */
    RolledWebhookSecret: {
      /** @constant */
      object: "webhook_signing_secret";
      /**
       * @description The key's mode, whose secret was rolled.
       * @enum {string}
       */
      mode: "test" | "live";
      /**
       * @description The new secret (`whsec_…`). Answered here once (a replay of the same Idempotency-Key answers it again, within 24 hours); afterwards only the console's Reveal shows it.
       * @example whsec_KMvHjwZ8MmcPmhjSx6V4DHPLU5IERA9zRwp5BWmL
       */
      secret: string;
      /**
       * Format: date-time
       * @description When it takes over signing.
       * @example 2026-11-21T10:00:00.000Z
       */
      activeFrom: string;
      /** @description true until activeFrom: the current secret still signs. */
      pending: boolean;
      /** @description true when this response is the stored answer to an earlier request with the same Idempotency-Key. */
      idempotent_replay: boolean;
    };
    /**
     * @example {
     *       "object": "authorization_endpoint",
     *       "id": "aep_2Xc8Vb5Nm1Qw7Er4Ty9Ui3Op",
     *       "url": "https://shop.example.com/api/authorization-decisions",
     *       "timeoutMs": 1500,
     *       "defaultAction": "decline",
     *       "livemode": false,
     *       "createdAt": "2026-10-03T12:14:27.000Z",
     *       "updatedAt": "2026-10-03T12:14:27.000Z",
     *       "health": {
     *         "window": 3,
     *         "approved": 2,
     *         "declined": 0,
     *         "timeouts": 1,
     *         "invalidResponses": 0,
     *         "errors": 0,
     *         "overloaded": 0,
     *         "p50LatencyMs": 41,
     *         "p95LatencyMs": 1500,
     *         "lastAnswers": [
     *           {
     *             "authorizationId": "auth_3kT9sLm2QpX7vB1nR5cY8dWz",
     *             "at": "2026-10-03T12:14:27.000Z",
     *             "by": "application",
     *             "reason": "approved",
     *             "latencyMs": 41,
     *             "statusCode": 200
     *           }
     *         ]
     *       },
     *       "refusal": null
     *     }
     */
    AuthorizationEndpoint: {
      /** @constant */
      object: "authorization_endpoint";
      id: string;
      url: string;
      timeoutMs: number;
      /** @enum {string} */
      defaultAction: "approve" | "decline";
      /** @description false for records made with sk_test_ keys, true for sk_live_ keys. */
      livemode: boolean;
      /**
       * Format: date-time
       * @description ISO 8601 UTC timestamp.
       * @example 2026-11-21T10:00:00.000Z
       */
      createdAt: string;
      /**
       * Format: date-time
       * @description ISO 8601 UTC timestamp.
       * @example 2026-11-21T10:00:00.000Z
       */
      updatedAt: string;
      health: {
        /** @description How many of the newest decisions these figures cover (at most 100). */
        window: number;
        approved: number;
        declined: number;
        timeouts: number;
        invalidResponses: number;
        errors: number;
        overloaded: number;
        /** @description Median latency of the answers and timeouts; null before any. */
        p50LatencyMs: number | null;
        p95LatencyMs: number | null;
        /** @description The newest 10 decisions, newest first. */
        lastAnswers: {
          authorizationId: string;
          /**
           * Format: date-time
           * @description ISO 8601 UTC timestamp.
           * @example 2026-11-21T10:00:00.000Z
           */
          at: string;
          /** @enum {string} */
          by: "application" | "default";
          reason: string;
          latencyMs: number | null;
          statusCode: number | null;
        }[];
      };
      /**
       * @description Why this deployment sends nothing to the URL now (a loopback URL set where loopback is no longer allowed, say): every spend then gets defaultAction without a call. Null when the URL may be sent to; a name is judged by its DNS answer at each send.
       * @example null
       */
      refusal: string | null;
    };
    /**
     * @example {
     *       "object": "authorization_endpoint",
     *       "id": "aep_2Xc8Vb5Nm1Qw7Er4Ty9Ui3Op",
     *       "url": "https://shop.example.com/api/authorization-decisions",
     *       "timeoutMs": 1500,
     *       "defaultAction": "decline",
     *       "livemode": false,
     *       "createdAt": "2026-10-03T12:14:27.000Z",
     *       "updatedAt": "2026-10-03T12:14:27.000Z",
     *       "health": {
     *         "window": 3,
     *         "approved": 2,
     *         "declined": 0,
     *         "timeouts": 1,
     *         "invalidResponses": 0,
     *         "errors": 0,
     *         "overloaded": 0,
     *         "p50LatencyMs": 41,
     *         "p95LatencyMs": 1500,
     *         "lastAnswers": [
     *           {
     *             "authorizationId": "auth_3kT9sLm2QpX7vB1nR5cY8dWz",
     *             "at": "2026-10-03T12:14:27.000Z",
     *             "by": "application",
     *             "reason": "approved",
     *             "latencyMs": 41,
     *             "statusCode": 200
     *           }
     *         ]
     *       },
     *       "refusal": null,
     *       "idempotent_replay": false
     *     }
     */
    AuthorizationEndpointWriteResponse: {
      /** @constant */
      object: "authorization_endpoint";
      id: string;
      url: string;
      timeoutMs: number;
      /** @enum {string} */
      defaultAction: "approve" | "decline";
      /** @description false for records made with sk_test_ keys, true for sk_live_ keys. */
      livemode: boolean;
      /**
       * Format: date-time
       * @description ISO 8601 UTC timestamp.
       * @example 2026-11-21T10:00:00.000Z
       */
      createdAt: string;
      /**
       * Format: date-time
       * @description ISO 8601 UTC timestamp.
       * @example 2026-11-21T10:00:00.000Z
       */
      updatedAt: string;
      health: {
        /** @description How many of the newest decisions these figures cover (at most 100). */
        window: number;
        approved: number;
        declined: number;
        timeouts: number;
        invalidResponses: number;
        errors: number;
        overloaded: number;
        /** @description Median latency of the answers and timeouts; null before any. */
        p50LatencyMs: number | null;
        p95LatencyMs: number | null;
        /** @description The newest 10 decisions, newest first. */
        lastAnswers: {
          authorizationId: string;
          /**
           * Format: date-time
           * @description ISO 8601 UTC timestamp.
           * @example 2026-11-21T10:00:00.000Z
           */
          at: string;
          /** @enum {string} */
          by: "application" | "default";
          reason: string;
          latencyMs: number | null;
          statusCode: number | null;
        }[];
      };
      /**
       * @description Why this deployment sends nothing to the URL now (a loopback URL set where loopback is no longer allowed, say): every spend then gets defaultAction without a call. Null when the URL may be sent to; a name is judged by its DNS answer at each send.
       * @example null
       */
      refusal: string | null;
      /** @description true when this response is the stored answer to an earlier request with the same Idempotency-Key. */
      idempotent_replay: boolean;
    };
    /**
     * @example {
     *       "object": "authorization_endpoint",
     *       "deleted": true,
     *       "livemode": false,
     *       "idempotent_replay": false
     *     }
     */
    AuthorizationEndpointDeleted: {
      /** @constant */
      object: "authorization_endpoint";
      /** @constant */
      deleted: true;
      /** @description false for records made with sk_test_ keys, true for sk_live_ keys. */
      livemode: boolean;
      /** @description true when this response is the stored answer to an earlier request with the same Idempotency-Key. */
      idempotent_replay: boolean;
    };
    /**
     * @example {
     *       "id": "stmt_7Rt2Yu9Io4Pa1Sd6Fg3Hj8Kl",
     *       "object": "statement",
     *       "walletId": "wal_4mX0aJ1n0S2bqz0f1Xk8Qe7T",
     *       "externalUserId": "user_42",
     *       "holderName": "Ada Obi",
     *       "currency": "USD",
     *       "periodStart": "2026-10-01",
     *       "periodEnd": "2026-10-31",
     *       "openingBalance": 0,
     *       "closingBalance": 486.2,
     *       "issuedAt": "2026-11-02T10:00:00.000Z",
     *       "expiresAt": "2027-01-31T10:00:00.000Z",
     *       "revokedAt": null,
     *       "livemode": false,
     *       "transactions": [
     *         {
     *           "object": "transaction",
     *           "walletId": "wal_4mX0aJ1n0S2bqz0f1Xk8Qe7T",
     *           "externalUserId": "user_42",
     *           "currency": "USD",
     *           "livemode": false,
     *           "id": "ltr_8HcN2wQe5RtY1uIo3PaS7dFg",
     *           "type": "funding",
     *           "amount": 500,
     *           "authorizationId": null,
     *           "description": "Test top-up",
     *           "balanceAfter": 500,
     *           "createdAt": "2026-10-01T08:35:12.000Z"
     *         },
     *         {
     *           "object": "transaction",
     *           "walletId": "wal_4mX0aJ1n0S2bqz0f1Xk8Qe7T",
     *           "externalUserId": "user_42",
     *           "currency": "USD",
     *           "livemode": false,
     *           "id": "ltr_3JkL9mNb2VcX7zAs5DfG1hQw",
     *           "type": "capture",
     *           "amount": -18.4,
     *           "authorizationId": "auth_3kT9sLm2QpX7vB1nR5cY8dWz",
     *           "description": "Corner Coffee",
     *           "balanceAfter": 481.6,
     *           "createdAt": "2026-10-03T12:20:05.000Z"
     *         },
     *         {
     *           "object": "transaction",
     *           "walletId": "wal_4mX0aJ1n0S2bqz0f1Xk8Qe7T",
     *           "externalUserId": "user_42",
     *           "currency": "USD",
     *           "livemode": false,
     *           "id": "ltr_6TyU1iOp4AsD8fGh2JkL5zXc",
     *           "type": "refund",
     *           "amount": 4.6,
     *           "authorizationId": "auth_3kT9sLm2QpX7vB1nR5cY8dWz",
     *           "description": "Refund: Corner Coffee",
     *           "balanceAfter": 486.2,
     *           "createdAt": "2026-10-04T09:02:45.000Z"
     *         }
     *       ],
     *       "token": "vst_8HcN2wQe5RtY1uIo3PaS7dFgK9LmZx0b",
     *       "document": "eyJhbGciOiJFZERTQSIsImtpZCI6IkZJTnJRRjdFQXdiSm9vV25Fb2dFS3VUaU5ISWhYRUVJOFVMT1pCMXVRMEUiLCJ0eXAiOiJzdGF0ZW1lbnQrandzIn0.eyJpc3MiOiJodHRwOi8vbG9jYWxob3N0OjMwMDAiLCJpZCI6InN0bXRfN1J0Mll1OUlvNFBhMVNkNkZnM0hqOEtsIiwia2luZCI6InN0YXRlbWVudCIsImhvbGRlcl9uYW1lIjoiQWRhIE9iaSIsImFjY291bnRfbnVtYmVyIjoiNDgyOTEwMzc0OCIsInBlcmlvZF9zdGFydCI6IjIwMjYtMTAtMDEiLCJwZXJpb2RfZW5kIjoiMjAyNi0xMC0zMSIsImN1cnJlbmN5IjoiVVNEIiwib3BlbmluZ19iYWxhbmNlIjowLCJjbG9zaW5nX2JhbGFuY2UiOjQ4Ni4yLCJpc3N1ZWRfYXQiOiIyMDI2LTExLTAyVDEwOjAwOjAwLjAwMFoiLCJleHBpcmVzX2F0IjoiMjAyNy0wMS0zMVQxMDowMDowMC4wMDBaIiwibGl2ZW1vZGUiOmZhbHNlfQ.mlGblVOi11o8t8Q-k2vwlX5WBC5gx8QwTj0a59yDasgNdsvRNNRhkm9RXlk6xssaVtKU2mRgwKfExhA2ABpAAg",
     *       "verifyUrl": "http://localhost:3000/verify?token=vst_8HcN2wQe5RtY1uIo3PaS7dFgK9LmZx0b#document=eyJhbGciOiJFZERTQSIsImtpZCI6IkZJTnJRRjdFQXdiSm9vV25Fb2dFS3VUaU5ISWhYRUVJOFVMT1pCMXVRMEUiLCJ0eXAiOiJzdGF0ZW1lbnQrandzIn0.eyJpc3MiOiJodHRwOi8vbG9jYWxob3N0OjMwMDAiLCJpZCI6InN0bXRfN1J0Mll1OUlvNFBhMVNkNkZnM0hqOEtsIiwia2luZCI6InN0YXRlbWVudCIsImhvbGRlcl9uYW1lIjoiQWRhIE9iaSIsImFjY291bnRfbnVtYmVyIjoiNDgyOTEwMzc0OCIsInBlcmlvZF9zdGFydCI6IjIwMjYtMTAtMDEiLCJwZXJpb2RfZW5kIjoiMjAyNi0xMC0zMSIsImN1cnJlbmN5IjoiVVNEIiwib3BlbmluZ19iYWxhbmNlIjowLCJjbG9zaW5nX2JhbGFuY2UiOjQ4Ni4yLCJpc3N1ZWRfYXQiOiIyMDI2LTExLTAyVDEwOjAwOjAwLjAwMFoiLCJleHBpcmVzX2F0IjoiMjAyNy0wMS0zMVQxMDowMDowMC4wMDBaIiwibGl2ZW1vZGUiOmZhbHNlfQ.mlGblVOi11o8t8Q-k2vwlX5WBC5gx8QwTj0a59yDasgNdsvRNNRhkm9RXlk6xssaVtKU2mRgwKfExhA2ABpAAg",
     *       "qrSvg": "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 41 41\" shape-rendering=\"crispEdges\"><path fill=\"#ffffff\" d=\"M0 0h41v41H0z\"/><path stroke=\"#000000\" d=\"M2 2.5h7m2 0h1m1 0h2m2 0h1m1 0h2m1 0h3m3 0h3m1 0h7M2 3.5h1m5 0h1m4 0h1m2 0h1m2 0h1m1 0h1m6 0h3m1 0h1m5 0h1M2 4.5h1m1 0h3m1 0h1m1 0h1m1 0h1m1 0h3m3 0h4m5 0h1m2 0h1m1 0h3m1 0h1M2 5.5h1m1 0h3m1 0h1m1 0h2m2 0h3m1 0h4m2 0h2m1 0h1m1 0h2m1 0h1m1 0h3m1 0h1M2 6.5h1m1 0h3m1 0h1m1 0h2m1 0h2m2 0h2m2 0h2m2 0h1m2 0h1m1 0h1m1 0h1m1 0h3m1 0h1M2 7.5h1m5 0h1m1 0h1m2 0h1m3 0h1m2 0h1m1 0h1m4 0h1m1 0h2m1 0h1m5 0h1M2 8.5h7m1 0h1m1 0h1m1 0h1m1 0h1m1 0h1m1 0h1m1 0h1m1 0h1m1 0h1m1 0h1m1 0h1m1 0h7M10 9.5h1m2 0h1m4 0h1m3 0h2m4 0h1M2 10.5h1m1 0h5m2 0h2m2 0h3m2 0h1m1 0h1m1 0h1m1 0h2m1 0h1m2 0h5M2 11.5h2m3 0h1m1 0h2m1 0h1m2 0h1m1 0h3m4 0h2m1 0h2m1 0h2m5 0h1M2 12.5h1m1 0h1m1 0h1m1 0h2m3 0h4m5 0h2m2 0h2m1 0h1m1 0h1m1 0h1m2 0h3M3 13.5h3m1 0h1m8 0h1m1 0h1m4 0h2m4 0h1m1 0h1m2 0h1m3 0h1M2 14.5h2m2 0h4m1 0h1m1 0h1m1 0h1m3 0h1m4 0h4m1 0h4m1 0h1m2 0h2M4 15.5h2m1 0h1m1 0h1m1 0h5m2 0h2m1 0h2m2 0h1m2 0h1m1 0h1m2 0h1m3 0h1M2 16.5h2m1 0h1m2 0h3m2 0h5m1 0h1m2 0h2m2 0h5m1 0h1m2 0h1m1 0h2M2 17.5h1m1 0h1m1 0h2m2 0h3m1 0h1m2 0h1m1 0h3m1 0h1m1 0h1m2 0h1m1 0h5M2 18.5h2m2 0h8m1 0h2m1 0h1m2 0h1m4 0h3m1 0h4m2 0h1m1 0h1M5 19.5h1m1 0h1m1 0h1m3 0h3m1 0h1m2 0h1m1 0h3m4 0h3m1 0h1m1 0h1m1 0h1M2 20.5h1m2 0h2m1 0h1m1 0h1m2 0h1m1 0h1m1 0h3m1 0h1m2 0h1m2 0h1m1 0h2m1 0h1m4 0h2M2 21.5h3m2 0h1m2 0h2m4 0h2m2 0h4m2 0h1m1 0h1m2 0h1m1 0h1m4 0h1M2 22.5h1m1 0h1m1 0h1m1 0h1m1 0h3m1 0h2m1 0h1m1 0h1m1 0h1m2 0h2m1 0h1m1 0h1m1 0h2m1 0h3M2 23.5h2m2 0h2m1 0h1m1 0h2m1 0h1m1 0h3m2 0h5m2 0h1m1 0h1m2 0h1m1 0h1m1 0h1M2 24.5h4m2 0h5m1 0h1m1 0h2m2 0h1m1 0h2m4 0h2m1 0h5m2 0h1M2 25.5h1m1 0h1m1 0h1m3 0h4m2 0h2m3 0h3m1 0h1m3 0h1m1 0h5M3 26.5h1m1 0h1m1 0h2m5 0h1m1 0h1m3 0h3m1 0h2m2 0h1m1 0h5m1 0h2M2 27.5h2m1 0h2m5 0h2m2 0h3m6 0h2m5 0h2M2 28.5h1m3 0h4m1 0h1m1 0h4m2 0h2m1 0h2m5 0h2m1 0h1m1 0h1m2 0h2M2 29.5h1m1 0h4m2 0h2m1 0h1m1 0h2m1 0h1m4 0h4m3 0h3m2 0h1m1 0h1M2 30.5h1m5 0h3m1 0h2m2 0h1m1 0h2m5 0h3m2 0h5m1 0h3M10 31.5h7m2 0h1m1 0h6m1 0h3m3 0h3m1 0h1M2 32.5h7m2 0h1m4 0h4m6 0h3m1 0h1m1 0h1m1 0h5M2 33.5h1m5 0h1m1 0h2m1 0h1m1 0h1m2 0h3m1 0h2m2 0h1m3 0h1m3 0h2m1 0h1M2 34.5h1m1 0h3m1 0h1m1 0h1m2 0h1m4 0h1m4 0h1m2 0h11m1 0h1M2 35.5h1m1 0h3m1 0h1m1 0h1m1 0h3m2 0h1m2 0h1m1 0h1m6 0h1m1 0h2m1 0h1m3 0h1M2 36.5h1m1 0h3m1 0h1m1 0h4m2 0h3m2 0h1m2 0h1m5 0h1m6 0h2M2 37.5h1m5 0h1m2 0h1m1 0h3m1 0h1m2 0h6m3 0h2m2 0h2m3 0h1M2 38.5h7m1 0h1m1 0h4m1 0h2m2 0h2m1 0h1m2 0h1m3 0h4m2 0h2\"/></svg>\n",
     *       "idempotent_replay": false
     *     }
     */
    StatementCreated: {
      /** @example stmt_7Rt2Yu9Io4Pa1Sd6Fg3Hj8Kl */
      id: string;
      /** @constant */
      object: "statement";
      /** @example wal_4mX0aJ1n0S2bqz0f1Xk8Qe7T */
      walletId: string;
      /** @example user_42 */
      externalUserId: string;
      /** @example Ada Obi */
      holderName: string;
      /**
       * @description ISO 4217 currency code.
       * @example USD
       */
      currency: string;
      /**
       * Format: date
       * @description `YYYY-MM-DD`.
       * @example 2026-10-01
       */
      periodStart: string;
      /**
       * Format: date
       * @description `YYYY-MM-DD`, inclusive.
       * @example 2026-10-31
       */
      periodEnd: string;
      /**
       * @description Posted balance at the start of periodStart (UTC).
       * @example 0
       */
      openingBalance: number;
      /**
       * @description Posted balance after the period's last transaction (at issue, for a period ending today).
       * @example 486.2
       */
      closingBalance: number;
      /**
       * Format: date-time
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
       * @description The document signed: a compact JWS (`alg` EdDSA, `kid` of a key in `/.well-known/jwks.json`, `typ` `statement+jws`, `proof-of-funds+jws` or `proof-of-address+jws`) whose payload is what the document states (issuer base URL `iss`, `id`, `kind`, holder name, account number, period and balances or amount or address, currency, `issued_at`, `expires_at`, `livemode`). `verifyUrl` carries it in its fragment (`#document=`), which browsers never send to a server.
       * @example eyJhbGciOiJFZERTQSIsImtpZCI6IkZJTnJRRjdFQXdiSm9vV25Fb2dFS3VUaU5ISWhYRUVJOFVMT1pCMXVRMEUiLCJ0eXAiOiJzdGF0ZW1lbnQrandzIn0.eyJpc3MiOiJodHRwOi8vbG9jYWxob3N0OjMwMDAiLCJpZCI6InN0bXRfN1J0Mll1OUlvNFBhMVNkNkZnM0hqOEtsIiwia2luZCI6InN0YXRlbWVudCIsImhvbGRlcl9uYW1lIjoiQWRhIE9iaSIsImFjY291bnRfbnVtYmVyIjoiNDgyOTEwMzc0OCIsInBlcmlvZF9zdGFydCI6IjIwMjYtMTAtMDEiLCJwZXJpb2RfZW5kIjoiMjAyNi0xMC0zMSIsImN1cnJlbmN5IjoiVVNEIiwib3BlbmluZ19iYWxhbmNlIjowLCJjbG9zaW5nX2JhbGFuY2UiOjQ4Ni4yLCJpc3N1ZWRfYXQiOiIyMDI2LTExLTAyVDEwOjAwOjAwLjAwMFoiLCJleHBpcmVzX2F0IjoiMjAyNy0wMS0zMVQxMDowMDowMC4wMDBaIiwibGl2ZW1vZGUiOmZhbHNlfQ.mlGblVOi11o8t8Q-k2vwlX5WBC5gx8QwTj0a59yDasgNdsvRNNRhkm9RXlk6xssaVtKU2mRgwKfExhA2ABpAAg
       */
      document: string;
      /**
       * Format: uri
       * @description Public page that checks the token and, in the browser, the signed document carried in the fragment (`#document=`).
       * @example http://localhost:3000/verify?token=vst_8HcN2wQe5RtY1uIo3PaS7dFgK9LmZx0b#document=eyJhbGciOiJFZERTQSIsImtpZCI6IkZJTnJRRjdFQXdiSm9vV25Fb2dFS3VUaU5ISWhYRUVJOFVMT1pCMXVRMEUiLCJ0eXAiOiJzdGF0ZW1lbnQrandzIn0.eyJpc3MiOiJodHRwOi8vbG9jYWxob3N0OjMwMDAiLCJpZCI6InN0bXRfN1J0Mll1OUlvNFBhMVNkNkZnM0hqOEtsIiwia2luZCI6InN0YXRlbWVudCIsImhvbGRlcl9uYW1lIjoiQWRhIE9iaSIsImFjY291bnRfbnVtYmVyIjoiNDgyOTEwMzc0OCIsInBlcmlvZF9zdGFydCI6IjIwMjYtMTAtMDEiLCJwZXJpb2RfZW5kIjoiMjAyNi0xMC0zMSIsImN1cnJlbmN5IjoiVVNEIiwib3BlbmluZ19iYWxhbmNlIjowLCJjbG9zaW5nX2JhbGFuY2UiOjQ4Ni4yLCJpc3N1ZWRfYXQiOiIyMDI2LTExLTAyVDEwOjAwOjAwLjAwMFoiLCJleHBpcmVzX2F0IjoiMjAyNy0wMS0zMVQxMDowMDowMC4wMDBaIiwibGl2ZW1vZGUiOmZhbHNlfQ.mlGblVOi11o8t8Q-k2vwlX5WBC5gx8QwTj0a59yDasgNdsvRNNRhkm9RXlk6xssaVtKU2mRgwKfExhA2ABpAAg
       */
      verifyUrl: string;
      /** @description An SVG QR code that encodes verifyUrl, to print on the statement. */
      qrSvg: string;
      /** @description true when this response is the stored answer to an earlier request with the same Idempotency-Key. */
      idempotent_replay: boolean;
    };
    /**
     * @example {
     *       "id": "stmt_7Rt2Yu9Io4Pa1Sd6Fg3Hj8Kl",
     *       "object": "statement",
     *       "walletId": "wal_4mX0aJ1n0S2bqz0f1Xk8Qe7T",
     *       "externalUserId": "user_42",
     *       "holderName": "Ada Obi",
     *       "currency": "USD",
     *       "periodStart": "2026-10-01",
     *       "periodEnd": "2026-10-31",
     *       "openingBalance": 0,
     *       "closingBalance": 486.2,
     *       "issuedAt": "2026-11-02T10:00:00.000Z",
     *       "expiresAt": "2027-01-31T10:00:00.000Z",
     *       "revokedAt": "2026-11-20T16:45:00.000Z",
     *       "livemode": false,
     *       "idempotent_replay": false
     *     }
     */
    StatementWriteResponse: {
      /** @example stmt_7Rt2Yu9Io4Pa1Sd6Fg3Hj8Kl */
      id: string;
      /** @constant */
      object: "statement";
      /** @example wal_4mX0aJ1n0S2bqz0f1Xk8Qe7T */
      walletId: string;
      /** @example user_42 */
      externalUserId: string;
      /** @example Ada Obi */
      holderName: string;
      /**
       * @description ISO 4217 currency code.
       * @example USD
       */
      currency: string;
      /**
       * Format: date
       * @description `YYYY-MM-DD`.
       * @example 2026-10-01
       */
      periodStart: string;
      /**
       * Format: date
       * @description `YYYY-MM-DD`, inclusive.
       * @example 2026-10-31
       */
      periodEnd: string;
      /**
       * @description Posted balance at the start of periodStart (UTC).
       * @example 0
       */
      openingBalance: number;
      /**
       * @description Posted balance after the period's last transaction (at issue, for a period ending today).
       * @example 486.2
       */
      closingBalance: number;
      /**
       * Format: date-time
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
    /**
     * @example {
     *       "id": "prf_2Qw8Er5Ty1Ui7Op4As9Df3Gh",
     *       "object": "proof",
     *       "walletId": "wal_4mX0aJ1n0S2bqz0f1Xk8Qe7T",
     *       "externalUserId": "user_42",
     *       "kind": "funds",
     *       "reference": "PRF-7KQ2-M9XD",
     *       "holderName": "Ada Obi",
     *       "accountNumber": "4829103748",
     *       "currency": "USD",
     *       "amount": 486.2,
     *       "address": null,
     *       "verifyUrl": "http://localhost:3000/verify/proof?account=4829103748&kind=funds&reference=PRF-7KQ2-M9XD#document=eyJhbGciOiJFZERTQSIsImtpZCI6IkZJTnJRRjdFQXdiSm9vV25Fb2dFS3VUaU5ISWhYRUVJOFVMT1pCMXVRMEUiLCJ0eXAiOiJwcm9vZi1vZi1mdW5kcytqd3MifQ.eyJpc3MiOiJodHRwOi8vbG9jYWxob3N0OjMwMDAiLCJpZCI6InByZl8yUXc4RXI1VHkxVWk3T3A0QXM5RGYzR2giLCJraW5kIjoicHJvb2Ytb2YtZnVuZHMiLCJob2xkZXJfbmFtZSI6IkFkYSBPYmkiLCJhY2NvdW50X251bWJlciI6IjQ4MjkxMDM3NDgiLCJyZWZlcmVuY2UiOiJQUkYtN0tRMi1NOVhEIiwiY3VycmVuY3kiOiJVU0QiLCJhbW91bnQiOjQ4Ni4yLCJpc3N1ZWRfYXQiOiIyMDI2LTExLTAyVDEwOjA1OjAwLjAwMFoiLCJleHBpcmVzX2F0IjoiMjAyNi0xMi0wMlQxMDowNTowMC4wMDBaIiwibGl2ZW1vZGUiOmZhbHNlfQ.tFdA4RXa76YaKn4GieNBNFDbi2UA_oexxug-R5ut0Y1wi4u-weRjmjVRpe7-X6X-8f2tnf6Qcs-NeYT7v1a1Cg",
     *       "issuedAt": "2026-11-02T10:05:00.000Z",
     *       "expiresAt": "2026-12-02T10:05:00.000Z",
     *       "revokedAt": null,
     *       "livemode": false,
     *       "document": "eyJhbGciOiJFZERTQSIsImtpZCI6IkZJTnJRRjdFQXdiSm9vV25Fb2dFS3VUaU5ISWhYRUVJOFVMT1pCMXVRMEUiLCJ0eXAiOiJwcm9vZi1vZi1mdW5kcytqd3MifQ.eyJpc3MiOiJodHRwOi8vbG9jYWxob3N0OjMwMDAiLCJpZCI6InByZl8yUXc4RXI1VHkxVWk3T3A0QXM5RGYzR2giLCJraW5kIjoicHJvb2Ytb2YtZnVuZHMiLCJob2xkZXJfbmFtZSI6IkFkYSBPYmkiLCJhY2NvdW50X251bWJlciI6IjQ4MjkxMDM3NDgiLCJyZWZlcmVuY2UiOiJQUkYtN0tRMi1NOVhEIiwiY3VycmVuY3kiOiJVU0QiLCJhbW91bnQiOjQ4Ni4yLCJpc3N1ZWRfYXQiOiIyMDI2LTExLTAyVDEwOjA1OjAwLjAwMFoiLCJleHBpcmVzX2F0IjoiMjAyNi0xMi0wMlQxMDowNTowMC4wMDBaIiwibGl2ZW1vZGUiOmZhbHNlfQ.tFdA4RXa76YaKn4GieNBNFDbi2UA_oexxug-R5ut0Y1wi4u-weRjmjVRpe7-X6X-8f2tnf6Qcs-NeYT7v1a1Cg",
     *       "idempotent_replay": false
     *     }
     */
    ProofCreated: {
      /** @example prf_2Qw8Er5Ty1Ui7Op4As9Df3Gh */
      id: string;
      /** @constant */
      object: "proof";
      /** @example wal_4mX0aJ1n0S2bqz0f1Xk8Qe7T */
      walletId: string;
      /** @example user_42 */
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
      /** @example Ada Obi */
      holderName: string;
      /** @example 4829103748 */
      accountNumber: string;
      /** @description Funds letters: the wallet's currency. */
      currency: string | null;
      /**
       * @description Funds letters: the available balance when the letter was issued.
       * @example 486.2
       */
      amount: number | null;
      /** @description Address letters: the address on file when the letter was issued. */
      address: components["schemas"]["Address"] | null;
      /**
       * Format: uri
       * @description Public page that checks the letter (reference included) and, in the browser, the signed document in the fragment (`#document=`).
       * @example http://localhost:3000/verify/proof?account=4829103748&kind=funds&reference=PRF-7KQ2-M9XD#document=eyJhbGciOiJFZERTQSIsImtpZCI6IkZJTnJRRjdFQXdiSm9vV25Fb2dFS3VUaU5ISWhYRUVJOFVMT1pCMXVRMEUiLCJ0eXAiOiJwcm9vZi1vZi1mdW5kcytqd3MifQ.eyJpc3MiOiJodHRwOi8vbG9jYWxob3N0OjMwMDAiLCJpZCI6InByZl8yUXc4RXI1VHkxVWk3T3A0QXM5RGYzR2giLCJraW5kIjoicHJvb2Ytb2YtZnVuZHMiLCJob2xkZXJfbmFtZSI6IkFkYSBPYmkiLCJhY2NvdW50X251bWJlciI6IjQ4MjkxMDM3NDgiLCJyZWZlcmVuY2UiOiJQUkYtN0tRMi1NOVhEIiwiY3VycmVuY3kiOiJVU0QiLCJhbW91bnQiOjQ4Ni4yLCJpc3N1ZWRfYXQiOiIyMDI2LTExLTAyVDEwOjA1OjAwLjAwMFoiLCJleHBpcmVzX2F0IjoiMjAyNi0xMi0wMlQxMDowNTowMC4wMDBaIiwibGl2ZW1vZGUiOmZhbHNlfQ.tFdA4RXa76YaKn4GieNBNFDbi2UA_oexxug-R5ut0Y1wi4u-weRjmjVRpe7-X6X-8f2tnf6Qcs-NeYT7v1a1Cg
       */
      verifyUrl: string;
      /**
       * Format: date-time
       * @description ISO 8601 UTC timestamp.
       * @example 2026-11-21T10:00:00.000Z
       */
      issuedAt: string;
      expiresAt: string | null;
      revokedAt: string | null;
      /** @description false for records made with sk_test_ keys, true for sk_live_ keys. */
      livemode: boolean;
      /**
       * @description The document signed: a compact JWS (`alg` EdDSA, `kid` of a key in `/.well-known/jwks.json`, `typ` `statement+jws`, `proof-of-funds+jws` or `proof-of-address+jws`) whose payload is what the document states (issuer base URL `iss`, `id`, `kind`, holder name, account number, period and balances or amount or address, currency, `issued_at`, `expires_at`, `livemode`). `verifyUrl` carries it in its fragment (`#document=`), which browsers never send to a server.
       * @example eyJhbGciOiJFZERTQSIsImtpZCI6IkZJTnJRRjdFQXdiSm9vV25Fb2dFS3VUaU5ISWhYRUVJOFVMT1pCMXVRMEUiLCJ0eXAiOiJwcm9vZi1vZi1mdW5kcytqd3MifQ.eyJpc3MiOiJodHRwOi8vbG9jYWxob3N0OjMwMDAiLCJpZCI6InByZl8yUXc4RXI1VHkxVWk3T3A0QXM5RGYzR2giLCJraW5kIjoicHJvb2Ytb2YtZnVuZHMiLCJob2xkZXJfbmFtZSI6IkFkYSBPYmkiLCJhY2NvdW50X251bWJlciI6IjQ4MjkxMDM3NDgiLCJyZWZlcmVuY2UiOiJQUkYtN0tRMi1NOVhEIiwiY3VycmVuY3kiOiJVU0QiLCJhbW91bnQiOjQ4Ni4yLCJpc3N1ZWRfYXQiOiIyMDI2LTExLTAyVDEwOjA1OjAwLjAwMFoiLCJleHBpcmVzX2F0IjoiMjAyNi0xMi0wMlQxMDowNTowMC4wMDBaIiwibGl2ZW1vZGUiOmZhbHNlfQ.tFdA4RXa76YaKn4GieNBNFDbi2UA_oexxug-R5ut0Y1wi4u-weRjmjVRpe7-X6X-8f2tnf6Qcs-NeYT7v1a1Cg
       */
      document: string;
      /** @description true when this response is the stored answer to an earlier request with the same Idempotency-Key. */
      idempotent_replay: boolean;
    };
    /**
     * @example {
     *       "id": "prf_2Qw8Er5Ty1Ui7Op4As9Df3Gh",
     *       "object": "proof",
     *       "walletId": "wal_4mX0aJ1n0S2bqz0f1Xk8Qe7T",
     *       "externalUserId": "user_42",
     *       "kind": "funds",
     *       "reference": "PRF-7KQ2-M9XD",
     *       "holderName": "Ada Obi",
     *       "accountNumber": "4829103748",
     *       "currency": "USD",
     *       "amount": 486.2,
     *       "address": null,
     *       "verifyUrl": "http://localhost:3000/verify/proof?account=4829103748&kind=funds&reference=PRF-7KQ2-M9XD",
     *       "issuedAt": "2026-11-02T10:05:00.000Z",
     *       "expiresAt": "2026-12-02T10:05:00.000Z",
     *       "revokedAt": null,
     *       "livemode": false,
     *       "idempotent_replay": false
     *     }
     */
    ProofWriteResponse: {
      /** @example prf_2Qw8Er5Ty1Ui7Op4As9Df3Gh */
      id: string;
      /** @constant */
      object: "proof";
      /** @example wal_4mX0aJ1n0S2bqz0f1Xk8Qe7T */
      walletId: string;
      /** @example user_42 */
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
      /** @example Ada Obi */
      holderName: string;
      /** @example 4829103748 */
      accountNumber: string;
      /** @description Funds letters: the wallet's currency. */
      currency: string | null;
      /**
       * @description Funds letters: the available balance when the letter was issued.
       * @example 486.2
       */
      amount: number | null;
      /** @description Address letters: the address on file when the letter was issued. */
      address: components["schemas"]["Address"] | null;
      /**
       * Format: uri
       * @description Public page that checks the letter, reference included.
       * @example http://localhost:3000/verify/proof?account=4829103748&kind=funds&reference=PRF-7KQ2-M9XD
       */
      verifyUrl: string;
      /**
       * Format: date-time
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
    /** @description The answer for any token: valid true with the statement's details, or valid false with a reason. */
    StatementTokenResult: components["schemas"]["StatementTokenValid"] | components["schemas"]["StatementTokenInvalid"];
    /**
     * @example {
     *       "valid": true,
     *       "holder_name": "Ada Obi",
     *       "period_start": "2026-10-01",
     *       "period_end": "2026-10-31",
     *       "issued_at": "2026-11-02T10:00:00.000Z",
     *       "expires_at": "2027-01-31T10:00:00.000Z",
     *       "currency": "USD",
     *       "opening_balance": 0,
     *       "closing_balance": 486.2,
     *       "livemode": false
     *     }
     */
    StatementTokenValid: {
      /** @constant */
      valid: true;
      /** @example Ada Obi */
      holder_name: string;
      /**
       * Format: date
       * @description `YYYY-MM-DD`.
       * @example 2026-10-01
       */
      period_start: string;
      /**
       * Format: date
       * @description `YYYY-MM-DD`, inclusive.
       * @example 2026-10-31
       */
      period_end: string;
      /**
       * Format: date-time
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
       * @example 0
       */
      opening_balance: number;
      /**
       * @description Amount in the major unit of the currency.
       * @example 486.2
       */
      closing_balance: number;
      /** @description false for a statement issued with a test key: not a real account. */
      livemode: boolean;
    };
    /**
     * @example {
     *       "valid": false,
     *       "reason": "This statement has been revoked by its issuer.",
     *       "reason_code": "revoked"
     *     }
     */
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
    /**
     * @example {
     *       "account": "4829103748",
     *       "kind": "funds",
     *       "valid": true,
     *       "holder_name": "A*** O***",
     *       "issued_at": "2026-11-02T10:05:00.000Z",
     *       "expires_at": "2026-12-02T10:05:00.000Z",
     *       "livemode": false,
     *       "reference_matched": true,
     *       "currency": "USD",
     *       "amount": 486.2
     *     }
     */
    ProofVerification: {
      /** @example 4829103748 */
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
       * @example 486.2
       */
      amount?: number;
      /** @description Address letters, with a matching reference only. */
      address?: components["schemas"]["Address"];
    };
    /**
     * @example {
     *       "id": "stmt_7Rt2Yu9Io4Pa1Sd6Fg3Hj8Kl",
     *       "status": "current",
     *       "revoked_at": null,
     *       "expires_at": "2027-01-31T10:00:00.000Z"
     *     }
     */
    DocumentStatus: {
      /** @example stmt_7Rt2Yu9Io4Pa1Sd6Fg3Hj8Kl */
      id: string;
      /**
       * @description current: issued here, neither revoked nor expired; revoked: withdrawn by its issuer (a signature cannot say this); expired; not_found: no document of ours has this id.
       * @enum {string}
       */
      status: "current" | "revoked" | "expired" | "not_found";
      revoked_at: string | null;
      expires_at: string | null;
    };
    /**
     * @example {
     *       "keys": [
     *         {
     *           "kty": "OKP",
     *           "crv": "Ed25519",
     *           "x": "YJKZtHCwpbiNEVFAmH-aEIAhLaXr940_IVNe8Y1USOE",
     *           "kid": "FINrQF7EAwbJooWnEogEKuTiNHIhXEEI8ULOZB1uQ0E",
     *           "alg": "EdDSA",
     *           "use": "sig"
     *         }
     *       ]
     *     }
     */
    DocumentSigningKeys: {
      /** @description The key signing now first, then retired keys still needed: a retired key stays while a document signed with it has not expired. */
      keys: {
        /** @constant */
        kty: "OKP";
        /** @constant */
        crv: "Ed25519";
        /** @description The public key, base64url. */
        x: string;
        /** @description The key's id: its RFC 7638 thumbprint. */
        kid: string;
        /** @constant */
        alg: "EdDSA";
        /** @constant */
        use: "sig";
      }[];
    };
    /**
     * @example {
     *       "as_of": "2026-11-21T10:00:00.000Z",
     *       "livemode": true,
     *       "ledger_balanced": true,
     *       "ledger_checked_at": "2026-11-21T10:00:00.000Z",
     *       "currencies": [
     *         {
     *           "currency": "NGN",
     *           "wallets": 312,
     *           "active_cards": 287,
     *           "liabilities": 48250000.5,
     *           "reserves": 50000000,
     *           "coverage_ratio": 1.0363,
     *           "card_volume_30d": 6120450.25
     *         },
     *         {
     *           "currency": "USD",
     *           "wallets": 1284,
     *           "active_cards": 1542,
     *           "liabilities": 1482350.75,
     *           "reserves": 1500000,
     *           "coverage_ratio": 1.0119,
     *           "card_volume_30d": 214806.3
     *         }
     *       ]
     *     }
     */
    TreasuryStats: {
      /**
       * Format: date-time
       * @description When these figures were computed (they are cached for up to 60 seconds).
       * @example 2026-11-21T10:00:00.000Z
       */
      as_of: string;
      /**
       * @description Always true: test-mode data never appears here.
       * @constant
       */
      livemode: true;
      /** @description false once the background ledger verification has found the live ledger's invariant broken (a transfer not summing to zero, a cached balance or running total differing from its entries); true while it has found nothing wrong. */
      ledger_balanced: boolean;
      /**
       * @description When the background ledger verification last ran (it checks every new ledger entry about once a minute); null before its first run.
       * @example 2026-11-21T10:00:00.000Z
       */
      ledger_checked_at: string | null;
      /** @description One entry per currency with live wallets, cards or ledger accounts, by code. */
      currencies: components["schemas"]["TreasuryCurrency"][];
    };
    /**
     * @example {
     *       "currency": "USD",
     *       "wallets": 1284,
     *       "active_cards": 1542,
     *       "liabilities": 1482350.75,
     *       "reserves": 1500000,
     *       "coverage_ratio": 1.0119,
     *       "card_volume_30d": 214806.3
     *     }
     */
    TreasuryCurrency: {
      /**
       * @description ISO 4217 currency code.
       * @example USD
       */
      currency: string;
      /**
       * @description Live wallets in this currency.
       * @example 1284
       */
      wallets: number;
      /**
       * @description Live cards in this currency whose status is active.
       * @example 1542
       */
      active_cards: number;
      /**
       * @description Sum of live wallet posted balances (what the platform owes holders), major units.
       * @example 1482350.75
       */
      liabilities: number;
      /**
       * @description Reserves held against them: the negative of the live reserve account's balance, major units.
       * @example 1500000
       */
      reserves: number;
      /**
       * @description reserves / liabilities, to 4 decimal places; null when liabilities are 0.
       * @example 1.0119
       */
      coverage_ratio: number | null;
      /**
       * @description Live card captures over the last 30 days, net of refunds posted in the same window, major units.
       * @example 214806.3
       */
      card_volume_30d: number;
    };
    /**
     * @example {
     *       "object": "list",
     *       "data": [
     *         {
     *           "object": "liability_snapshot",
     *           "id": "lsnap_7Hq2Lm9Xc4Vb1Nz8Kd3Rt6Wy",
     *           "sequence": 1,
     *           "as_of": "2026-11-21T10:00:00.000Z",
     *           "hash": "b3f93be1ffb59155f63b5c845255235f659fa22564bb8fa944eec1ee19c12d82",
     *           "previous_hash": null,
     *           "currencies": [
     *             {
     *               "currency": "USD",
     *               "root_hash": "71edaf39554bf116d7769497d47daedacff2fe1aeb9ffcce3ea5ec6d36583f34",
     *               "total_minor": "1250",
     *               "total": 12.5,
     *               "leaf_count": 1,
     *               "reserves_minor": "1250",
     *               "reserves": 12.5
     *             }
     *           ]
     *         }
     *       ],
     *       "has_more": false,
     *       "next_cursor": null
     *     }
     */
    LiabilitySnapshotList: {
      /** @constant */
      object: "list";
      /** @description Newest first. */
      data: components["schemas"]["LiabilitySnapshot"][];
      /** @description true when another page follows. */
      has_more: boolean;
      /** @description Pass as `starting_after` to read the next page; null on the last page. */
      next_cursor: string | null;
    };
    /**
     * @example {
     *       "object": "liability_snapshot",
     *       "id": "lsnap_7Hq2Lm9Xc4Vb1Nz8Kd3Rt6Wy",
     *       "sequence": 1,
     *       "as_of": "2026-11-21T10:00:00.000Z",
     *       "hash": "b3f93be1ffb59155f63b5c845255235f659fa22564bb8fa944eec1ee19c12d82",
     *       "previous_hash": null,
     *       "currencies": [
     *         {
     *           "currency": "USD",
     *           "root_hash": "71edaf39554bf116d7769497d47daedacff2fe1aeb9ffcce3ea5ec6d36583f34",
     *           "total_minor": "1250",
     *           "total": 12.5,
     *           "leaf_count": 1,
     *           "reserves_minor": "1250",
     *           "reserves": 12.5
     *         }
     *       ]
     *     }
     */
    LiabilitySnapshot: {
      /** @constant */
      object: "liability_snapshot";
      /** @description The snapshot's id. */
      id: string;
      /** @description 1 for the first snapshot, then 2, 3… with no gap. */
      sequence: number;
      /**
       * Format: date-time
       * @description The instant of the ledger the trees were built from.
       * @example 2026-11-21T10:00:00.000Z
       */
      as_of: string;
      /** @description SHA-256 of the snapshot's fields as the decision record encodes them; the next snapshot names it. */
      hash: string;
      previous_hash: string | null;
      /** @description One tree per currency, by code. */
      currencies: components["schemas"]["LiabilityCurrency"][];
    };
    LiabilityCurrency: {
      /**
       * @description ISO 4217 currency code.
       * @example USD
       */
      currency: string;
      /** @description The Merkle-sum tree's root hash (SHA-256, lowercase hex). */
      root_hash: string;
      /** @description The root's sum: every live wallet's balance in this currency, minor units (never negative). */
      total_minor: string;
      /** @description The same total in major units; equal to the treasury figures' liabilities at `as_of`. */
      total: number;
      /** @description Live wallets in the tree (one leaf each, zero balances included). */
      leaf_count: number;
      /** @description Reserves recorded in our ledger at `as_of`, minor units. Not proven to exist outside the ledger. */
      reserves_minor: string;
      /** @description The same reserves in major units. */
      reserves: number;
    };
    /**
     * @example {
     *       "object": "liability_proof",
     *       "snapshot": "lsnap_7Hq2Lm9Xc4Vb1Nz8Kd3Rt6Wy",
     *       "as_of": "2026-11-21T10:00:00.000Z",
     *       "currency": "USD",
     *       "wallet": "wal_4mX0aJ1n0S2bqz0f1Xk8Qe7T",
     *       "balance_minor": "1250",
     *       "balance": 12.5,
     *       "salt": "28f276e8fe0c8b239ac906c2d80d9b8e35982d9dc37b8d23b232b612c71abfdb",
     *       "path": [],
     *       "root_hash": "71edaf39554bf116d7769497d47daedacff2fe1aeb9ffcce3ea5ec6d36583f34",
     *       "total_minor": "1250"
     *     }
     */
    LiabilityProof: {
      /** @constant */
      object: "liability_proof";
      /** @description The snapshot's id: fetch it from the public list to verify against. */
      snapshot: string;
      /**
       * Format: date-time
       * @description The snapshot's instant.
       * @example 2026-11-21T10:00:00.000Z
       */
      as_of: string;
      /**
       * @description ISO 4217 currency code.
       * @example USD
       */
      currency: string;
      /** @description The wallet's id, as its leaf commits to it. */
      wallet: string;
      /** @description The wallet's balance at `as_of`, minor units, as its leaf commits to it. */
      balance_minor: string;
      /** @description The same balance in major units. */
      balance: number;
      /** @description This leaf's salt (derived from the snapshot's secret seed; reveals no other leaf's). */
      salt: string;
      /** @description Siblings from the leaf up to the root; a level where the node rose alone has no step. */
      path: {
        /**
         * @description Where the sibling sits beside the node being built up.
         * @enum {string}
         */
        side: "left" | "right";
        /** @description The sibling's hash. */
        hash: string;
        /** @description The sibling's sum, minor units. */
        sum_minor: string;
      }[];
      /** @description The root this path should reach; a verifier compares with the published snapshot's, not this copy. */
      root_hash: string;
      /** @description The root's sum, minor units. */
      total_minor: string;
    };
    /**
     * @description An OpenAPI 3.1 document; the example is abridged.
     * @example {
     *       "openapi": "3.1.0",
     *       "info": {
     *         "title": "Wallet & Card Service",
     *         "version": "1.1"
     *       },
     *       "servers": [
     *         {
     *           "url": "http://localhost:3000",
     *           "description": "Local development (npm run dev)"
     *         }
     *       ],
     *       "paths": {}
     *     }
     */
    OpenApiDocument: {
      openapi: string;
    } & {
      [key: string]: unknown;
    };
    /**
     * @example {
     *       "status": "ok",
     *       "database": "ok"
     *     }
     */
    Health: {
      /**
       * @description Always `ok` on a 200: this process serves requests.
       * @constant
       */
      status: "ok";
      /**
       * @description `ok`: PostgreSQL answered a trivial query just now.
       * @constant
       */
      database: "ok";
    };
    /**
     * @example {
     *       "status": "ready",
     *       "database": "ok",
     *       "rateLimitStore": "ok",
     *       "webhookWorkers": 1
     *     }
     */
    Readiness: {
      /**
       * @description Always `ready` on a 200: send this instance traffic.
       * @constant
       */
      status: "ready";
      /**
       * @description `ok`: PostgreSQL answered a trivial query just now.
       * @constant
       */
      database: "ok";
      /**
       * @description `ok`: the shared rate-limit store (Redis, or Upstash's REST API) answered a PING just now. `memory`: none is configured and limits are counted in this instance's memory (a single-machine deployment).
       * @enum {string}
       */
      rateLimitStore: "ok" | "memory";
      /** @description How many webhook worker pools hold their liveness lock on this database now. Reported, not required: 0 means events wait to be delivered (alert on it), not that this instance cannot serve. */
      webhookWorkers: number;
    };
    /**
     * @example {
     *       "approved": true,
     *       "metadata": {
     *         "rule": "groceries_budget"
     *       }
     *     }
     */
    AuthorizationDecisionAnswer: {
      /** @description true approves (all, or `amount` of it), false declines. */
      approved: boolean;
      /** @description Approve less than asked (a partial approval: the hold is this amount); above the request, the answer is invalid and defaultAction applies. */
      amount?: number;
      /** @description Stored on the authorization and returned with it (at most 20 keys of 40 characters, values of 500). */
      metadata?: {
        [key: string]: string;
      };
    };
    /**
     * @description Limits and merchant rules checked on every spend, after the card's status and before the wallet's funds; a wallet's apply to all its cards on top of each card's own. Allowed and blocked lists of one kind are exclusive. A spend at a merchant with no category (or no country) is declined when an allowed list of that kind is set. What counts against a limit: approved authorizations' amounts, less what is later released (reversed, expired, or the uncaptured rest of a partial capture), in the window the authorization was approved in; refunds do not count back. Absent lists are not set. For a card, the per_authorization limit without categories is its spendLimit.
     * @example {
     *       "spendingLimits": [
     *         {
     *           "amount": 250.5,
     *           "interval": "per_authorization"
     *         },
     *         {
     *           "amount": 500,
     *           "interval": "daily"
     *         }
     *       ],
     *       "blockedCategories": [
     *         "7995"
     *       ]
     *     }
     */
    SpendingControlsOutput: {
      spendingLimits: {
        /**
         * @description Amount in the major unit of the currency.
         * @example 25.5
         */
        amount: number;
        /** @enum {string} */
        interval: "per_authorization" | "daily" | "weekly" | "monthly" | "yearly" | "all_time";
        categories?: string[];
        /** @description Present and true on a wallet's limit that counts its outgoing transfers too. */
        transfers?: boolean;
      }[];
      allowedCategories?: string[];
      blockedCategories?: string[];
      allowedCountries?: string[];
      blockedCountries?: string[];
    };
    /**
     * @description Each window limit of this card's (or wallet's) own controls with what is counted against it now. per_authorization limits have no window and are not listed.
     * @example [
     *       {
     *         "interval": "daily",
     *         "limit": 500,
     *         "spent": 20,
     *         "remaining": 480,
     *         "resetsAt": "2026-10-04T00:00:00.000Z"
     *       }
     *     ]
     */
    SpendingUsageOutput: {
      /** @enum {string} */
      interval: "daily" | "weekly" | "monthly" | "yearly" | "all_time";
      /** @description The limit's categories; absent when every spend counts. */
      categories?: string[];
      /** @description true when the wallet's outgoing transfers count against the limit too. */
      transfers?: boolean;
      /**
       * @description Amount in the major unit of the currency.
       * @example 500
       */
      limit: number;
      /**
       * @description Counted in the current window: approved amounts less what was later released.
       * @example 20
       */
      spent: number;
      /**
       * @description limit − spent, never below 0.
       * @example 480
       */
      remaining: number;
      /** @description When the next window starts; null for all_time. */
      resetsAt: string | null;
    }[];
    /**
     * @example {
     *       "id": "wal_4mX0aJ1n0S2bqz0f1Xk8Qe7T",
     *       "object": "wallet",
     *       "externalUserId": "user_42",
     *       "email": "ada@example.com",
     *       "name": "Ada Obi",
     *       "address": {
     *         "line1": "350 Fifth Avenue",
     *         "line2": "Suite 4200",
     *         "city": "New York",
     *         "region": "NY",
     *         "postalCode": "10118",
     *         "country": "US"
     *       },
     *       "currency": "USD",
     *       "accountNumber": "4829103748",
     *       "status": "active",
     *       "balance": {
     *         "available": 486.2,
     *         "posted": 486.2
     *       },
     *       "spendingControls": {
     *         "spendingLimits": [
     *           {
     *             "amount": 2000,
     *             "interval": "monthly"
     *           }
     *         ]
     *       },
     *       "spending": [
     *         {
     *           "interval": "monthly",
     *           "limit": 2000,
     *           "spent": 18.4,
     *           "remaining": 1981.6,
     *           "resetsAt": "2026-11-01T00:00:00.000Z"
     *         }
     *       ],
     *       "livemode": false,
     *       "createdAt": "2026-10-01T08:30:00.000Z"
     *     }
     */
    WalletOutput: {
      /** @example wal_4mX0aJ1n0S2bqz0f1Xk8Qe7T */
      id: string;
      /** @constant */
      object: "wallet";
      /** @example user_42 */
      externalUserId: string;
      /** @example ada@example.com */
      email: string;
      /** @example Ada Obi */
      name: string | null;
      address: components["schemas"]["Address"] | null;
      /**
       * @description ISO 4217 currency code.
       * @example USD
       */
      currency: string;
      /**
       * @description 10 digits; the last is a Luhn check digit.
       * @example 4829103748
       */
      accountNumber: string;
      /** @enum {string} */
      status: "active" | "frozen" | "closed";
      balance: {
        /**
         * @description Posted balance minus open authorization holds.
         * @example 486.2
         */
        available: number;
        /**
         * @description Sum of the wallet's ledger entries.
         * @example 486.2
         */
        posted: number;
      };
      spendingControls: components["schemas"]["SpendingControlsOutput"];
      spending: components["schemas"]["SpendingUsageOutput"];
      /** @description false for records made with sk_test_ keys, true for sk_live_ keys. */
      livemode: boolean;
      /**
       * Format: date-time
       * @description ISO 8601 UTC timestamp.
       * @example 2026-11-21T10:00:00.000Z
       */
      createdAt: string;
    };
    /**
     * @example {
     *       "id": "card_9QwE2rTy6UiO0pAs4DfG8hJk",
     *       "object": "card",
     *       "walletId": "wal_4mX0aJ1n0S2bqz0f1Xk8Qe7T",
     *       "externalUserId": "user_42",
     *       "kind": "virtual",
     *       "currency": "USD",
     *       "spendLimit": 250.5,
     *       "spendingControls": {
     *         "spendingLimits": [
     *           {
     *             "amount": 250.5,
     *             "interval": "per_authorization"
     *           },
     *           {
     *             "amount": 500,
     *             "interval": "daily"
     *           }
     *         ],
     *         "blockedCategories": [
     *           "7995"
     *         ]
     *       },
     *       "spending": [
     *         {
     *           "interval": "daily",
     *           "limit": 500,
     *           "spent": 0,
     *           "remaining": 500,
     *           "resetsAt": "2026-10-02T00:00:00.000Z"
     *         }
     *       ],
     *       "status": "active",
     *       "last4": "7361",
     *       "expMonth": 10,
     *       "expYear": 2029,
     *       "livemode": false,
     *       "processor": "simulator",
     *       "createdAt": "2026-10-01T08:41:03.000Z"
     *     }
     */
    CardOutput: {
      /** @example card_9QwE2rTy6UiO0pAs4DfG8hJk */
      id: string;
      /** @constant */
      object: "card";
      /** @example wal_4mX0aJ1n0S2bqz0f1Xk8Qe7T */
      walletId: string;
      /** @example user_42 */
      externalUserId: string;
      /** @constant */
      kind: "virtual";
      /**
       * @description ISO 4217 currency code.
       * @example USD
       */
      currency: string;
      /**
       * @description Per-authorization limit; null means none. The same limit as spendingControls' per_authorization limit without categories.
       * @example 250.5
       */
      spendLimit: number | null;
      spendingControls: components["schemas"]["SpendingControlsOutput"];
      spending: components["schemas"]["SpendingUsageOutput"];
      /** @enum {string} */
      status: "active" | "frozen" | "canceled";
      /**
       * @description The last four digits of the card number.
       * @example 7361
       */
      last4: string;
      /** @example 10 */
      expMonth: number;
      /** @example 2029 */
      expYear: number;
      /** @description false for records made with sk_test_ keys, true for sk_live_ keys. */
      livemode: boolean;
      /**
       * @description Who manages the card at the card network. `lithic`: a card Lithic issued, usable at real merchants. `simulator`: the built-in network simulator (every test-mode card, and live cards while the service runs without a processor); such a card reaches no card network, and its spends come only from the API.
       * @example simulator
       * @enum {string}
       */
      processor: "simulator" | "lithic";
      /**
       * Format: date-time
       * @description ISO 8601 UTC timestamp.
       * @example 2026-11-21T10:00:00.000Z
       */
      createdAt: string;
    };
    /**
     * @example {
     *       "by": "application",
     *       "reason": "approved",
     *       "latencyMs": 41,
     *       "statusCode": 200
     *     }
     */
    AuthorizationDecisionOutput: {
      /**
       * @description application: the decision endpoint answered. default: its defaultAction applied (it did not answer usably in time, or was overloaded), or no endpoint is set (reason no_endpoint). status, controls, funds: the service's own check declined before (or, after an approval, again after) the endpoint was asked. stand_in: the card network approved it while we did not answer (an advice; no check of ours ran, it may overdraw). network: the network posted it with no authorization of ours (reason force_post, refund or return_reversal) or answered a balance inquiry or account verification (reason balance_inquiry, account_verification).
       * @enum {string}
       */
      by: "application" | "default" | "controls" | "funds" | "status" | "stand_in" | "network";
      /**
       * @description approved, partially_approved or declined (by application); timeout, invalid_response, error, overloaded or no_endpoint (by default); the decline code (status, controls, funds).
       * @example approved
       */
      reason: string;
      /**
       * @description How long the decision endpoint took (when asked).
       * @example 41
       */
      latencyMs?: number;
      /**
       * @description The decision endpoint's HTTP status (when it answered).
       * @example 200
       */
      statusCode?: number;
    };
    /**
     * @example {
     *       "id": "po_8Yz1Ab4Cd7Ef0Gh3Ij6Kl9Mn",
     *       "object": "payout",
     *       "from": {
     *         "type": "wallet",
     *         "walletId": "wal_4mX0aJ1n0S2bqz0f1Xk8Qe7T",
     *         "externalUserId": "user_42"
     *       },
     *       "bankAccountId": "ba_4Gh7Jk0Lm3Np6Qr9St2Uv5Wx",
     *       "amount": 120,
     *       "currency": "USD",
     *       "description": null,
     *       "status": "pending",
     *       "failureReason": null,
     *       "rail": "simulator",
     *       "livemode": false,
     *       "createdAt": "2026-11-21T09:30:00.000Z",
     *       "updatedAt": "2026-11-21T09:30:00.000Z"
     *     }
     */
    PayoutOutput: {
      /** @example po_8Yz1Ab4Cd7Ef0Gh3Ij6Kl9Mn */
      id: string;
      /** @constant */
      object: "payout";
      from: {
        /** @enum {string} */
        type: "balance" | "wallet";
        /** @description The wallet's id; null for the balance. */
        walletId: string | null;
        /** @description The wallet's external user id; null for the balance. */
        externalUserId: string | null;
      };
      bankAccountId: string;
      /**
       * @description Amount in the major unit of the currency.
       * @example 25.5
       */
      amount: number;
      /**
       * @description ISO 4217 currency code.
       * @example USD
       */
      currency: string;
      description: string | null;
      /**
       * @description pending (held: available dropped), in_transit (sent by the rail), paid (posted out), failed (the hold released), returned (paid, then credited back), canceled (released before it left).
       * @enum {string}
       */
      status: "pending" | "in_transit" | "paid" | "failed" | "returned" | "canceled";
      failureReason: string | null;
      /** @description The payout rail that carries it: simulator (test mode) or a live connector. */
      rail: string;
      /** @description false for records made with sk_test_ keys, true for sk_live_ keys. */
      livemode: boolean;
      /**
       * Format: date-time
       * @description ISO 8601 UTC timestamp.
       * @example 2026-11-21T10:00:00.000Z
       */
      createdAt: string;
      /**
       * Format: date-time
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
        /** @description Makes the write safe to retry: the same key within 24 hours returns the original response. Any 1-255 visible ASCII characters; a UUID per logical operation is a good choice. */
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
      /** @description The request body is over 1 MiB. Codes: payload_too_large. */
      413: {
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
      /** @description The Idempotency-Key was used with a different request, or the change would take a balance past what the ledger holds. Codes: idempotency_key_reused. */
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
      /** @description A dependency is unavailable, or the service is over capacity and refused at once; retry after Retry-After. Codes: unavailable, overloaded. */
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
      /** @description A dependency is unavailable, or the service is over capacity and refused at once; retry after Retry-After. Codes: unavailable, overloaded. */
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
  updateWallet: {
    parameters: {
      query?: never;
      header?: {
        /** @description Makes the write safe to retry: the same key within 24 hours returns the original response. Any 1-255 visible ASCII characters; a UUID per logical operation is a good choice. */
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
        "application/json": components["schemas"]["UpdateWalletRequest"];
      };
    };
    responses: {
      /** @description The wallet with its controls and spending. */
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
          "application/json": components["schemas"]["WalletWriteResponse"];
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
      /** @description The request body is over 1 MiB. Codes: payload_too_large. */
      413: {
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
      /** @description The Idempotency-Key was used with a different request, or the change would take a balance past what the ledger holds. Codes: idempotency_key_reused. */
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
      /** @description A dependency is unavailable, or the service is over capacity and refused at once; retry after Retry-After. Codes: unavailable, overloaded. */
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
        /** @description Makes the write safe to retry: the same key within 24 hours returns the original response. Any 1-255 visible ASCII characters; a UUID per logical operation is a good choice. */
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
      /** @description The request body is over 1 MiB. Codes: payload_too_large. */
      413: {
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
      /** @description The Idempotency-Key was used with a different request, or the change would take a balance past what the ledger holds. Codes: idempotency_key_reused. */
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
      /** @description The card processor refused the change; nothing changed. Codes: processor_error. */
      502: {
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
      /** @description A dependency is unavailable, or the service is over capacity and refused at once; retry after Retry-After. Codes: unavailable, overloaded, processor_unavailable. */
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
      /** @description A dependency is unavailable, or the service is over capacity and refused at once; retry after Retry-After. Codes: unavailable, overloaded. */
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
  updateCard: {
    parameters: {
      query?: never;
      header?: {
        /** @description Makes the write safe to retry: the same key within 24 hours returns the original response. Any 1-255 visible ASCII characters; a UUID per logical operation is a good choice. */
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
        "application/json": components["schemas"]["UpdateCardRequest"];
      };
    };
    responses: {
      /** @description The card with its controls and spending. */
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
      /** @description The request body is over 1 MiB. Codes: payload_too_large. */
      413: {
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
      /** @description The Idempotency-Key was used with a different request, or the change would take a balance past what the ledger holds. Codes: idempotency_key_reused. */
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
      /** @description A dependency is unavailable, or the service is over capacity and refused at once; retry after Retry-After. Codes: unavailable, overloaded. */
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
        /** @description Makes the write safe to retry: the same key within 24 hours returns the original response. Any 1-255 visible ASCII characters; a UUID per logical operation is a good choice. */
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
      /** @description The Idempotency-Key was used with a different request, or the change would take a balance past what the ledger holds. Codes: idempotency_key_reused. */
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
      /** @description The card processor refused the change; nothing changed. Codes: processor_error. */
      502: {
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
      /** @description A dependency is unavailable, or the service is over capacity and refused at once; retry after Retry-After. Codes: unavailable, overloaded, processor_unavailable. */
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
        /** @description Makes the write safe to retry: the same key within 24 hours returns the original response. Any 1-255 visible ASCII characters; a UUID per logical operation is a good choice. */
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
      /** @description The Idempotency-Key was used with a different request, or the change would take a balance past what the ledger holds. Codes: idempotency_key_reused. */
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
      /** @description The card processor refused the change; nothing changed. Codes: processor_error. */
      502: {
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
      /** @description A dependency is unavailable, or the service is over capacity and refused at once; retry after Retry-After. Codes: unavailable, overloaded, processor_unavailable. */
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
        /** @description Makes the write safe to retry: the same key within 24 hours returns the original response. Any 1-255 visible ASCII characters; a UUID per logical operation is a good choice. */
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
      /** @description The Idempotency-Key was used with a different request, or the change would take a balance past what the ledger holds. Codes: idempotency_key_reused. */
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
      /** @description The card processor refused the change; nothing changed. Codes: processor_error. */
      502: {
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
      /** @description A dependency is unavailable, or the service is over capacity and refused at once; retry after Retry-After. Codes: unavailable, overloaded, processor_unavailable. */
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
      /** @description A dependency is unavailable, or the service is over capacity and refused at once; retry after Retry-After. Codes: unavailable, overloaded. */
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
  createCardDetailsSession: {
    parameters: {
      query?: never;
      header?: {
        /** @description Makes the write safe to retry: the same key within 24 hours returns the original response. Any 1-255 visible ASCII characters; a UUID per logical operation is a good choice. */
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
        "application/json": components["schemas"]["CreateCardDetailsSessionRequest"];
      };
    };
    responses: {
      /** @description The details session and its one-time link. */
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
          "application/json": components["schemas"]["CardDetailsSession"];
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
      /** @description Conflict with the resource's current state, or the same Idempotency-Key is still in flight. Codes: idempotency_in_progress, card_canceled, card_details_unavailable. */
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
      /** @description The request body is over 1 MiB. Codes: payload_too_large. */
      413: {
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
      /** @description The Idempotency-Key was used with a different request, or the change would take a balance past what the ledger holds. Codes: idempotency_key_reused. */
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
      /** @description A dependency is unavailable, or the service is over capacity and refused at once; retry after Retry-After. Codes: unavailable, overloaded. */
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
        /** @description Makes the write safe to retry: the same key within 24 hours returns the original response. Any 1-255 visible ASCII characters; a UUID per logical operation is a good choice. */
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
      /** @description The card refused the payment. Codes: insufficient_funds, spend_limit_exceeded, card_inactive, card_currency_mismatch, spending_limit_exceeded, category_blocked, country_blocked, card_expired, declined_by_application. */
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
      /** @description The request body is over 1 MiB. Codes: payload_too_large. */
      413: {
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
      /** @description The Idempotency-Key was used with a different request, or the change would take a balance past what the ledger holds. Codes: idempotency_key_reused. */
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
      /** @description A dependency is unavailable, or the service is over capacity and refused at once; retry after Retry-After. Codes: unavailable, overloaded. */
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
      /** @description The authorization, with its history oldest first. */
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
          "application/json": components["schemas"]["AuthorizationWithHistory"];
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
      /** @description A dependency is unavailable, or the service is over capacity and refused at once; retry after Retry-After. Codes: unavailable, overloaded. */
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
        /** @description Makes the write safe to retry: the same key within 24 hours returns the original response. Any 1-255 visible ASCII characters; a UUID per logical operation is a good choice. */
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
      /** @description Conflict with the resource's current state, or the same Idempotency-Key is still in flight. Codes: idempotency_in_progress, authorization_not_pending, authorization_reversed, authorization_expired, amount_exceeds_authorization. */
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
      /** @description The request body is over 1 MiB. Codes: payload_too_large. */
      413: {
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
      /** @description The Idempotency-Key was used with a different request, or the change would take a balance past what the ledger holds. Codes: idempotency_key_reused. */
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
      /** @description A dependency is unavailable, or the service is over capacity and refused at once; retry after Retry-After. Codes: unavailable, overloaded. */
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
  reverseAuthorization: {
    parameters: {
      query?: never;
      header?: {
        /** @description Makes the write safe to retry: the same key within 24 hours returns the original response. Any 1-255 visible ASCII characters; a UUID per logical operation is a good choice. */
        "Idempotency-Key"?: string;
      };
      path: {
        /** @description The authorization's id. */
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The reversed authorization. */
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
          "application/json": components["schemas"]["AuthorizationReversedResponse"];
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
      /** @description Conflict with the resource's current state, or the same Idempotency-Key is still in flight. Codes: idempotency_in_progress, authorization_not_pending, authorization_reversed, authorization_expired. */
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
      /** @description The Idempotency-Key was used with a different request, or the change would take a balance past what the ledger holds. Codes: idempotency_key_reused. */
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
      /** @description A dependency is unavailable, or the service is over capacity and refused at once; retry after Retry-After. Codes: unavailable, overloaded. */
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
        /** @description Makes the write safe to retry: the same key within 24 hours returns the original response. Any 1-255 visible ASCII characters; a UUID per logical operation is a good choice. */
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
      /** @description The request body is over 1 MiB. Codes: payload_too_large. */
      413: {
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
      /** @description The Idempotency-Key was used with a different request, or the change would take a balance past what the ledger holds. Codes: idempotency_key_reused, balance_limit_exceeded. */
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
      /** @description A dependency is unavailable, or the service is over capacity and refused at once; retry after Retry-After. Codes: unavailable, overloaded. */
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
      /** @description A dependency is unavailable, or the service is over capacity and refused at once; retry after Retry-After. Codes: unavailable, overloaded. */
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
  getBalance: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The balance. */
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
          "application/json": components["schemas"]["Balance"];
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
      /** @description A dependency is unavailable, or the service is over capacity and refused at once; retry after Retry-After. Codes: unavailable, overloaded. */
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
  listTransfers: {
    parameters: {
      query?: {
        /** @description Items per page, 1-100. */
        limit?: number;
        /** @description Cursor: the `next_cursor` of the previous page (the id of its last item). Omit for the newest items. */
        starting_after?: string;
        /** @description Only transfers in or out of the wallet of this external user id. */
        wallet?: string;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description A page of transfers. */
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
          "application/json": components["schemas"]["TransferList"];
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
      /** @description A dependency is unavailable, or the service is over capacity and refused at once; retry after Retry-After. Codes: unavailable, overloaded. */
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
  createTransfer: {
    parameters: {
      query?: never;
      header?: {
        /** @description Makes the write safe to retry: the same key within 24 hours returns the original response. Any 1-255 visible ASCII characters; a UUID per logical operation is a good choice. */
        "Idempotency-Key"?: string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": components["schemas"]["CreateTransferRequest"];
      };
    };
    responses: {
      /** @description The transfer. */
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
          "application/json": components["schemas"]["TransferWriteResponse"];
        };
      };
      /** @description The request is invalid (validation_failed, invalid_json, amount_precision, unsupported_currency...). Codes: validation_failed, invalid_json, invalid_idempotency_key, currency_mismatch, unsupported_currency, amount_precision. */
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
      /** @description The card refused the payment. Codes: insufficient_funds, spending_limit_exceeded. */
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
      /** @description The request body is over 1 MiB. Codes: payload_too_large. */
      413: {
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
      /** @description The Idempotency-Key was used with a different request, or the change would take a balance past what the ledger holds. Codes: idempotency_key_reused, balance_limit_exceeded. */
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
      /** @description A dependency is unavailable, or the service is over capacity and refused at once; retry after Retry-After. Codes: unavailable, overloaded. */
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
  getTransfer: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description The transfer's id. */
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The transfer. */
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
          "application/json": components["schemas"]["Transfer"];
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
      /** @description The resource does not exist in this application and mode. Codes: transfer_not_found. */
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
      /** @description A dependency is unavailable, or the service is over capacity and refused at once; retry after Retry-After. Codes: unavailable, overloaded. */
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
  listWalletBankAccounts: {
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
      /** @description The wallet's bank accounts, masked, newest first. */
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
          "application/json": components["schemas"]["BankAccountList"];
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
      /** @description A dependency is unavailable, or the service is over capacity and refused at once; retry after Retry-After. Codes: unavailable, overloaded. */
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
  createWalletBankAccount: {
    parameters: {
      query?: never;
      header?: {
        /** @description Makes the write safe to retry: the same key within 24 hours returns the original response. Any 1-255 visible ASCII characters; a UUID per logical operation is a good choice. */
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
        "application/json": components["schemas"]["CreateBankAccountRequest"];
      };
    };
    responses: {
      /** @description The bank account, masked. */
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
          "application/json": components["schemas"]["BankAccountWriteResponse"];
        };
      };
      /** @description The request is invalid (validation_failed, invalid_json, amount_precision, unsupported_currency...). Codes: validation_failed, invalid_json, invalid_idempotency_key, unsupported_currency, currency_mismatch. */
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
      /** @description The request body is over 1 MiB. Codes: payload_too_large. */
      413: {
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
      /** @description The Idempotency-Key was used with a different request, or the change would take a balance past what the ledger holds. Codes: idempotency_key_reused. */
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
      /** @description A dependency is unavailable, or the service is over capacity and refused at once; retry after Retry-After. Codes: unavailable, overloaded. */
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
  listBalanceBankAccounts: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The application's bank accounts, masked, newest first. */
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
          "application/json": components["schemas"]["BankAccountList"];
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
      /** @description A dependency is unavailable, or the service is over capacity and refused at once; retry after Retry-After. Codes: unavailable, overloaded. */
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
  createBalanceBankAccount: {
    parameters: {
      query?: never;
      header?: {
        /** @description Makes the write safe to retry: the same key within 24 hours returns the original response. Any 1-255 visible ASCII characters; a UUID per logical operation is a good choice. */
        "Idempotency-Key"?: string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": components["schemas"]["CreateBankAccountRequest"];
      };
    };
    responses: {
      /** @description The bank account, masked. */
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
          "application/json": components["schemas"]["BankAccountWriteResponse"];
        };
      };
      /** @description The request is invalid (validation_failed, invalid_json, amount_precision, unsupported_currency...). Codes: validation_failed, invalid_json, invalid_idempotency_key, unsupported_currency, currency_mismatch. */
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
      /** @description The request body is over 1 MiB. Codes: payload_too_large. */
      413: {
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
      /** @description The Idempotency-Key was used with a different request, or the change would take a balance past what the ledger holds. Codes: idempotency_key_reused. */
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
      /** @description A dependency is unavailable, or the service is over capacity and refused at once; retry after Retry-After. Codes: unavailable, overloaded. */
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
  listPayouts: {
    parameters: {
      query?: {
        /** @description Items per page, 1-100. */
        limit?: number;
        /** @description Cursor: the `next_cursor` of the previous page (the id of its last item). Omit for the newest items. */
        starting_after?: string;
        /** @description Only transfers in or out of the wallet of this external user id. */
        wallet?: string;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description A page of payouts. */
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
          "application/json": components["schemas"]["PayoutList"];
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
      /** @description A dependency is unavailable, or the service is over capacity and refused at once; retry after Retry-After. Codes: unavailable, overloaded. */
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
  createPayout: {
    parameters: {
      query?: never;
      header?: {
        /** @description Makes the write safe to retry: the same key within 24 hours returns the original response. Any 1-255 visible ASCII characters; a UUID per logical operation is a good choice. */
        "Idempotency-Key"?: string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": components["schemas"]["CreatePayoutRequest"];
      };
    };
    responses: {
      /** @description The pending payout. */
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
          "application/json": components["schemas"]["PayoutWriteResponse"];
        };
      };
      /** @description The request is invalid (validation_failed, invalid_json, amount_precision, unsupported_currency...). Codes: validation_failed, invalid_json, invalid_idempotency_key, currency_mismatch, unsupported_currency, amount_precision. */
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
      /** @description The card refused the payment. Codes: insufficient_funds. */
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
      /** @description The key lacks the scope, or the caller's address is not allowed. Codes: scope_missing, ip_not_allowed, payouts_not_configured. */
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
      /** @description The resource does not exist in this application and mode. Codes: wallet_not_found, bank_account_not_found. */
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
      /** @description The request body is over 1 MiB. Codes: payload_too_large. */
      413: {
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
      /** @description The Idempotency-Key was used with a different request, or the change would take a balance past what the ledger holds. Codes: idempotency_key_reused. */
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
      /** @description A dependency is unavailable, or the service is over capacity and refused at once; retry after Retry-After. Codes: unavailable, overloaded. */
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
  getPayout: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description The payout's id. */
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The payout. */
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
          "application/json": components["schemas"]["PayoutOutput"];
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
      /** @description The resource does not exist in this application and mode. Codes: payout_not_found. */
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
      /** @description A dependency is unavailable, or the service is over capacity and refused at once; retry after Retry-After. Codes: unavailable, overloaded. */
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
  cancelPayout: {
    parameters: {
      query?: never;
      header?: {
        /** @description Makes the write safe to retry: the same key within 24 hours returns the original response. Any 1-255 visible ASCII characters; a UUID per logical operation is a good choice. */
        "Idempotency-Key"?: string;
      };
      path: {
        /** @description The payout's id. */
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The canceled payout. */
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
          "application/json": components["schemas"]["PayoutWriteResponse"];
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
      /** @description The resource does not exist in this application and mode. Codes: payout_not_found. */
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
      /** @description Conflict with the resource's current state, or the same Idempotency-Key is still in flight. Codes: idempotency_in_progress, payout_status_conflict. */
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
      /** @description The Idempotency-Key was used with a different request, or the change would take a balance past what the ledger holds. Codes: idempotency_key_reused. */
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
      /** @description A dependency is unavailable, or the service is over capacity and refused at once; retry after Retry-After. Codes: unavailable, overloaded. */
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
  getBalanceReport: {
    parameters: {
      query: {
        /** @description Start of the period, included: an ISO 8601 instant with its offset (`2026-11-01T00:00:00Z`). */
        from: string;
        /** @description End of the period, excluded; after `from` and at most 366 days later. */
        to: string;
        /** @description `json` (default) or `csv` (`text/csv`, one line per movement). */
        format?: "json" | "csv";
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The report. */
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
          "application/json": components["schemas"]["BalanceReport"];
          "text/csv; charset=utf-8": string;
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
      /** @description A dependency is unavailable, or the service is over capacity and refused at once; retry after Retry-After. Codes: unavailable, overloaded. */
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
        /** @description Makes the write safe to retry: the same key within 24 hours returns the original response. Any 1-255 visible ASCII characters; a UUID per logical operation is a good choice. */
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
      /** @description The request body is over 1 MiB. Codes: payload_too_large. */
      413: {
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
      /** @description The Idempotency-Key was used with a different request, or the change would take a balance past what the ledger holds. Codes: idempotency_key_reused, balance_limit_exceeded. */
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
      /** @description A dependency is unavailable, or the service is over capacity and refused at once; retry after Retry-After. Codes: unavailable, overloaded. */
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
  createTestTopUp: {
    parameters: {
      query?: never;
      header?: {
        /** @description Makes the write safe to retry: the same key within 24 hours returns the original response. Any 1-255 visible ASCII characters; a UUID per logical operation is a good choice. */
        "Idempotency-Key"?: string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": components["schemas"]["TestTopUpRequest"];
      };
    };
    responses: {
      /** @description The top-up. */
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
          "application/json": components["schemas"]["TopUpWriteResponse"];
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
      /** @description The request body is over 1 MiB. Codes: payload_too_large. */
      413: {
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
      /** @description The Idempotency-Key was used with a different request, or the change would take a balance past what the ledger holds. Codes: idempotency_key_reused, balance_limit_exceeded. */
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
      /** @description A dependency is unavailable, or the service is over capacity and refused at once; retry after Retry-After. Codes: unavailable, overloaded. */
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
  moveTestPayout: {
    parameters: {
      query?: never;
      header?: {
        /** @description Makes the write safe to retry: the same key within 24 hours returns the original response. Any 1-255 visible ASCII characters; a UUID per logical operation is a good choice. */
        "Idempotency-Key"?: string;
      };
      path: {
        /** @description The payout's id. */
        id: string;
        /** @description What the simulated rail reports next. */
        move: "in-transit" | "paid" | "failed" | "returned";
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": components["schemas"]["TestPayoutMoveRequest"];
      };
    };
    responses: {
      /** @description The payout after the move. */
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
          "application/json": components["schemas"]["PayoutWriteResponse"];
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
      /** @description The resource does not exist in this application and mode. Codes: payout_not_found. */
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
      /** @description Conflict with the resource's current state, or the same Idempotency-Key is still in flight. Codes: idempotency_in_progress, payout_status_conflict. */
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
      /** @description The request body is over 1 MiB. Codes: payload_too_large. */
      413: {
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
      /** @description The Idempotency-Key was used with a different request, or the change would take a balance past what the ledger holds. Codes: idempotency_key_reused. */
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
      /** @description A dependency is unavailable, or the service is over capacity and refused at once; retry after Retry-After. Codes: unavailable, overloaded. */
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
        /** @description Makes the write safe to retry: the same key within 24 hours returns the original response. Any 1-255 visible ASCII characters; a UUID per logical operation is a good choice. */
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
      /** @description The card refused the payment. Codes: insufficient_funds, spend_limit_exceeded, card_inactive, card_currency_mismatch, spending_limit_exceeded, category_blocked, country_blocked, card_expired, declined_by_application. */
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
      /** @description The request body is over 1 MiB. Codes: payload_too_large. */
      413: {
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
      /** @description The Idempotency-Key was used with a different request, or the change would take a balance past what the ledger holds. Codes: idempotency_key_reused. */
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
      /** @description A dependency is unavailable, or the service is over capacity and refused at once; retry after Retry-After. Codes: unavailable, overloaded. */
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
  expireTestAuthorization: {
    parameters: {
      query?: never;
      header?: {
        /** @description Makes the write safe to retry: the same key within 24 hours returns the original response. Any 1-255 visible ASCII characters; a UUID per logical operation is a good choice. */
        "Idempotency-Key"?: string;
      };
      path: {
        /** @description The authorization's id. */
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The expired authorization. */
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
          "application/json": components["schemas"]["AuthorizationExpiredResponse"];
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
      /** @description Conflict with the resource's current state, or the same Idempotency-Key is still in flight. Codes: idempotency_in_progress, authorization_not_pending, authorization_reversed, authorization_expired. */
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
      /** @description The Idempotency-Key was used with a different request, or the change would take a balance past what the ledger holds. Codes: idempotency_key_reused. */
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
      /** @description A dependency is unavailable, or the service is over capacity and refused at once; retry after Retry-After. Codes: unavailable, overloaded. */
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
        type?:
          | "wallet.provisioned"
          | "card.issued"
          | "card.authorized"
          | "card.captured"
          | "card.refunded"
          | "card.reversed"
          | "top_up.created"
          | "transfer.created"
          | "card.incremented"
          | "card.advised"
          | "card.force_posted"
          | "card.return_reversed"
          | "payout.created"
          | "payout.in_transit"
          | "payout.paid"
          | "payout.failed"
          | "payout.returned"
          | "payout.canceled";
        /** @description Only events about this wallet (its id): with `sequence`, how a receiver finds the events it has not seen. */
        wallet?: string;
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
      /** @description A dependency is unavailable, or the service is over capacity and refused at once; retry after Retry-After. Codes: unavailable, overloaded. */
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
      /** @description A dependency is unavailable, or the service is over capacity and refused at once; retry after Retry-After. Codes: unavailable, overloaded. */
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
  listEventTypes: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Every kind. */
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
          "application/json": components["schemas"]["EventTypeList"];
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
      /** @description A dependency is unavailable, or the service is over capacity and refused at once; retry after Retry-After. Codes: unavailable, overloaded. */
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
        type?:
          | "wallet.provisioned"
          | "card.issued"
          | "card.authorized"
          | "card.captured"
          | "card.refunded"
          | "card.reversed"
          | "top_up.created"
          | "transfer.created"
          | "card.incremented"
          | "card.advised"
          | "card.force_posted"
          | "card.return_reversed"
          | "payout.created"
          | "payout.in_transit"
          | "payout.paid"
          | "payout.failed"
          | "payout.returned"
          | "payout.canceled";
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
      /** @description A dependency is unavailable, or the service is over capacity and refused at once; retry after Retry-After. Codes: unavailable, overloaded. */
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
      /** @description A dependency is unavailable, or the service is over capacity and refused at once; retry after Retry-After. Codes: unavailable, overloaded. */
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
        /** @description Makes the write safe to retry: the same key within 24 hours returns the original response. Any 1-255 visible ASCII characters; a UUID per logical operation is a good choice. */
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
      /** @description The Idempotency-Key was used with a different request, or the change would take a balance past what the ledger holds. Codes: idempotency_key_reused. */
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
      /** @description A dependency is unavailable, or the service is over capacity and refused at once; retry after Retry-After. Codes: unavailable, overloaded. */
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
  listWebhookEndpoints: {
    parameters: {
      query?: {
        /** @description Items per page, 1-100. */
        limit?: number;
        /** @description Cursor: the `next_cursor` of the previous page (the id of its last item). Omit for the newest items. */
        starting_after?: string;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description A page of endpoints. */
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
          "application/json": components["schemas"]["WebhookEndpointList"];
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
      /** @description A dependency is unavailable, or the service is over capacity and refused at once; retry after Retry-After. Codes: unavailable, overloaded. */
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
  createWebhookEndpoint: {
    parameters: {
      query?: never;
      header?: {
        /** @description Makes the write safe to retry: the same key within 24 hours returns the original response. Any 1-255 visible ASCII characters; a UUID per logical operation is a good choice. */
        "Idempotency-Key"?: string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": components["schemas"]["CreateWebhookEndpointRequest"];
      };
    };
    responses: {
      /** @description The endpoint, registered. */
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
          "application/json": components["schemas"]["WebhookEndpointWriteResponse"];
        };
      };
      /** @description The request is invalid (validation_failed, invalid_json, amount_precision, unsupported_currency...). Codes: validation_failed, invalid_json, invalid_idempotency_key, endpoint_url_refused. */
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
      /** @description The request body is over 1 MiB. Codes: payload_too_large. */
      413: {
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
      /** @description The Idempotency-Key was used with a different request, or the change would take a balance past what the ledger holds. Codes: idempotency_key_reused. */
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
      /** @description A dependency is unavailable, or the service is over capacity and refused at once; retry after Retry-After. Codes: unavailable, overloaded. */
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
  getWebhookEndpoint: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description The endpoint's id. */
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The endpoint and its health. */
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
          "application/json": components["schemas"]["WebhookEndpoint"];
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
      /** @description The resource does not exist in this application and mode. Codes: endpoint_not_found. */
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
      /** @description A dependency is unavailable, or the service is over capacity and refused at once; retry after Retry-After. Codes: unavailable, overloaded. */
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
  updateWebhookEndpoint: {
    parameters: {
      query?: never;
      header?: {
        /** @description Makes the write safe to retry: the same key within 24 hours returns the original response. Any 1-255 visible ASCII characters; a UUID per logical operation is a good choice. */
        "Idempotency-Key"?: string;
      };
      path: {
        /** @description The endpoint's id. */
        id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": components["schemas"]["UpdateWebhookEndpointRequest"];
      };
    };
    responses: {
      /** @description The endpoint after the change. */
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
          "application/json": components["schemas"]["WebhookEndpointWriteResponse"];
        };
      };
      /** @description The request is invalid (validation_failed, invalid_json, amount_precision, unsupported_currency...). Codes: validation_failed, invalid_json, invalid_idempotency_key, endpoint_url_refused. */
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
      /** @description The resource does not exist in this application and mode. Codes: endpoint_not_found. */
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
      /** @description The request body is over 1 MiB. Codes: payload_too_large. */
      413: {
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
      /** @description The Idempotency-Key was used with a different request, or the change would take a balance past what the ledger holds. Codes: idempotency_key_reused. */
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
      /** @description A dependency is unavailable, or the service is over capacity and refused at once; retry after Retry-After. Codes: unavailable, overloaded. */
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
  deleteWebhookEndpoint: {
    parameters: {
      query?: never;
      header?: {
        /** @description Makes the write safe to retry: the same key within 24 hours returns the original response. Any 1-255 visible ASCII characters; a UUID per logical operation is a good choice. */
        "Idempotency-Key"?: string;
      };
      path: {
        /** @description The endpoint's id. */
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Deleted. */
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
          "application/json": components["schemas"]["DeletedWebhookEndpoint"];
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
      /** @description The resource does not exist in this application and mode. Codes: endpoint_not_found. */
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
      /** @description The Idempotency-Key was used with a different request, or the change would take a balance past what the ledger holds. Codes: idempotency_key_reused. */
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
      /** @description A dependency is unavailable, or the service is over capacity and refused at once; retry after Retry-After. Codes: unavailable, overloaded. */
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
  testWebhookEndpoint: {
    parameters: {
      query?: never;
      header?: {
        /** @description Makes the write safe to retry: the same key within 24 hours returns the original response. Any 1-255 visible ASCII characters; a UUID per logical operation is a good choice. */
        "Idempotency-Key"?: string;
      };
      path: {
        /** @description The endpoint's id. */
        id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": components["schemas"]["TestWebhookEndpointRequest"];
      };
    };
    responses: {
      /** @description The example event, its delivery queued. */
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
          "application/json": components["schemas"]["WebhookTestResult"];
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
      /** @description The resource does not exist in this application and mode. Codes: endpoint_not_found. */
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
      /** @description The request body is over 1 MiB. Codes: payload_too_large. */
      413: {
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
      /** @description The Idempotency-Key was used with a different request, or the change would take a balance past what the ledger holds. Codes: idempotency_key_reused. */
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
      /** @description A dependency is unavailable, or the service is over capacity and refused at once; retry after Retry-After. Codes: unavailable, overloaded. */
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
  rollWebhookSecret: {
    parameters: {
      query?: never;
      header?: {
        /** @description Makes the write safe to retry: the same key within 24 hours returns the original response. Any 1-255 visible ASCII characters; a UUID per logical operation is a good choice. */
        "Idempotency-Key"?: string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": components["schemas"]["RollWebhookSecretRequest"];
      };
    };
    responses: {
      /** @description The new secret, answered here once. */
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
          "application/json": components["schemas"]["RolledWebhookSecret"];
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
      /** @description The request body is over 1 MiB. Codes: payload_too_large. */
      413: {
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
      /** @description The Idempotency-Key was used with a different request, or the change would take a balance past what the ledger holds. Codes: idempotency_key_reused. */
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
      /** @description A dependency is unavailable, or the service is over capacity and refused at once; retry after Retry-After. Codes: unavailable, overloaded. */
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
  getAuthorizationEndpoint: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The endpoint and its health. */
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
          "application/json": components["schemas"]["AuthorizationEndpoint"];
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
      /** @description The resource does not exist in this application and mode. Codes: authorization_endpoint_not_found. */
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
      /** @description A dependency is unavailable, or the service is over capacity and refused at once; retry after Retry-After. Codes: unavailable, overloaded. */
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
  setAuthorizationEndpoint: {
    parameters: {
      query?: never;
      header?: {
        /** @description Makes the write safe to retry: the same key within 24 hours returns the original response. Any 1-255 visible ASCII characters; a UUID per logical operation is a good choice. */
        "Idempotency-Key"?: string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": components["schemas"]["SetAuthorizationEndpointRequest"];
      };
    };
    responses: {
      /** @description The endpoint as set. */
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
          "application/json": components["schemas"]["AuthorizationEndpointWriteResponse"];
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
      /** @description The request body is over 1 MiB. Codes: payload_too_large. */
      413: {
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
      /** @description The Idempotency-Key was used with a different request, or the change would take a balance past what the ledger holds. Codes: idempotency_key_reused. */
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
      /** @description A dependency is unavailable, or the service is over capacity and refused at once; retry after Retry-After. Codes: unavailable, overloaded. */
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
  deleteAuthorizationEndpoint: {
    parameters: {
      query?: never;
      header?: {
        /** @description Makes the write safe to retry: the same key within 24 hours returns the original response. Any 1-255 visible ASCII characters; a UUID per logical operation is a good choice. */
        "Idempotency-Key"?: string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Removed. */
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
          "application/json": components["schemas"]["AuthorizationEndpointDeleted"];
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
      /** @description The resource does not exist in this application and mode. Codes: authorization_endpoint_not_found. */
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
      /** @description The Idempotency-Key was used with a different request, or the change would take a balance past what the ledger holds. Codes: idempotency_key_reused. */
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
      /** @description A dependency is unavailable, or the service is over capacity and refused at once; retry after Retry-After. Codes: unavailable, overloaded. */
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
        /** @description Makes the write safe to retry: the same key within 24 hours returns the original response. Any 1-255 visible ASCII characters; a UUID per logical operation is a good choice. */
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
      /** @description The request body is over 1 MiB. Codes: payload_too_large. */
      413: {
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
      /** @description The Idempotency-Key was used with a different request, or the change would take a balance past what the ledger holds. Codes: idempotency_key_reused. */
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
      /** @description A dependency is unavailable, or the service is over capacity and refused at once; retry after Retry-After. Codes: unavailable, overloaded. */
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
        /** @description Makes the write safe to retry: the same key within 24 hours returns the original response. Any 1-255 visible ASCII characters; a UUID per logical operation is a good choice. */
        "Idempotency-Key"?: string;
      };
      path: {
        /** @description The statement's id (`stmt_` + 24 letters and digits). */
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
      /** @description The Idempotency-Key was used with a different request, or the change would take a balance past what the ledger holds. Codes: idempotency_key_reused. */
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
      /** @description A dependency is unavailable, or the service is over capacity and refused at once; retry after Retry-After. Codes: unavailable, overloaded. */
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
        /** @description Makes the write safe to retry: the same key within 24 hours returns the original response. Any 1-255 visible ASCII characters; a UUID per logical operation is a good choice. */
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
      /** @description The letter, with its signed document. */
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
          "application/json": components["schemas"]["ProofCreated"];
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
      /** @description The request body is over 1 MiB. Codes: payload_too_large. */
      413: {
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
      /** @description The Idempotency-Key was used with a different request, or the change would take a balance past what the ledger holds. Codes: idempotency_key_reused. */
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
      /** @description A dependency is unavailable, or the service is over capacity and refused at once; retry after Retry-After. Codes: unavailable, overloaded. */
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
        /** @description Makes the write safe to retry: the same key within 24 hours returns the original response. Any 1-255 visible ASCII characters; a UUID per logical operation is a good choice. */
        "Idempotency-Key"?: string;
      };
      path: {
        /** @description The proof letter's id (`prf_` + 24 letters and digits). */
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
      /** @description The Idempotency-Key was used with a different request, or the change would take a balance past what the ledger holds. Codes: idempotency_key_reused. */
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
      /** @description A dependency is unavailable, or the service is over capacity and refused at once; retry after Retry-After. Codes: unavailable, overloaded. */
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
        /** @description The token printed on the statement. A missing or malformed token is answered with valid false and reason_code malformed, not an error (only a NUL character is refused, with 400 validation_failed). */
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
      /** @description A dependency is unavailable, or the service is over capacity and refused at once; retry after Retry-After. Codes: overloaded. */
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
      /** @description A dependency is unavailable, or the service is over capacity and refused at once; retry after Retry-After. Codes: overloaded. */
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
  getDocumentStatus: {
    parameters: {
      query?: {
        /** @description The signed document's `id` (a statement `stmt_…` or a letter `prf_…`). A missing or malformed id is answered with status not_found, not an error. */
        id?: string;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The document's status. */
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
          "application/json": components["schemas"]["DocumentStatus"];
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
      /** @description A dependency is unavailable, or the service is over capacity and refused at once; retry after Retry-After. Codes: overloaded. */
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
  getDocumentKeys: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The published keys. */
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
          "application/json": components["schemas"]["DocumentSigningKeys"];
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
      /** @description A dependency is unavailable, or the service is over capacity and refused at once; retry after Retry-After. Codes: overloaded. */
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
      /** @description A dependency is unavailable, or the service is over capacity and refused at once; retry after Retry-After. Codes: overloaded. */
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
  listLiabilitySnapshots: {
    parameters: {
      query?: {
        /** @description Items per page, 1-100. */
        limit?: number;
        /** @description Cursor: the `next_cursor` of the previous page (the id of its last item). Omit for the newest items. */
        starting_after?: string;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description A page of snapshots. */
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
          "application/json": components["schemas"]["LiabilitySnapshotList"];
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
      /** @description A dependency is unavailable, or the service is over capacity and refused at once; retry after Retry-After. Codes: overloaded. */
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
  getLiabilitySnapshot: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description The snapshot's id. */
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The snapshot. */
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
          "application/json": components["schemas"]["LiabilitySnapshot"];
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
      /** @description The resource does not exist in this application and mode. Codes: liability_snapshot_not_found. */
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
      /** @description A dependency is unavailable, or the service is over capacity and refused at once; retry after Retry-After. Codes: overloaded. */
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
  getLiabilityProof: {
    parameters: {
      query?: {
        /** @description The snapshot to prove inclusion in; the newest when omitted. */
        snapshot?: string;
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
      /** @description The inclusion proof. */
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
          "application/json": components["schemas"]["LiabilityProof"];
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
      /** @description The resource does not exist in this application and mode. Codes: wallet_not_found, liability_snapshot_not_found, liability_proof_unavailable. */
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
      /** @description A dependency is unavailable, or the service is over capacity and refused at once; retry after Retry-After. Codes: unavailable, overloaded. */
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
          /** @description Requests allowed per minute. */
          "x-ratelimit-limit": string;
          /** @description Requests left in the current window. */
          "x-ratelimit-remaining": string;
          /** @description Seconds until the window resets. */
          "x-ratelimit-reset": string;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["OpenApiDocument"];
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
      /** @description A dependency is unavailable, or the service is over capacity and refused at once; retry after Retry-After. Codes: overloaded. */
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
  getHealth: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The instance and its database answer. */
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
          "application/json": components["schemas"]["Health"];
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
      /** @description A dependency is unavailable, or the service is over capacity and refused at once; retry after Retry-After. Codes: overloaded, unavailable. */
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
  getReadiness: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Send this instance traffic. */
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
          "application/json": components["schemas"]["Readiness"];
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
      /** @description A dependency is unavailable, or the service is over capacity and refused at once; retry after Retry-After. Codes: overloaded, unavailable. */
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
  webhook_card_authorization_request: {
    parameters: {
      query?: never;
      header: {
        /** @description The body is the JSON envelope. */
        "content-type": "application/json";
        /** @description Names the sender and the payload schema version. */
        "user-agent": "wallet-card-service-webhooks/1.1";
        /** @description Lowercase hex HMAC-SHA256 of the raw body with the application's webhook secret of the delivery's mode (test and live each have their own; while a rolled secret is pending, a receiver may hold both and accept either). Compare in constant time; answer 401 on a mismatch. The example is the signature of this operation's example body, serialized compactly, with the example secret `whsec_KMvHjwZ8MmcPmhjSx6V4DHPLU5IERA9zRwp5BWmL`. */
        "x-service-signature": string;
        /** @description Payload schema version of the envelope; the same as its `schema_version`. */
        "x-service-schema-version": "1.1";
        /** @description The envelope's id; use it to drop duplicates. */
        "x-service-event-id": string;
        /** @description The delivery (one per event and endpoint). */
        "x-service-delivery-id": string;
        /** @description Standard Webhooks: the event's id, the same on every retry and replay. See /webhooks/security#standard-webhooks. */
        "webhook-id": string;
        /** @description Standard Webhooks: this attempt's time in unix seconds (the envelope's `sent_at`). Refuse one more than 5 minutes from your clock. */
        "webhook-timestamp": string;
        /** @description Standard Webhooks: `v1,` + base64 HMAC-SHA256 of `webhook-id.webhook-timestamp.body`, keyed by the secret's part after `whsec_` base64-decoded (what the standard's libraries do with the secret as the console shows it). During a secret roll one signature per secret, space-separated. The example is this operation's example body's, with the example secret. */
        "webhook-signature": string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": components["schemas"]["AuthorizationDecisionRequest"];
      };
    };
    responses: {
      /** @description Any 2xx with this body decides the spend. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["AuthorizationDecisionAnswer"];
        };
      };
    };
  };
  webhook_wallet_provisioned: {
    parameters: {
      query?: never;
      header: {
        /** @description The body is the JSON envelope. */
        "content-type": "application/json";
        /** @description Names the sender and the payload schema version. */
        "user-agent": "wallet-card-service-webhooks/1.1";
        /** @description Lowercase hex HMAC-SHA256 of the raw body with the application's webhook secret of the delivery's mode (test and live each have their own; while a rolled secret is pending, a receiver may hold both and accept either). Compare in constant time; answer 401 on a mismatch. The example is the signature of this operation's example body, serialized compactly, with the example secret `whsec_KMvHjwZ8MmcPmhjSx6V4DHPLU5IERA9zRwp5BWmL`. */
        "x-service-signature": string;
        /** @description Payload schema version of the envelope; the same as its `schema_version`. */
        "x-service-schema-version": "1.1";
        /** @description The envelope's id; use it to drop duplicates. */
        "x-service-event-id": string;
        /** @description The delivery (one per event and endpoint). */
        "x-service-delivery-id": string;
        /** @description Standard Webhooks: the event's id, the same on every retry and replay. See /webhooks/security#standard-webhooks. */
        "webhook-id": string;
        /** @description Standard Webhooks: this attempt's time in unix seconds (the envelope's `sent_at`). Refuse one more than 5 minutes from your clock. */
        "webhook-timestamp": string;
        /** @description Standard Webhooks: `v1,` + base64 HMAC-SHA256 of `webhook-id.webhook-timestamp.body`, keyed by the secret's part after `whsec_` base64-decoded (what the standard's libraries do with the secret as the console shows it). During a secret roll one signature per secret, space-separated. The example is this operation's example body's, with the example secret. */
        "webhook-signature": string;
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
        /** @description The body is the JSON envelope. */
        "content-type": "application/json";
        /** @description Names the sender and the payload schema version. */
        "user-agent": "wallet-card-service-webhooks/1.1";
        /** @description Lowercase hex HMAC-SHA256 of the raw body with the application's webhook secret of the delivery's mode (test and live each have their own; while a rolled secret is pending, a receiver may hold both and accept either). Compare in constant time; answer 401 on a mismatch. The example is the signature of this operation's example body, serialized compactly, with the example secret `whsec_KMvHjwZ8MmcPmhjSx6V4DHPLU5IERA9zRwp5BWmL`. */
        "x-service-signature": string;
        /** @description Payload schema version of the envelope; the same as its `schema_version`. */
        "x-service-schema-version": "1.1";
        /** @description The envelope's id; use it to drop duplicates. */
        "x-service-event-id": string;
        /** @description The delivery (one per event and endpoint). */
        "x-service-delivery-id": string;
        /** @description Standard Webhooks: the event's id, the same on every retry and replay. See /webhooks/security#standard-webhooks. */
        "webhook-id": string;
        /** @description Standard Webhooks: this attempt's time in unix seconds (the envelope's `sent_at`). Refuse one more than 5 minutes from your clock. */
        "webhook-timestamp": string;
        /** @description Standard Webhooks: `v1,` + base64 HMAC-SHA256 of `webhook-id.webhook-timestamp.body`, keyed by the secret's part after `whsec_` base64-decoded (what the standard's libraries do with the secret as the console shows it). During a secret roll one signature per secret, space-separated. The example is this operation's example body's, with the example secret. */
        "webhook-signature": string;
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
        /** @description The body is the JSON envelope. */
        "content-type": "application/json";
        /** @description Names the sender and the payload schema version. */
        "user-agent": "wallet-card-service-webhooks/1.1";
        /** @description Lowercase hex HMAC-SHA256 of the raw body with the application's webhook secret of the delivery's mode (test and live each have their own; while a rolled secret is pending, a receiver may hold both and accept either). Compare in constant time; answer 401 on a mismatch. The example is the signature of this operation's example body, serialized compactly, with the example secret `whsec_KMvHjwZ8MmcPmhjSx6V4DHPLU5IERA9zRwp5BWmL`. */
        "x-service-signature": string;
        /** @description Payload schema version of the envelope; the same as its `schema_version`. */
        "x-service-schema-version": "1.1";
        /** @description The envelope's id; use it to drop duplicates. */
        "x-service-event-id": string;
        /** @description The delivery (one per event and endpoint). */
        "x-service-delivery-id": string;
        /** @description Standard Webhooks: the event's id, the same on every retry and replay. See /webhooks/security#standard-webhooks. */
        "webhook-id": string;
        /** @description Standard Webhooks: this attempt's time in unix seconds (the envelope's `sent_at`). Refuse one more than 5 minutes from your clock. */
        "webhook-timestamp": string;
        /** @description Standard Webhooks: `v1,` + base64 HMAC-SHA256 of `webhook-id.webhook-timestamp.body`, keyed by the secret's part after `whsec_` base64-decoded (what the standard's libraries do with the secret as the console shows it). During a secret roll one signature per secret, space-separated. The example is this operation's example body's, with the example secret. */
        "webhook-signature": string;
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
        /** @description The body is the JSON envelope. */
        "content-type": "application/json";
        /** @description Names the sender and the payload schema version. */
        "user-agent": "wallet-card-service-webhooks/1.1";
        /** @description Lowercase hex HMAC-SHA256 of the raw body with the application's webhook secret of the delivery's mode (test and live each have their own; while a rolled secret is pending, a receiver may hold both and accept either). Compare in constant time; answer 401 on a mismatch. The example is the signature of this operation's example body, serialized compactly, with the example secret `whsec_KMvHjwZ8MmcPmhjSx6V4DHPLU5IERA9zRwp5BWmL`. */
        "x-service-signature": string;
        /** @description Payload schema version of the envelope; the same as its `schema_version`. */
        "x-service-schema-version": "1.1";
        /** @description The envelope's id; use it to drop duplicates. */
        "x-service-event-id": string;
        /** @description The delivery (one per event and endpoint). */
        "x-service-delivery-id": string;
        /** @description Standard Webhooks: the event's id, the same on every retry and replay. See /webhooks/security#standard-webhooks. */
        "webhook-id": string;
        /** @description Standard Webhooks: this attempt's time in unix seconds (the envelope's `sent_at`). Refuse one more than 5 minutes from your clock. */
        "webhook-timestamp": string;
        /** @description Standard Webhooks: `v1,` + base64 HMAC-SHA256 of `webhook-id.webhook-timestamp.body`, keyed by the secret's part after `whsec_` base64-decoded (what the standard's libraries do with the secret as the console shows it). During a secret roll one signature per secret, space-separated. The example is this operation's example body's, with the example secret. */
        "webhook-signature": string;
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
        /** @description The body is the JSON envelope. */
        "content-type": "application/json";
        /** @description Names the sender and the payload schema version. */
        "user-agent": "wallet-card-service-webhooks/1.1";
        /** @description Lowercase hex HMAC-SHA256 of the raw body with the application's webhook secret of the delivery's mode (test and live each have their own; while a rolled secret is pending, a receiver may hold both and accept either). Compare in constant time; answer 401 on a mismatch. The example is the signature of this operation's example body, serialized compactly, with the example secret `whsec_KMvHjwZ8MmcPmhjSx6V4DHPLU5IERA9zRwp5BWmL`. */
        "x-service-signature": string;
        /** @description Payload schema version of the envelope; the same as its `schema_version`. */
        "x-service-schema-version": "1.1";
        /** @description The envelope's id; use it to drop duplicates. */
        "x-service-event-id": string;
        /** @description The delivery (one per event and endpoint). */
        "x-service-delivery-id": string;
        /** @description Standard Webhooks: the event's id, the same on every retry and replay. See /webhooks/security#standard-webhooks. */
        "webhook-id": string;
        /** @description Standard Webhooks: this attempt's time in unix seconds (the envelope's `sent_at`). Refuse one more than 5 minutes from your clock. */
        "webhook-timestamp": string;
        /** @description Standard Webhooks: `v1,` + base64 HMAC-SHA256 of `webhook-id.webhook-timestamp.body`, keyed by the secret's part after `whsec_` base64-decoded (what the standard's libraries do with the secret as the console shows it). During a secret roll one signature per secret, space-separated. The example is this operation's example body's, with the example secret. */
        "webhook-signature": string;
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
  webhook_card_reversed: {
    parameters: {
      query?: never;
      header: {
        /** @description The body is the JSON envelope. */
        "content-type": "application/json";
        /** @description Names the sender and the payload schema version. */
        "user-agent": "wallet-card-service-webhooks/1.1";
        /** @description Lowercase hex HMAC-SHA256 of the raw body with the application's webhook secret of the delivery's mode (test and live each have their own; while a rolled secret is pending, a receiver may hold both and accept either). Compare in constant time; answer 401 on a mismatch. The example is the signature of this operation's example body, serialized compactly, with the example secret `whsec_KMvHjwZ8MmcPmhjSx6V4DHPLU5IERA9zRwp5BWmL`. */
        "x-service-signature": string;
        /** @description Payload schema version of the envelope; the same as its `schema_version`. */
        "x-service-schema-version": "1.1";
        /** @description The envelope's id; use it to drop duplicates. */
        "x-service-event-id": string;
        /** @description The delivery (one per event and endpoint). */
        "x-service-delivery-id": string;
        /** @description Standard Webhooks: the event's id, the same on every retry and replay. See /webhooks/security#standard-webhooks. */
        "webhook-id": string;
        /** @description Standard Webhooks: this attempt's time in unix seconds (the envelope's `sent_at`). Refuse one more than 5 minutes from your clock. */
        "webhook-timestamp": string;
        /** @description Standard Webhooks: `v1,` + base64 HMAC-SHA256 of `webhook-id.webhook-timestamp.body`, keyed by the secret's part after `whsec_` base64-decoded (what the standard's libraries do with the secret as the console shows it). During a secret roll one signature per secret, space-separated. The example is this operation's example body's, with the example secret. */
        "webhook-signature": string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": components["schemas"]["CardReversedEvent"];
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
  webhook_top_up_created: {
    parameters: {
      query?: never;
      header: {
        /** @description The body is the JSON envelope. */
        "content-type": "application/json";
        /** @description Names the sender and the payload schema version. */
        "user-agent": "wallet-card-service-webhooks/1.1";
        /** @description Lowercase hex HMAC-SHA256 of the raw body with the application's webhook secret of the delivery's mode (test and live each have their own; while a rolled secret is pending, a receiver may hold both and accept either). Compare in constant time; answer 401 on a mismatch. The example is the signature of this operation's example body, serialized compactly, with the example secret `whsec_KMvHjwZ8MmcPmhjSx6V4DHPLU5IERA9zRwp5BWmL`. */
        "x-service-signature": string;
        /** @description Payload schema version of the envelope; the same as its `schema_version`. */
        "x-service-schema-version": "1.1";
        /** @description The envelope's id; use it to drop duplicates. */
        "x-service-event-id": string;
        /** @description The delivery (one per event and endpoint). */
        "x-service-delivery-id": string;
        /** @description Standard Webhooks: the event's id, the same on every retry and replay. See /webhooks/security#standard-webhooks. */
        "webhook-id": string;
        /** @description Standard Webhooks: this attempt's time in unix seconds (the envelope's `sent_at`). Refuse one more than 5 minutes from your clock. */
        "webhook-timestamp": string;
        /** @description Standard Webhooks: `v1,` + base64 HMAC-SHA256 of `webhook-id.webhook-timestamp.body`, keyed by the secret's part after `whsec_` base64-decoded (what the standard's libraries do with the secret as the console shows it). During a secret roll one signature per secret, space-separated. The example is this operation's example body's, with the example secret. */
        "webhook-signature": string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": components["schemas"]["TopUpCreatedEvent"];
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
  webhook_transfer_created: {
    parameters: {
      query?: never;
      header: {
        /** @description The body is the JSON envelope. */
        "content-type": "application/json";
        /** @description Names the sender and the payload schema version. */
        "user-agent": "wallet-card-service-webhooks/1.1";
        /** @description Lowercase hex HMAC-SHA256 of the raw body with the application's webhook secret of the delivery's mode (test and live each have their own; while a rolled secret is pending, a receiver may hold both and accept either). Compare in constant time; answer 401 on a mismatch. The example is the signature of this operation's example body, serialized compactly, with the example secret `whsec_KMvHjwZ8MmcPmhjSx6V4DHPLU5IERA9zRwp5BWmL`. */
        "x-service-signature": string;
        /** @description Payload schema version of the envelope; the same as its `schema_version`. */
        "x-service-schema-version": "1.1";
        /** @description The envelope's id; use it to drop duplicates. */
        "x-service-event-id": string;
        /** @description The delivery (one per event and endpoint). */
        "x-service-delivery-id": string;
        /** @description Standard Webhooks: the event's id, the same on every retry and replay. See /webhooks/security#standard-webhooks. */
        "webhook-id": string;
        /** @description Standard Webhooks: this attempt's time in unix seconds (the envelope's `sent_at`). Refuse one more than 5 minutes from your clock. */
        "webhook-timestamp": string;
        /** @description Standard Webhooks: `v1,` + base64 HMAC-SHA256 of `webhook-id.webhook-timestamp.body`, keyed by the secret's part after `whsec_` base64-decoded (what the standard's libraries do with the secret as the console shows it). During a secret roll one signature per secret, space-separated. The example is this operation's example body's, with the example secret. */
        "webhook-signature": string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": components["schemas"]["TransferCreatedEvent"];
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
  webhook_card_incremented: {
    parameters: {
      query?: never;
      header: {
        /** @description The body is the JSON envelope. */
        "content-type": "application/json";
        /** @description Names the sender and the payload schema version. */
        "user-agent": "wallet-card-service-webhooks/1.1";
        /** @description Lowercase hex HMAC-SHA256 of the raw body with the application's webhook secret of the delivery's mode (test and live each have their own; while a rolled secret is pending, a receiver may hold both and accept either). Compare in constant time; answer 401 on a mismatch. The example is the signature of this operation's example body, serialized compactly, with the example secret `whsec_KMvHjwZ8MmcPmhjSx6V4DHPLU5IERA9zRwp5BWmL`. */
        "x-service-signature": string;
        /** @description Payload schema version of the envelope; the same as its `schema_version`. */
        "x-service-schema-version": "1.1";
        /** @description The envelope's id; use it to drop duplicates. */
        "x-service-event-id": string;
        /** @description The delivery (one per event and endpoint). */
        "x-service-delivery-id": string;
        /** @description Standard Webhooks: the event's id, the same on every retry and replay. See /webhooks/security#standard-webhooks. */
        "webhook-id": string;
        /** @description Standard Webhooks: this attempt's time in unix seconds (the envelope's `sent_at`). Refuse one more than 5 minutes from your clock. */
        "webhook-timestamp": string;
        /** @description Standard Webhooks: `v1,` + base64 HMAC-SHA256 of `webhook-id.webhook-timestamp.body`, keyed by the secret's part after `whsec_` base64-decoded (what the standard's libraries do with the secret as the console shows it). During a secret roll one signature per secret, space-separated. The example is this operation's example body's, with the example secret. */
        "webhook-signature": string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": components["schemas"]["CardIncrementedEvent"];
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
  webhook_card_advised: {
    parameters: {
      query?: never;
      header: {
        /** @description The body is the JSON envelope. */
        "content-type": "application/json";
        /** @description Names the sender and the payload schema version. */
        "user-agent": "wallet-card-service-webhooks/1.1";
        /** @description Lowercase hex HMAC-SHA256 of the raw body with the application's webhook secret of the delivery's mode (test and live each have their own; while a rolled secret is pending, a receiver may hold both and accept either). Compare in constant time; answer 401 on a mismatch. The example is the signature of this operation's example body, serialized compactly, with the example secret `whsec_KMvHjwZ8MmcPmhjSx6V4DHPLU5IERA9zRwp5BWmL`. */
        "x-service-signature": string;
        /** @description Payload schema version of the envelope; the same as its `schema_version`. */
        "x-service-schema-version": "1.1";
        /** @description The envelope's id; use it to drop duplicates. */
        "x-service-event-id": string;
        /** @description The delivery (one per event and endpoint). */
        "x-service-delivery-id": string;
        /** @description Standard Webhooks: the event's id, the same on every retry and replay. See /webhooks/security#standard-webhooks. */
        "webhook-id": string;
        /** @description Standard Webhooks: this attempt's time in unix seconds (the envelope's `sent_at`). Refuse one more than 5 minutes from your clock. */
        "webhook-timestamp": string;
        /** @description Standard Webhooks: `v1,` + base64 HMAC-SHA256 of `webhook-id.webhook-timestamp.body`, keyed by the secret's part after `whsec_` base64-decoded (what the standard's libraries do with the secret as the console shows it). During a secret roll one signature per secret, space-separated. The example is this operation's example body's, with the example secret. */
        "webhook-signature": string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": components["schemas"]["CardAdvisedEvent"];
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
  webhook_card_force_posted: {
    parameters: {
      query?: never;
      header: {
        /** @description The body is the JSON envelope. */
        "content-type": "application/json";
        /** @description Names the sender and the payload schema version. */
        "user-agent": "wallet-card-service-webhooks/1.1";
        /** @description Lowercase hex HMAC-SHA256 of the raw body with the application's webhook secret of the delivery's mode (test and live each have their own; while a rolled secret is pending, a receiver may hold both and accept either). Compare in constant time; answer 401 on a mismatch. The example is the signature of this operation's example body, serialized compactly, with the example secret `whsec_KMvHjwZ8MmcPmhjSx6V4DHPLU5IERA9zRwp5BWmL`. */
        "x-service-signature": string;
        /** @description Payload schema version of the envelope; the same as its `schema_version`. */
        "x-service-schema-version": "1.1";
        /** @description The envelope's id; use it to drop duplicates. */
        "x-service-event-id": string;
        /** @description The delivery (one per event and endpoint). */
        "x-service-delivery-id": string;
        /** @description Standard Webhooks: the event's id, the same on every retry and replay. See /webhooks/security#standard-webhooks. */
        "webhook-id": string;
        /** @description Standard Webhooks: this attempt's time in unix seconds (the envelope's `sent_at`). Refuse one more than 5 minutes from your clock. */
        "webhook-timestamp": string;
        /** @description Standard Webhooks: `v1,` + base64 HMAC-SHA256 of `webhook-id.webhook-timestamp.body`, keyed by the secret's part after `whsec_` base64-decoded (what the standard's libraries do with the secret as the console shows it). During a secret roll one signature per secret, space-separated. The example is this operation's example body's, with the example secret. */
        "webhook-signature": string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": components["schemas"]["CardForcePostedEvent"];
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
  webhook_card_return_reversed: {
    parameters: {
      query?: never;
      header: {
        /** @description The body is the JSON envelope. */
        "content-type": "application/json";
        /** @description Names the sender and the payload schema version. */
        "user-agent": "wallet-card-service-webhooks/1.1";
        /** @description Lowercase hex HMAC-SHA256 of the raw body with the application's webhook secret of the delivery's mode (test and live each have their own; while a rolled secret is pending, a receiver may hold both and accept either). Compare in constant time; answer 401 on a mismatch. The example is the signature of this operation's example body, serialized compactly, with the example secret `whsec_KMvHjwZ8MmcPmhjSx6V4DHPLU5IERA9zRwp5BWmL`. */
        "x-service-signature": string;
        /** @description Payload schema version of the envelope; the same as its `schema_version`. */
        "x-service-schema-version": "1.1";
        /** @description The envelope's id; use it to drop duplicates. */
        "x-service-event-id": string;
        /** @description The delivery (one per event and endpoint). */
        "x-service-delivery-id": string;
        /** @description Standard Webhooks: the event's id, the same on every retry and replay. See /webhooks/security#standard-webhooks. */
        "webhook-id": string;
        /** @description Standard Webhooks: this attempt's time in unix seconds (the envelope's `sent_at`). Refuse one more than 5 minutes from your clock. */
        "webhook-timestamp": string;
        /** @description Standard Webhooks: `v1,` + base64 HMAC-SHA256 of `webhook-id.webhook-timestamp.body`, keyed by the secret's part after `whsec_` base64-decoded (what the standard's libraries do with the secret as the console shows it). During a secret roll one signature per secret, space-separated. The example is this operation's example body's, with the example secret. */
        "webhook-signature": string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": components["schemas"]["CardReturnReversedEvent"];
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
  webhook_payout_created: {
    parameters: {
      query?: never;
      header: {
        /** @description The body is the JSON envelope. */
        "content-type": "application/json";
        /** @description Names the sender and the payload schema version. */
        "user-agent": "wallet-card-service-webhooks/1.1";
        /** @description Lowercase hex HMAC-SHA256 of the raw body with the application's webhook secret of the delivery's mode (test and live each have their own; while a rolled secret is pending, a receiver may hold both and accept either). Compare in constant time; answer 401 on a mismatch. The example is the signature of this operation's example body, serialized compactly, with the example secret `whsec_KMvHjwZ8MmcPmhjSx6V4DHPLU5IERA9zRwp5BWmL`. */
        "x-service-signature": string;
        /** @description Payload schema version of the envelope; the same as its `schema_version`. */
        "x-service-schema-version": "1.1";
        /** @description The envelope's id; use it to drop duplicates. */
        "x-service-event-id": string;
        /** @description The delivery (one per event and endpoint). */
        "x-service-delivery-id": string;
        /** @description Standard Webhooks: the event's id, the same on every retry and replay. See /webhooks/security#standard-webhooks. */
        "webhook-id": string;
        /** @description Standard Webhooks: this attempt's time in unix seconds (the envelope's `sent_at`). Refuse one more than 5 minutes from your clock. */
        "webhook-timestamp": string;
        /** @description Standard Webhooks: `v1,` + base64 HMAC-SHA256 of `webhook-id.webhook-timestamp.body`, keyed by the secret's part after `whsec_` base64-decoded (what the standard's libraries do with the secret as the console shows it). During a secret roll one signature per secret, space-separated. The example is this operation's example body's, with the example secret. */
        "webhook-signature": string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": components["schemas"]["PayoutCreatedEvent"];
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
  webhook_payout_in_transit: {
    parameters: {
      query?: never;
      header: {
        /** @description The body is the JSON envelope. */
        "content-type": "application/json";
        /** @description Names the sender and the payload schema version. */
        "user-agent": "wallet-card-service-webhooks/1.1";
        /** @description Lowercase hex HMAC-SHA256 of the raw body with the application's webhook secret of the delivery's mode (test and live each have their own; while a rolled secret is pending, a receiver may hold both and accept either). Compare in constant time; answer 401 on a mismatch. The example is the signature of this operation's example body, serialized compactly, with the example secret `whsec_KMvHjwZ8MmcPmhjSx6V4DHPLU5IERA9zRwp5BWmL`. */
        "x-service-signature": string;
        /** @description Payload schema version of the envelope; the same as its `schema_version`. */
        "x-service-schema-version": "1.1";
        /** @description The envelope's id; use it to drop duplicates. */
        "x-service-event-id": string;
        /** @description The delivery (one per event and endpoint). */
        "x-service-delivery-id": string;
        /** @description Standard Webhooks: the event's id, the same on every retry and replay. See /webhooks/security#standard-webhooks. */
        "webhook-id": string;
        /** @description Standard Webhooks: this attempt's time in unix seconds (the envelope's `sent_at`). Refuse one more than 5 minutes from your clock. */
        "webhook-timestamp": string;
        /** @description Standard Webhooks: `v1,` + base64 HMAC-SHA256 of `webhook-id.webhook-timestamp.body`, keyed by the secret's part after `whsec_` base64-decoded (what the standard's libraries do with the secret as the console shows it). During a secret roll one signature per secret, space-separated. The example is this operation's example body's, with the example secret. */
        "webhook-signature": string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": components["schemas"]["PayoutInTransitEvent"];
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
  webhook_payout_paid: {
    parameters: {
      query?: never;
      header: {
        /** @description The body is the JSON envelope. */
        "content-type": "application/json";
        /** @description Names the sender and the payload schema version. */
        "user-agent": "wallet-card-service-webhooks/1.1";
        /** @description Lowercase hex HMAC-SHA256 of the raw body with the application's webhook secret of the delivery's mode (test and live each have their own; while a rolled secret is pending, a receiver may hold both and accept either). Compare in constant time; answer 401 on a mismatch. The example is the signature of this operation's example body, serialized compactly, with the example secret `whsec_KMvHjwZ8MmcPmhjSx6V4DHPLU5IERA9zRwp5BWmL`. */
        "x-service-signature": string;
        /** @description Payload schema version of the envelope; the same as its `schema_version`. */
        "x-service-schema-version": "1.1";
        /** @description The envelope's id; use it to drop duplicates. */
        "x-service-event-id": string;
        /** @description The delivery (one per event and endpoint). */
        "x-service-delivery-id": string;
        /** @description Standard Webhooks: the event's id, the same on every retry and replay. See /webhooks/security#standard-webhooks. */
        "webhook-id": string;
        /** @description Standard Webhooks: this attempt's time in unix seconds (the envelope's `sent_at`). Refuse one more than 5 minutes from your clock. */
        "webhook-timestamp": string;
        /** @description Standard Webhooks: `v1,` + base64 HMAC-SHA256 of `webhook-id.webhook-timestamp.body`, keyed by the secret's part after `whsec_` base64-decoded (what the standard's libraries do with the secret as the console shows it). During a secret roll one signature per secret, space-separated. The example is this operation's example body's, with the example secret. */
        "webhook-signature": string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": components["schemas"]["PayoutPaidEvent"];
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
  webhook_payout_failed: {
    parameters: {
      query?: never;
      header: {
        /** @description The body is the JSON envelope. */
        "content-type": "application/json";
        /** @description Names the sender and the payload schema version. */
        "user-agent": "wallet-card-service-webhooks/1.1";
        /** @description Lowercase hex HMAC-SHA256 of the raw body with the application's webhook secret of the delivery's mode (test and live each have their own; while a rolled secret is pending, a receiver may hold both and accept either). Compare in constant time; answer 401 on a mismatch. The example is the signature of this operation's example body, serialized compactly, with the example secret `whsec_KMvHjwZ8MmcPmhjSx6V4DHPLU5IERA9zRwp5BWmL`. */
        "x-service-signature": string;
        /** @description Payload schema version of the envelope; the same as its `schema_version`. */
        "x-service-schema-version": "1.1";
        /** @description The envelope's id; use it to drop duplicates. */
        "x-service-event-id": string;
        /** @description The delivery (one per event and endpoint). */
        "x-service-delivery-id": string;
        /** @description Standard Webhooks: the event's id, the same on every retry and replay. See /webhooks/security#standard-webhooks. */
        "webhook-id": string;
        /** @description Standard Webhooks: this attempt's time in unix seconds (the envelope's `sent_at`). Refuse one more than 5 minutes from your clock. */
        "webhook-timestamp": string;
        /** @description Standard Webhooks: `v1,` + base64 HMAC-SHA256 of `webhook-id.webhook-timestamp.body`, keyed by the secret's part after `whsec_` base64-decoded (what the standard's libraries do with the secret as the console shows it). During a secret roll one signature per secret, space-separated. The example is this operation's example body's, with the example secret. */
        "webhook-signature": string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": components["schemas"]["PayoutFailedEvent"];
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
  webhook_payout_returned: {
    parameters: {
      query?: never;
      header: {
        /** @description The body is the JSON envelope. */
        "content-type": "application/json";
        /** @description Names the sender and the payload schema version. */
        "user-agent": "wallet-card-service-webhooks/1.1";
        /** @description Lowercase hex HMAC-SHA256 of the raw body with the application's webhook secret of the delivery's mode (test and live each have their own; while a rolled secret is pending, a receiver may hold both and accept either). Compare in constant time; answer 401 on a mismatch. The example is the signature of this operation's example body, serialized compactly, with the example secret `whsec_KMvHjwZ8MmcPmhjSx6V4DHPLU5IERA9zRwp5BWmL`. */
        "x-service-signature": string;
        /** @description Payload schema version of the envelope; the same as its `schema_version`. */
        "x-service-schema-version": "1.1";
        /** @description The envelope's id; use it to drop duplicates. */
        "x-service-event-id": string;
        /** @description The delivery (one per event and endpoint). */
        "x-service-delivery-id": string;
        /** @description Standard Webhooks: the event's id, the same on every retry and replay. See /webhooks/security#standard-webhooks. */
        "webhook-id": string;
        /** @description Standard Webhooks: this attempt's time in unix seconds (the envelope's `sent_at`). Refuse one more than 5 minutes from your clock. */
        "webhook-timestamp": string;
        /** @description Standard Webhooks: `v1,` + base64 HMAC-SHA256 of `webhook-id.webhook-timestamp.body`, keyed by the secret's part after `whsec_` base64-decoded (what the standard's libraries do with the secret as the console shows it). During a secret roll one signature per secret, space-separated. The example is this operation's example body's, with the example secret. */
        "webhook-signature": string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": components["schemas"]["PayoutReturnedEvent"];
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
  webhook_payout_canceled: {
    parameters: {
      query?: never;
      header: {
        /** @description The body is the JSON envelope. */
        "content-type": "application/json";
        /** @description Names the sender and the payload schema version. */
        "user-agent": "wallet-card-service-webhooks/1.1";
        /** @description Lowercase hex HMAC-SHA256 of the raw body with the application's webhook secret of the delivery's mode (test and live each have their own; while a rolled secret is pending, a receiver may hold both and accept either). Compare in constant time; answer 401 on a mismatch. The example is the signature of this operation's example body, serialized compactly, with the example secret `whsec_KMvHjwZ8MmcPmhjSx6V4DHPLU5IERA9zRwp5BWmL`. */
        "x-service-signature": string;
        /** @description Payload schema version of the envelope; the same as its `schema_version`. */
        "x-service-schema-version": "1.1";
        /** @description The envelope's id; use it to drop duplicates. */
        "x-service-event-id": string;
        /** @description The delivery (one per event and endpoint). */
        "x-service-delivery-id": string;
        /** @description Standard Webhooks: the event's id, the same on every retry and replay. See /webhooks/security#standard-webhooks. */
        "webhook-id": string;
        /** @description Standard Webhooks: this attempt's time in unix seconds (the envelope's `sent_at`). Refuse one more than 5 minutes from your clock. */
        "webhook-timestamp": string;
        /** @description Standard Webhooks: `v1,` + base64 HMAC-SHA256 of `webhook-id.webhook-timestamp.body`, keyed by the secret's part after `whsec_` base64-decoded (what the standard's libraries do with the secret as the console shows it). During a secret roll one signature per secret, space-separated. The example is this operation's example body's, with the example secret. */
        "webhook-signature": string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": components["schemas"]["PayoutCanceledEvent"];
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
