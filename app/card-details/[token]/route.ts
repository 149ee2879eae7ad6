// /card-details/{token}: the one-time page showing a card's details to its holder, framed by the
// origin its session named. GET serves the page and spends nothing; the page's script, once it has
// checked in the browser that it is framed by that origin, POSTs back here for the details, which
// spends the link (lib/cards/open-details-session.ts; details-page.ts for the page and its headers).
import { prisma } from "@/lib/db/client";
import { openDetailsSession, peekDetailsSession } from "@/lib/cards/open-details-session";
import {
  detailsJsonResponse,
  detailsPageResponse,
  expiredPageResponse,
  notFramedPageResponse,
  REVEAL_HEADER,
  revealRefusedResponse,
} from "./details-page";

// Every request reads the link's state: never prerendered nor cached.
export const dynamic = "force-dynamic";

export async function GET(request: Request, context: { params: Promise<{ token: string }> }): Promise<Response> {
  // A browser says what it loads the page as; anything but a frame (a tab, a preview's document) gets
  // nothing. A client that says nothing gets the page, whose script checks the frame itself.
  const destination = request.headers.get("sec-fetch-dest");
  if (destination !== null && destination !== "iframe") return notFramedPageResponse();
  const { token } = await context.params;
  const peek = await peekDetailsSession(prisma(), token);
  return peek.kind === "open" ? detailsPageResponse(peek.origin) : expiredPageResponse(peek.origin);
}

export async function POST(request: Request, context: { params: Promise<{ token: string }> }): Promise<Response> {
  // Only the page's own script: same origin (when the browser says), and the header it sends, which a
  // form or another site's script cannot send here without a CORS grant we never give.
  const site = request.headers.get("sec-fetch-site");
  if ((site !== null && site !== "same-origin") || request.headers.get(REVEAL_HEADER) !== "reveal") {
    return revealRefusedResponse(403);
  }
  const { token } = await context.params;
  const outcome = await openDetailsSession(prisma(), token);
  return outcome.kind === "shown" ? detailsJsonResponse(outcome.details) : revealRefusedResponse(410);
}

// Next.js answers HEAD with GET when HEAD is not exported; a HEAD is no way to see the card.
export function HEAD(): Response {
  return new Response(null, { status: 405, headers: { Allow: "GET, POST", "Cache-Control": "no-store" } });
}
