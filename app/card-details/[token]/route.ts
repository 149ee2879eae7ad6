// GET /card-details/{token}: the one-time page showing a card's details to its holder, framed by
// the origin its session named (lib/cards/open-details-session.ts; details-page.ts for its headers).
import { prisma } from "@/lib/db/client";
import { openDetailsSession } from "@/lib/cards/open-details-session";
import { detailsPageResponse } from "./details-page";

// Every request spends its link: never prerendered nor cached.
export const dynamic = "force-dynamic";

export async function GET(_request: Request, context: { params: Promise<{ token: string }> }): Promise<Response> {
  const { token } = await context.params;
  return detailsPageResponse(await openDetailsSession(prisma(), token));
}

// Next.js answers HEAD with GET when HEAD is not exported, which would spend the link unseen
// (link checkers and previews send HEAD).
export function HEAD(): Response {
  return new Response(null, { status: 405, headers: { Allow: "GET", "Cache-Control": "no-store" } });
}
