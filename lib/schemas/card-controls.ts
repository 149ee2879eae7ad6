// Shapes for reading and controlling existing cards: the card path parameter and the card list.
import { z } from "zod";
import { CARD_EXAMPLE, cardSchema } from "./card";
import { EXAMPLE_IDS } from "./examples";
import { listSchema } from "./pagination";

export const cardPathSchema = z.object({
  id: z.string().min(1).max(64).meta({ description: "The card's id.", example: EXAMPLE_IDS.card }),
});

export const cardListSchema = listSchema(cardSchema, "CardList", {
  object: "list",
  data: [CARD_EXAMPLE],
  has_more: false,
  next_cursor: null,
});
