// Shapes for reading and controlling existing cards: the card path parameter and the card list.
import { z } from "zod";
import { cardSchema } from "./card";
import { listSchema } from "./pagination";

export const cardPathSchema = z.object({
  id: z.string().min(1).max(64).meta({ description: "The card's id.", example: "card_9QwE2rTy6UiO0pAs4DfG8hJk" }),
});

export const cardListSchema = listSchema(cardSchema, "CardList");
