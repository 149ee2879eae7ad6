// Operations on existing cards: read, update (spending controls), freeze, unfreeze, cancel, and a
// wallet's card list.
import { cardSchema, cardWriteResponseSchema, updateCardBodySchema } from "@/lib/schemas/card";
import { cardListSchema, cardPathSchema } from "@/lib/schemas/card-controls";
import { listQuerySchema } from "@/lib/schemas/pagination";
import { walletPathSchema } from "@/lib/schemas/wallet";
import { defineOperation } from "./define";

/** What a card managed by a processor (Lithic) adds to each status change. */
const PROCESSOR_NOTE =
  "A card whose `processor` is `lithic` changes at Lithic first: if Lithic refuses, the answer is 502 `processor_error`, if it cannot be reached, 503 `processor_unavailable` with Retry-After, and the card stays as it was.";

const control = <const A extends "freeze" | "unfreeze" | "cancel">(action: A, summary: string, description: string) =>
  defineOperation({
    operationId: `${action}Card`,
    method: "POST",
    path: `/api/public/sdk/v1/cards/{id}/${action}`,
    surface: "sdk",
    summary,
    description: `${description} ${PROCESSOR_NOTE}`,
    tags: ["Cards"],
    scope: "cards:write",
    params: cardPathSchema,
    success: { status: 200, description: "The card with its new status.", schema: cardWriteResponseSchema },
    errors: [
      "card_not_found",
      ...(action === "cancel" ? [] : (["card_not_active"] as const)),
      "processor_error",
      "processor_unavailable",
    ],
  });

export const getCardOperation = defineOperation({
  operationId: "getCard",
  method: "GET",
  path: "/api/public/sdk/v1/cards/{id}",
  surface: "sdk",
  summary: "Retrieve a card",
  tags: ["Cards"],
  scope: "cards:read",
  params: cardPathSchema,
  success: { status: 200, description: "The card.", schema: cardSchema },
  errors: ["card_not_found"],
});

export const updateCardOperation = defineOperation({
  operationId: "updateCard",
  method: "POST",
  path: "/api/public/sdk/v1/cards/{id}",
  surface: "sdk",
  summary: "Update a card's spending controls",
  description:
    "Sets the card's `spendingControls` and/or its `spendLimit` (the per_authorization limit without categories). `spendingControls` replaces the whole set of controls the card had, except its `spendLimit`, which changes only when the request names it (`spendLimit`, or a per_authorization limit without categories inside `spendingControls`): a `spendingControls` without one keeps the card's `spendLimit`, and the answer shows it as `spendLimit` and as the first of `spendingControls.spendingLimits`; `spendLimit: null` removes it. Spends check the card's controls and its wallet's after the card's status and before the wallet's funds, and decline with `spending_limit_exceeded`, `category_blocked` or `country_blocked`. A window limit counts approved spends less what is later released (reversed, expired, or the uncaptured rest of a partial capture) in the calendar window (UTC) the spend was approved in; a limit added during a window counts that window's earlier spending too. Malformed controls answer 400 naming the field and change nothing. The answer carries `spending`, each window limit's use now.",
  tags: ["Cards"],
  scope: "cards:write",
  params: cardPathSchema,
  body: updateCardBodySchema,
  success: { status: 200, description: "The card with its controls and spending.", schema: cardWriteResponseSchema },
  errors: ["card_not_found", "amount_precision"],
});

export const freezeCardOperation = control(
  "freeze",
  "Freeze a card",
  "A frozen card declines every spend (402 `card_inactive`) until unfrozen. Freezing a frozen card changes nothing; a canceled card answers 409 `card_not_active`. No body.",
);

export const unfreezeCardOperation = control(
  "unfreeze",
  "Unfreeze a card",
  "Lets a frozen card spend again. Unfreezing an active card changes nothing; a canceled card answers 409 `card_not_active`. No body.",
);

export const cancelCardOperation = control(
  "cancel",
  "Cancel a card",
  "Cancels the card for good: every later spend declines with `card_inactive`. Holds it placed before stay capturable. Canceling twice changes nothing. No body.",
);

export const listWalletCardsOperation = defineOperation({
  operationId: "listWalletCards",
  method: "GET",
  path: "/api/public/sdk/v1/wallets/{externalUserId}/cards",
  surface: "sdk",
  summary: "List a wallet's cards",
  description: "Newest first, paged with `limit` and `starting_after`.",
  tags: ["Cards"],
  scope: "cards:read",
  params: walletPathSchema,
  query: listQuerySchema,
  success: { status: 200, description: "A page of cards.", schema: cardListSchema },
  errors: ["wallet_not_found"],
});
