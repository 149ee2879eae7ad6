// Card details: a one-time link to a page of ours that shows a card's number, expiry and CVC to its
// holder, so the application's servers never handle them.
import { cardPathSchema } from "@/lib/schemas/card-controls";
import { cardDetailsSessionSchema, createCardDetailsSessionBodySchema } from "@/lib/schemas/card-details";
import { defineOperation } from "./define";

export const createCardDetailsSessionOperation = defineOperation({
  operationId: "createCardDetailsSession",
  method: "POST",
  path: "/api/public/sdk/v1/cards/{id}/details-sessions",
  surface: "sdk",
  summary: "Show a card's details to its holder",
  description:
    'Answers a link (`url`) to a small page of ours showing the card\'s full number, expiry and CVC, each with a copy button. Put it in an iframe on `origin`: the page may be framed only there (`Content-Security-Policy: frame-ancestors`), is never cached, sends no referrer, and works once, within 10 minutes; afterwards it answers 410, "this link has expired". The number and CVC appear in no API answer, webhook or log. A canceled card answers 409 `card_canceled`. See the guide "Showing a card to its holder" in the README.\n\n' +
    "**Embed it**: your server makes the session for the signed-in holder's card, your page frames its `url`:\n\n" +
    "```html\n" +
    '<iframe src="URL FROM THE SESSION" title="Card details" allow="clipboard-write"\n' +
    '        width="360" height="230" style="border:0"></iframe>\n' +
    "```\n\n" +
    "Make a new session each time the holder asks, and never log `url`: it opens the card once. Live mode needs an `https` origin; test mode also takes `http://localhost:<port>`. Test card numbers start with 424242.\n\n" +
    "**A card whose `processor` is `lithic`**: its number and CVC are held by Lithic, so `url` is Lithic's own embedded card page (`/v1/embed/card`, signed by us with Lithic's scheme), framed the same way. Lithic cannot limit it to one opening, so it works for 60 seconds (`expiresAt`) instead of 10 minutes, and Lithic posts the holder's clicks to `origin` only.",
  tags: ["Cards"],
  scope: "cards:details",
  params: cardPathSchema,
  body: createCardDetailsSessionBodySchema,
  success: { status: 201, description: "The details session and its one-time link.", schema: cardDetailsSessionSchema },
  errors: ["card_not_found", "card_canceled", "card_details_unavailable"],
});
