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
    "Issues a virtual card on the user's wallet and fires `card.issued`. The card's currency must equal the wallet's. Only last4 and expiry are ever returned.",
  tags: ["Cards"],
  scope: "cards:write",
  body: issueCardBodySchema,
  success: { status: 201, description: "The card.", schema: cardWriteResponseSchema },
  errors: ["unsupported_currency", "amount_precision", "currency_mismatch", "wallet_not_found", "wallet_not_active"],
});
