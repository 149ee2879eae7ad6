// Opens a details page's link: the first request within its 10 minutes gets the card's details,
// every other one learns only that the link has expired. Spending the link and reading the card
// happen in one statement's claim (usedAt set where it was null), so two racing requests cannot
// both see the number.
import type { Db } from "@/lib/db/client";
import { cardDetails } from "./card-details";
import type { CardDetails } from "./card-number";
import { hashDetailsToken, isDetailsToken } from "./details-session-token";

export type DetailsPageOutcome =
  | {
      kind: "shown";
      /** The one origin that may frame the page. */
      origin: string;
      details: CardDetails & { expMonth: number; expYear: number };
    }
  /** Used, past its 10 minutes, for a card canceled since, or never issued; `origin` when known. */
  | { kind: "expired"; origin: string | null };

export async function openDetailsSession(db: Db, token: string, now = new Date()): Promise<DetailsPageOutcome> {
  if (!isDetailsToken(token)) return { kind: "expired", origin: null };
  const tokenHash = hashDetailsToken(token);
  const { count } = await db.cardDetailsSession.updateMany({
    where: { tokenHash, usedAt: null, expiresAt: { gt: now } },
    data: { usedAt: now },
  });
  const session = await db.cardDetailsSession.findUnique({ where: { tokenHash }, include: { card: true } });
  if (!session) return { kind: "expired", origin: null };
  if (count !== 1 || session.card.status === "canceled") return { kind: "expired", origin: session.origin };
  const details = await cardDetails(db, session.card);
  return {
    kind: "shown",
    origin: session.origin,
    details: { ...details, expMonth: session.card.expMonth, expYear: session.card.expYear },
  };
}
