// Opens a details page's link: the first reveal within its 10 minutes gets the card's details,
// every other one learns only that the link has expired; a peek says whether it still can, spending nothing. Spending the link and reading the card
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

/**
 * What the page's first request may learn without spending the link: whether it can still open, and
 * the origin that may frame it. The details are opened later, by openDetailsSession, once the page
 * has checked in the browser that it is framed by that origin (app/card-details/[token]/).
 */
export async function peekDetailsSession(
  db: Db,
  token: string,
  now = new Date(),
): Promise<{ kind: "open"; origin: string } | { kind: "expired"; origin: string | null }> {
  if (!isDetailsToken(token)) return { kind: "expired", origin: null };
  const session = await db.cardDetailsSession.findUnique({
    where: { tokenHash: hashDetailsToken(token) },
    select: { origin: true, usedAt: true, expiresAt: true, card: { select: { status: true } } },
  });
  if (!session) return { kind: "expired", origin: null };
  const open = session.usedAt === null && session.expiresAt > now && session.card.status !== "canceled";
  return open ? { kind: "open", origin: session.origin } : { kind: "expired", origin: session.origin };
}

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
