// OpenAPI operations for reading and controlling existing cards, from the same zod shapes the routes validate with.
import type { ZodOpenApiPathsObject } from "zod-openapi";
import { cardSchema, cardWriteResponseSchema } from "@/lib/schemas/card";
import { cardListSchema, cardPathSchema } from "@/lib/schemas/card-controls";
import { listQuerySchema } from "@/lib/schemas/pagination";
import { walletPathSchema } from "@/lib/schemas/wallet";
import { sdkOperation } from "../operation";

const control = (action: "freeze" | "unfreeze" | "cancel", summary: string, description: string) =>
  sdkOperation({
    operationId: `${action}Card`,
    summary,
    description,
    tags: ["Cards"],
    scope: "cards:write",
    write: true,
    requestParams: { path: cardPathSchema },
    success: { status: 200, description: "The card with its new status.", schema: cardWriteResponseSchema },
    errors: ["card_not_found", ...(action === "cancel" ? [] : (["card_not_active"] as const))],
  });

export const cardControlPaths: ZodOpenApiPathsObject = {
  "/api/public/sdk/v1/cards/{id}": {
    get: sdkOperation({
      operationId: "getCard",
      summary: "Retrieve a card",
      tags: ["Cards"],
      scope: "cards:read",
      requestParams: { path: cardPathSchema },
      success: { status: 200, description: "The card.", schema: cardSchema },
      errors: ["card_not_found"],
    }),
  },
  "/api/public/sdk/v1/cards/{id}/freeze": {
    post: control(
      "freeze",
      "Freeze a card",
      "A frozen card declines every spend (402 `card_inactive`) until unfrozen. Freezing a frozen card changes nothing; a canceled card answers 409 `card_not_active`. No body.",
    ),
  },
  "/api/public/sdk/v1/cards/{id}/unfreeze": {
    post: control(
      "unfreeze",
      "Unfreeze a card",
      "Lets a frozen card spend again. Unfreezing an active card changes nothing; a canceled card answers 409 `card_not_active`. No body.",
    ),
  },
  "/api/public/sdk/v1/cards/{id}/cancel": {
    post: control(
      "cancel",
      "Cancel a card",
      "Cancels the card for good: every later spend declines with `card_inactive`. Holds it placed before stay capturable. Canceling twice changes nothing. No body.",
    ),
  },
  "/api/public/sdk/v1/wallets/{externalUserId}/cards": {
    get: sdkOperation({
      operationId: "listWalletCards",
      summary: "List a wallet's cards",
      description: "Newest first, paged with `limit` and `starting_after`.",
      tags: ["Cards"],
      scope: "cards:read",
      requestParams: { path: walletPathSchema, query: listQuerySchema },
      success: { status: 200, description: "A page of cards.", schema: cardListSchema },
      errors: ["wallet_not_found"],
    }),
  },
};
