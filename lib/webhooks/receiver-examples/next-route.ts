// A webhook receiver as a Next.js App Router route handler: save it as app/api/webhooks/route.ts
// and copy lib/webhooks/verify.ts (node:crypto only) into your project beside it.
import { verifyWebhookRequest } from "@/lib/webhooks/verify";

const MAX_AGE_MS = 5 * 60 * 1000;
const seen = new Set<string>(); // event ids already processed; use a table with a unique key in production

export async function POST(request: Request): Promise<Response> {
  // Comma-separated: the mode's current secret, and while a rolled one is pending, that one too.
  const secrets = (process.env.WEBHOOK_SECRETS ?? "")
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
  if (secrets.length === 0)
    throw new Error("Set WEBHOOK_SECRETS to your application's webhook secret(s), comma-separated");

  // Reads the raw body and checks its signature against each secret in constant time (401 when none
  // matches): the Standard Webhooks headers when present (their signed timestamp must be within 5
  // minutes, which also stops replays), else x-service-signature. Then parses the envelope.
  const event = await verifyWebhookRequest(request, secrets);
  if (event instanceof Response) return event;

  const age = Date.now() - Date.parse(event.sent_at);
  // Written this way round so an unreadable sent_at (NaN) is refused too.
  if (!(Math.abs(age) <= MAX_AGE_MS)) return new Response("stale sent_at", { status: 400 });
  if (seen.has(event.id)) return new Response("duplicate", { status: 200 });
  seen.add(event.id);
  console.log(`accepted ${event.id} ${event.event}`); // your processing goes here
  return new Response("ok", { status: 200 });
}
