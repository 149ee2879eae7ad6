// Card operations: issue a virtual card.
import { cardWriteResponseSchema, issueCardBodySchema } from "@/lib/schemas/card";
import { defineOperation } from "./define";

export const issueCardOperation = defineOperation({
  operationId: "issueCard",
  method: "POST",
  path: "/api/public/sdk/v1/cards",
  surface: "sdk",
  summary: "Issue a virtual card",
  description:
    "Issues a virtual card on the user's wallet and fires `card.issued`. The card's currency must equal the wallet's. Only last4 and expiry are ever returned. In live mode with a card processor configured (Lithic) the card is created there first; if the processor refuses, the answer is 502 `processor_error`, if it cannot be reached, 503 `processor_unavailable` with Retry-After, and nothing is created. `processor` says who manages the card: `simulator` cards reach no card network.",
  tags: ["Cards"],
  scope: "cards:write",
  body: issueCardBodySchema,
  success: { status: 201, description: "The card.", schema: cardWriteResponseSchema },
  errors: [
    "unsupported_currency",
    "amount_precision",
    "currency_mismatch",
    "wallet_not_found",
    "wallet_not_active",
    "processor_error",
    "processor_unavailable",
  ],
});
